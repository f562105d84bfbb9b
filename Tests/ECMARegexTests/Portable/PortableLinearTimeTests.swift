import Testing
@testable import ECMARegex

/// The limit families ("answers where the web answers") on the portable matcher, which must answer
/// everything node 24 answers within 100 ms, and everything the PCRE2 build answers: quadratic lookaheads
/// on long values, a back-reference in a loop, nested quantifiers and counted repeats, and linear loops
/// longer than a backtracking depth allows. Verdicts from node 24.19.0 (V8 13.6); the milliseconds it
/// took are in the comments. Every case runs on the portable matcher and on the selected backend, in both
/// builds (with and without the PCRE2 trait).
@Suite("Portable matcher: answers where node answers")
struct PortableLinearTimeTests {
    static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

    static let passwordRule = "^.*(?=.{8,})(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@#$%^&+=]).*$"

    static let cases: [PortableCase] = [
        // Quadratic lookahead on long input (node 24: 5 ms, 52 ms, 32 ms, 27 ms).
        PortableCase("^.*(?=.*\\d).*$", "", "Aa1!" + repeated("x", 1_500), true, "lookahead after .*"),
        PortableCase(passwordRule, "", "Aa1@" + repeated("x", 1_500), true, "password rule"),
        PortableCase(passwordRule, "", "Aa1" + repeated("x", 1_500), false, "password rule"),
        PortableCase(passwordRule, "", repeated("x", 1_500), false, "password rule"),
        PortableCase(passwordRule, "", repeated("x", 65_532) + "Aa1@", true, "password rule"),
        // A back-reference in a loop (node 24: 71 ms, 2 ms, under 1 ms).
        PortableCase("^(?:(\\d+)\\1?)+$", "", repeated("1", 17) + "!", false, "back-reference in a loop"),
        PortableCase("^(?:(\\d+)\\1?)+$", "", repeated("12", 8) + "!", false, "back-reference in a loop"),
        PortableCase("^(?:(\\d+)\\1?)+$", "", repeated("1", 17), true, "back-reference in a loop"),
        PortableCase("^(?:(\\d+)\\1?)+$", "", "1212343456", true, "back-reference in a loop"),
        // Counted repeats (node 24: 42-80 ms each; b's: under 2 ms).
        PortableCase("(.*a){20}", "", repeated("a", 20), true, "counted repeat"),
        PortableCase("(.*a){20}", "", repeated("a", 20) + "!", true, "counted repeat"),
        PortableCase("(.*a){20}", "", repeated("a", 40), true, "counted repeat"),
        PortableCase("(.*a){20}", "", repeated("a", 65_535), true, "counted repeat"),
        PortableCase("(.*a){20}", "", repeated("a", 19) + "!", false, "counted repeat"),
        PortableCase("(.*a){20}", "", repeated("b", 1_000), false, "counted repeat"),
        // Nested quantifiers on runs that match (node 24: under 11 ms).
        PortableCase("^(?:a*)*$", "", repeated("a", 65_535), true, "nested quantifiers"),
        PortableCase("^(a+)+$", "", repeated("a", 65_535), true, "nested quantifiers"),
        PortableCase("^(\\w+\\s?)*$", "", repeated("a", 65_535), true, "nested quantifiers"),
        PortableCase("^(a|a?)+$", "", repeated("a", 65_535), true, "nested quantifiers"),
        // Linear loops the PCRE2 build answers (node 24: under 14 ms).
        PortableCase("^(a|bc)*$", "", repeated("a", 65_535), true, "linear loop"),
        PortableCase("^(a|bc)*$", "", repeated("a", 65_535) + "!", false, "linear loop"),
        PortableCase("^(a|bc)*$", "", repeated("bc", 32_767), true, "linear loop"),
        PortableCase("^(?:a|bc)*$", "", repeated("a", 65_535), true, "linear loop"),
        PortableCase("^(?:a|bc)*$", "", repeated("a", 65_535) + "!", false, "linear loop"),
        PortableCase("^(?:ab|a)*$", "", repeated("a", 65_535), true, "linear loop"),
        PortableCase("^(?:ab|a)*$", "", repeated("a", 65_535) + "!", false, "linear loop"),
        PortableCase("^(?:ab|a)*$", "", repeated("ab", 32_767) + "!", false, "linear loop"),
    ]

    @Test("node's verdict, never limit, on the portable matcher", arguments: cases)
    func portable(_ testCase: PortableCase) throws {
        let regex = try ECMARegex(testCase.pattern, flags: testCase.flags, forcing: .portable)
        #expect(try regex.test(testCase.input) == testCase.expected)
    }

    @Test("node's verdict, never limit, on the backend the engine selects", arguments: cases)
    func selected(_ testCase: PortableCase) throws {
        let regex = try ECMARegex(testCase.pattern, flags: testCase.flags)
        #expect(try regex.test(testCase.input) == testCase.expected)
    }

    /// A backtracking matcher needs quadratic or exponential steps on these (node 24 needs more than 3 s
    /// on each); no match exists, since no atom matches `!`. The automaton (no lookaround, no back-reference) answers them at any length.
    @Test("Nested quantifiers fail in linear steps", arguments: ["^(?:a*)*$", "^(a+)+$", "^(\\w+\\s?)*$", "^(a|a?)+$"])
    func nestedQuantifiersAreLinear(_ pattern: String) throws {
        let regex = try ECMARegex(pattern, forcing: .portable)
        #expect(try !regex.test(Self.repeated("a", 40_000) + "!"))
    }

    /// The lookahead retried at every position of `.*` is answered once per position: linear steps (about
    /// 12 a character, so answered up to about 25,000 characters within the budget), where node 24 needs
    /// 0.6 s at 10,000 characters and more than 3 s at 64 KiB.
    @Test("A lookahead retried at every start is answered once per position")
    func lookaheadAfterGreedyIsLinear() throws {
        let regex = try ECMARegex("^.*(?=.*\\d).*$", forcing: .portable)
        #expect(try regex.test("Aa1!" + Self.repeated("x", 20_000)))
        let rule = try ECMARegex(Self.passwordRule, forcing: .portable)
        #expect(try !rule.test(Self.repeated("x", 10_000)))
        #expect(try rule.test("Aa1@" + Self.repeated("x", 10_000)))
    }

    /// A back-reference outside the loop's iteration: the loop head's memo applies only where no capture
    /// can be read before it is set again; these stay exact.
    @Test("Memo points with back-references keep the captures a later step reads", arguments: [
        // node 24 verdicts.
        PortableCase("^(?:(a+)b)*\\1$", "", "aabaaabaaa", true, "capture read after the loop"),
        PortableCase("^(?:(a+)b)*\\1$", "", "aabaaabaa", false, "capture read after the loop"),
        PortableCase("^(?:(a+)b)+c\\1", "", repeated("ab", 30) + "c" + "a", true, "capture read after the loop"),
        PortableCase("^(?:(\\d+)\\1?)+x\\1$", "", "1212x12", true, "capture read after the loop"),
        PortableCase("^(?:(\\d+)\\1?)+x\\1$", "", "1212x1", false, "capture read after the loop"),
        PortableCase("^(?:(a)|b)+\\1$", "", "abba", false, "capture reset by an iteration that does not set it"),
        PortableCase("^(?:(a)|b)+\\1$", "", "ab", true, "capture reset by an iteration that does not set it"),
    ])
    func backreferenceLiveness(_ testCase: PortableCase) throws {
        let regex = try ECMARegex(testCase.pattern, flags: testCase.flags, forcing: .portable)
        #expect(try regex.test(testCase.input) == testCase.expected)
    }

    @Test("Points where a capture may still be read are off; others keep their memo")
    func liveness() throws {
        func enabled(_ pattern: String) throws -> [Bool] {
            let program = PortableCompiler.compile(try ParsedPattern(pattern), whole: false)
            return (0..<program.memoPoints.count).map { program.memoConditions[program.memoConditions[$0]] != 3 }
        }
        // The loop head: group 1 is reset by the next iteration or never read again.
        #expect(try enabled("^(?:(\\d+)\\1?)+$").contains(true))
        // Read after the loop: every point in or before it keeps group 1 live.
        #expect(try !enabled("^(?:(\\d+)\\1?)+x\\1$").contains(true))
    }

    /// Counted repeats and nullable loops: the memo keeps one slot per count of a bounded loop, and the
    /// empty-iteration check's start where it equals the position. node 24 verdicts.
    @Test("Memo slots for counted loops and nullable loops keep ECMAScript's answers", arguments: [
        PortableCase("^(?:a|ab){3}c$", "", "aababc", true, "counted"),
        PortableCase("^(?:a|ab){3}c$", "", "aabababc", false, "counted"),
        PortableCase("^(?:a*b?){3}$", "", "aabab", true, "counted, nullable"),
        PortableCase("^(?:a*b?){2}$", "", "ababab", false, "counted, nullable"),
        PortableCase("^(?:(?:a*)*b){2,3}$", "", "aabab", true, "nested nullable"),
        PortableCase("^(?:(?:a*)*b){2,3}$", "", "babab" + "ab", false, "nested nullable"),
        PortableCase("^(?:a?){5}a{5}$", "", repeated("a", 5), true, "nullable counted"),
        PortableCase("^(?:a?){5,}a{5}$", "", repeated("a", 5), true, "nullable counted"),
        PortableCase("^(?:x*(?=a))*a$", "", "xxa", true, "empty iteration with a lookahead"),
        PortableCase("^(?:(?:.*a){3}b)+$", "", "aaabaaab", true, "counted inside unbounded"),
        PortableCase("^(?:(?:.*a){3}b)+$", "", "aabb", false, "counted inside unbounded"),
    ])
    func slots(_ testCase: PortableCase) throws {
        let regex = try ECMARegex(testCase.pattern, flags: testCase.flags, forcing: .portable)
        #expect(try regex.test(testCase.input) == testCase.expected)
        // After 4,000 failed starts the memo is on (it starts after a few thousand steps); with `m` the
        // pattern's anchors match at the last line, which is the case's input.
        let long = try ECMARegex(testCase.pattern, flags: testCase.flags + "m", forcing: .portable)
        #expect(try long.test(Self.repeated("q", 4_000) + "\n" + testCase.input) == testCase.expected)
    }
}
