import ECMARegex
import Testing

@Suite("Subjects shorter than any match are answered before matching")
struct MinimumLengthTests {
    // Verdicts from node 20 (`new RegExp(pattern, flags).test(subject)`).
    @Test("Patterns with lookarounds (compiled without PCRE2's start optimizations) answer short and exact-length subjects as node does",
          arguments: [
              // (pattern, flags, subject, node's verdict)
              (#"^(?=(?:.*\d){2})(?=(?:.*[A-Z]){2}).{10,}$"#, "u", "A1B2cdefg", false),
              (#"^(?=(?:.*\d){2})(?=(?:.*[A-Z]){2}).{10,}$"#, "u", "A1B2cdefgh", true),
              (#"(?=0)a?0"#, "", "0", true),
              (#"(?=.*\d).{3}"#, "", "1a", false),
              (#"(?=.*\d).{3}"#, "", "1ab", true),
              (#"(?<=a)b{2}"#, "", "ab", false),
              (#"(?<=a)b{2}"#, "", "abb", true),
              (#"^(?=é).{2}$"#, "u", "é", false),                // two bytes, one character
              (#"^(?=é).{2}$"#, "u", "éa", true),
              (#"^(?=\uD83D).{2}$"#, "", "😀", true),            // one astral character, two code units
              (#"(?=a)[\q{abc}x]"#, "v", "ab", false),           // a string counts as at least one
              (#"(?=a)[\q{abc}x]"#, "v", "abc", true),
              (#"(?=a)(?:)"#, "", "a", true),
              (#"(?!a)"#, "", "", true),
          ])
    func shortSubjects(pattern: String, flags: String, subject: String, expected: Bool) throws {
        let regex = try ECMARegex(pattern, flags: flags)
        // Three times: before and after the JIT code tiers up.
        for _ in 0..<3 { #expect(try regex.test(subject) == expected, "/\(pattern)/\(flags) on \(subject.debugDescription)") }
    }
}
