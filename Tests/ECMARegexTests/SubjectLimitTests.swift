@testable import ECMARegex
import Testing

@Suite("Subject length cap")
struct SubjectLimitTests {
    @Test("A value at the cap is matched; one byte more is a limit error before any matching")
    func cap() throws {
        let regex = try ECMARegex("a$")
        let atCap = String(repeating: "b", count: ECMARegex.maximumSubjectLength - 1) + "a"
        #expect(try regex.test(atCap))
        let error = try #require(throws: ECMARegexError.self) { try regex.test(atCap + "a") }
        #expect(error.kind == .limit)
        #expect(error.message.contains("longer than"))
        // Multi-byte characters count in UTF-8 bytes.
        let wide = String(repeating: "é", count: ECMARegex.maximumSubjectLength / 2 + 1)
        #expect(throws: ECMARegexError.self) { try regex.test(wide) }
    }
}
