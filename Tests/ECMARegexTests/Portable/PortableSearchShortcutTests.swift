import Testing
@testable import ECMARegex

/// Shortcuts that keep the portable matcher's answers where node answers in milliseconds: large
/// alternations dispatched on the next character, room checked before a back-reference compares, back-
/// references to captures no path has set left out, and positions where a leading class of strings cannot
/// start skipped. Each keeps ECMAScript's verdicts (node 24.19.0's, in `cases`) and cuts the steps a search
/// takes (checked against the step budget, never a clock).
@Suite("Portable matcher: search shortcuts")
struct PortableSearchShortcutTests {
    static let cases: [PortableCase] = [
        // Alternations of eight branches or more dispatch on the next character; order and captures hold.
        PortableCase("^(a|ab|abc|abcd|b|bc|c|x)\\1$", "", "abab", true, "dispatch"),
        PortableCase("^(a|ab|abc|abcd|b|bc|c|x)\\1$", "", "abcabc", true, "dispatch"),
        PortableCase("^(a|ab|abc|abcd|b|bc|c|x)\\1$", "", "abca", false, "dispatch"),
        PortableCase("^(?:a|b|c|d|e|f|g|h)+$", "", "abcdefgh", true, "dispatch"),
        PortableCase("^(?:a|b|c|d|e|f|g|h)+$", "", "abci", false, "dispatch"),
        PortableCase("(?:foo|bar|baz|qux|quux|corge|grault|garply)x", "", "xxgarplyx", true, "dispatch"),
        PortableCase("(?:foo|bar|baz|qux|quux|corge|grault|garply)x", "", "bazz", false, "dispatch"),
        PortableCase("^(?:a|b|c|d|e|f|g|)$", "", "", true, "dispatch, an empty branch"),
        PortableCase("^(?:a|b|c|d|e|f|g|)$", "", "h", false, "dispatch, an empty branch"),
        PortableCase("^(?:(?=a)ab|b|c|d|e|f|g|h)$", "", "ab", true, "dispatch, a lookahead first"),
        PortableCase("^(?:(?=a)ab|b|c|d|e|f|g|h)$", "", "a", false, "dispatch, a lookahead first"),
        PortableCase("^(?:k|l|m|n|o|p|q|r)$", "iu", "\u{212A}", true, "dispatch under i"),
        PortableCase("^(?:k|l|m|n|o|p|q|r)$", "i", "\u{212A}", false, "dispatch under i"),
        PortableCase("^(?:😀|😁|a|b|c|d|e|f)$", "u", "😁", true, "dispatch, astral"),
        PortableCase("^(?:😀|😁|a|b|c|d|e|f)$", "", "😁", true, "dispatch, astral"),
        PortableCase("(?<=a|b|c|d|e|f|g|h)x", "", "hx", true, "alternation in a lookbehind"),
        PortableCase("(?<=a|b|c|d|e|f|g|h)x", "", "ix", false, "alternation in a lookbehind"),
        PortableCase("(?i:a|b|c|d|e|f|g|h)", "", "H", true, "dispatch under a modifier"),
        PortableCase("^(?:[a-c]x|[b-d]y|[c-e]z|\\dw|\\sv|.u|a|b)$", "", "cz", true, "dispatch, overlapping classes"),
        PortableCase("^(?:[a-c]x|[b-d]y|[c-e]z|\\dw|\\sv|.u|a|b)$", "", "!u", true, "dispatch, overlapping classes"),
        PortableCase("^(?:[a-c]x|[b-d]y|[c-e]z|\\dw|\\sv|.u|a|b)$", "", "ey", false, "dispatch, overlapping classes"),
        // A back-reference compares only where the rest of the match has room.
        PortableCase("^(.+)\\1$", "", "abcabc", true, "room after a back-reference"),
        PortableCase("^(.+)\\1$", "", "abcabcd", false, "room after a back-reference"),
        PortableCase("^(.+)\\1x$", "", "abab", false, "room after a back-reference"),
        PortableCase("^(.+)\\1x$", "", "ababx", true, "room after a back-reference"),
        PortableCase("(.+)\\1", "", "xyzyz", true, "room after a back-reference"),
        PortableCase("^(?:(a+)\\1)+$", "", "aaaa", true, "room after a back-reference"),
        PortableCase("^(?:(a+)\\1)+$", "", "aaa", false, "room after a back-reference"),
        PortableCase("^(.+)\\1(?=$)", "", "abab", true, "room after a back-reference"),
        PortableCase("^(.+)\\1$", "m", "abab\nx", true, "room after a back-reference, m"),
        PortableCase("^(.+)\\1\\d{2}$", "", "abab12", true, "room after a back-reference"),
        PortableCase("^(.+)\\1\\d{2}$", "", "abab1", false, "room after a back-reference"),
        // Back-references before their group closes match empty.
        PortableCase("^(a\\1)$", "", "a", true, "unset back-reference"),
        PortableCase("\\1(a)", "", "a", true, "unset back-reference"),
        PortableCase("^(?:\\1b|(a))+$", "", "aab", true, "unset back-reference"),
        PortableCase("(?<=\\1(a))b", "", "aab", true, "back-reference in a lookbehind"),
        PortableCase("(?<=\\1(a))b", "", "ab", false, "back-reference in a lookbehind"),
        PortableCase("^((?:.?\\1([0-9]+)){3,}(?:[-a-z]+)?)$", "", "1-2-3ab", true, "unset back-reference"),
        PortableCase("^((?:.?([0-9]+)(?<=\\1)){3,}(?:[-a-z]+)?)$", "i", "12-34x5", true, "unset back-reference"),
        // A leading class of strings skips the positions where none of it starts.
        PortableCase("\\p{RGI_Emoji}+$", "v", String(repeating: "0", count: 20) + "😀", true, "leading strings"),
        PortableCase("\\p{RGI_Emoji}+$", "v", "a0", false, "leading strings"),
        PortableCase("[\\q{ab|cd}]x", "v", "zzcdx", true, "leading strings"),
        PortableCase("[\\q{ab|cd}]x", "v", "zzcd", false, "leading strings"),
        PortableCase("[\\q{ab|cd|}]x", "v", "x", true, "leading strings with the empty string"),
    ]

    @Test("node's verdict on the portable matcher and on the selected backend", arguments: cases)
    func verdict(_ testCase: PortableCase) throws {
        #expect(try ECMARegex(testCase.pattern, flags: testCase.flags, forcing: .portable).test(testCase.input) == testCase.expected)
        #expect(try ECMARegex(testCase.pattern, flags: testCase.flags).test(testCase.input) == testCase.expected)
    }

    static func program(_ pattern: String, flags: String = "") throws -> PortableProgram {
        PortableCompiler.compile(try ParsedPattern(pattern, flags: flags), whole: false)
    }

    static func backtracking(_ program: PortableProgram, _ subject: String, budget: Int) throws -> Bool {
        try PortableMatcher.matches(program, subject, budget: budget, engine: .backtracking)
    }

    /// 3,969 two-character branches then `aa` (V8's regress-crbug-482998 shape).
    static let largeAlternation: String = {
        var branches: [String] = []
        for value in UInt32(128)...4095 {
            var branch = String.UnicodeScalarView()
            branch.append(Unicode.Scalar(96 + value % 26)!)
            branch.append(Unicode.Scalar(value)!)
            branches.append(String(branch))
        }
        return "(?:" + branches.joined(separator: "|") + "|aa)"
    }()

    @Test("A large alternation dispatches on the next character, and a short one stays a chain of splits")
    func dispatchIsUsed() throws {
        let large = try Self.program(Self.largeAlternation)
        #expect(large.dispatchTables.count == 1)
        #expect(try Self.program("(?:a|b|c)").dispatchTables.isEmpty)
        // Every branch starts anywhere: nothing to dispatch on.
        #expect(try Self.program("(?:a?|b?|c?|d?|e?|f?|g?|h?)").dispatchTables.isEmpty)
        // 50 positions try the handful of branches starting with `x`: far below the budget a split chain of
        // 3,970 branches per position needs (about 600,000 steps).
        #expect(try !Self.backtracking(large, String(repeating: "x", count: 50), budget: 60_000))
        #expect(try Self.backtracking(large, "xxxxaa", budget: 60_000))
        #expect(try Self.backtracking(large, "x" + "x\u{80}", budget: 60_000))
    }

    @Test("A back-reference that leaves no room for the rest of the match compares nothing")
    func backreferenceRoom() throws {
        let anchored = try Self.program("^(.+)\\1$")
        // Without the end-of-subject check, every length up to 1,500 would be compared (about 190,000 steps).
        #expect(try !Self.backtracking(anchored, String(repeating: "abc", count: 1_000) + "d", budget: 40_000))
        let search = try Self.program("(.*)\\1")
        // Only the characters compared cost steps: a mismatch at the first one is cheap at every length.
        #expect(try Self.backtracking(search, "aA1!" + String(repeating: " \t", count: 1_026), budget: 40_000))
    }

    @Test("Back-references inside their own group are left out, so the pattern is memoized like one without")
    func unsetBackreferences() throws {
        let program = try Self.program("^((?:.?\\1([0-9]+)){3,}(?:[-a-z]+)?)$", flags: "d")
        #expect(program.memoizesLookarounds)
        #expect(!program.instructions.contains { if case .backreference = $0 { true } else { false } })
        #expect(try !Self.backtracking(program, "6191263-3580910\u{E9}0a699--ni\u{1F3FB}", budget: 60_000))
        // A back-reference after its group closes is kept.
        #expect(try Self.program("(a)\\1").instructions.contains { if case .backreference = $0 { true } else { false } })
        #expect(PortableCompiler.hasEffectiveBackreference(try ParsedPattern("(?<=\\1(a))b").root))
        #expect(!PortableCompiler.hasEffectiveBackreference(try ParsedPattern("(?<=(a)\\1)b").root))
    }

    @Test("A search for a leading class of strings skips positions none of its strings starts at")
    func leadingStrings() throws {
        let program = try Self.program("\\p{RGI_Emoji}+$", flags: "v")
        #expect(program.startClass != nil)
        #expect(try Self.program("^\\p{RGI_Emoji}+$", flags: "v").startClass == nil)
        #expect(try Self.program("[\\q{ab|cd|}]x", flags: "v").startClass == nil)
        // About two steps a rejected position; running the program there took six.
        #expect(try !PortableMatcher.matches(program, String(repeating: "0", count: 65_535), budget: 200_000))
    }
}
