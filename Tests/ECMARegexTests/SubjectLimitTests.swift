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

@Suite("Compile cost of dotAll under i")
struct DotAllCaselessTests {
    @Test("Many `.` under isu/isv compile and match exactly (any code point, newlines and astral included)")
    func dotAllCaseless() throws {
        for flags in ["isu", "isv"] {
            let regex = try ECMARegex("^" + String(repeating: ".", count: 2_000) + "$", flags: flags)
            #expect(try regex.test(String(repeating: "\n😀A", count: 666) + "ab"))
            #expect(try !regex.test(String(repeating: "a", count: 1_999)))
        }
    }
}
