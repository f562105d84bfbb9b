import Testing
@testable import ECMARegex

/// The portable matcher's run cache (a greedy one-character quantifier remembers the run of accepted
/// characters it scanned) and the failures it lets a lookaround keep by run (`(?=.*X)` that fails at one
/// position fails up to the end of that line). Verdicts from node 20.
@Suite("Portable run cache and lookaround failures by run")
struct PortableRunCacheTests {
    static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

    /// Patterns whose quantifiers run again from later positions of a run, lookarounds led by a run on
    /// subjects with line terminators (where a failure must not carry over), and lookbehinds led by one.
    static let cases: [PortableCase] = [
        PortableCase("(?=.*\\d)(?=.*[A-Z])", "", repeated("a", 30_000) + "Z" + repeated("a", 30_000) + "7", true, "lookahead"),
        PortableCase("(?=.*\\d)(?=.*[A-Z])", "s", "aaa\nZ\n1", true, "lookahead, dotAll"),
        PortableCase("(?=.*\\d)(?=.*[A-Z])", "", "aaa\nZ\n1", false, "lookahead, lines"),
        PortableCase("(?=.*\\d)", "", repeated("a", 100) + "\n1", true, "lookahead, lines"),
        PortableCase("(?=.*\\d)x", "", "ax\nx1", true, "lookahead, lines"),
        PortableCase("(?=.*\\d)x", "", "ax\n1x", false, "lookahead, lines"),
        PortableCase("(?!.*\\d)x", "", "1x\nx", true, "negative lookahead"),
        PortableCase("(?!.*\\d)x", "", "x1", false, "negative lookahead"),
        PortableCase("(?=[^,]*,)[a-z]", "", repeated("ab", 50) + ",x", true, "lookahead led by a class"),
        PortableCase("(?=[^,]*,)[a-z]\\d", "", repeated("ab", 50) + ",x1", false, "lookahead led by a class"),
        PortableCase("(?<=\\d.*)x", "", "1" + repeated("a", 1_000) + "\n" + repeated("a", 1_000) + "x", false, "lookbehind, lines"),
        PortableCase("(?<=\\d.*)x", "", "1" + repeated("a", 2_000) + "x", true, "lookbehind"),
        PortableCase("(?<=\\d.*)x", "", repeated("a", 1_000) + "x1" + repeated("a", 1_000) + "x", true, "lookbehind"),
        PortableCase("(?=(?=(?=(?=.*z).*y).*x).*w)", "", repeated("a", 60_000) + "wxyz", true, "nested lookahead"),
        PortableCase("(?=(?=(?=(?=.*z).*y).*x).*w)", "", repeated("a", 3_000) + "wxy", false, "nested lookahead"),
        PortableCase("(?=(?=(?=(?=.*z).*y).*x).*w)", "", repeated("a", 100) + "wxy\nz", false, "nested lookahead, lines"),
        PortableCase("(?=(?=(?=(?=.*z).*y).*x).*w)", "", repeated("a", 100) + "\nwxyz", true, "nested lookahead, lines"),
        PortableCase("(?=.*\\d)[a-z]", "", "AAA\nbbb1", true, "start guard with first characters"),
        PortableCase("(?=.*\\d)[a-z]", "", "bbb\n1AAb", false, "start guard with first characters"),
        PortableCase("(?=.*\\d)[a-z]", "", "bbb\nAb1", true, "start guard with first characters"),
        PortableCase("a*b", "", repeated("a", 300) + "b", true, "run from later starts"),
        PortableCase("a*c", "", repeated("a", 300) + "b", false, "run from later starts"),
        PortableCase("^(?:a*,)*$", "", "aa,a,,aaa,", true, "run in a loop"),
        PortableCase("x*y", "", "xxyxxxz", true, "two runs"),
        PortableCase("[a-c]+d", "", "abcabcabce abcd", true, "two runs"),
        PortableCase("(?<=a+)b", "", "aaab", true, "backward run"),
        PortableCase("(?<=^a+)b", "", "caaab", false, "backward run"),
        PortableCase("(?<=\\s[a-z]*)x", "", "ab cdx", true, "backward run"),
        PortableCase("(?<=\\s[a-z]*)x", "", "ab-cdx", false, "backward run"),
        PortableCase("^(a+)+$", "", repeated("a", 200) + "!", false, "memo skip over words"),
        PortableCase("^(a+)+$", "", repeated("a", 200), true, "memo skip over words"),
        PortableCase("(?<=^(a+)+)!", "", repeated("a", 200) + "!", true, "memo skip backward"),
    ]

    @Test("Quantifiers that meet a run again and lookarounds led by a run keep node's verdicts", arguments: cases)
    func verdicts(_ testCase: PortableCase) throws {
        let regex = try ECMARegex(testCase.pattern, flags: testCase.flags, forcing: .portable)
        #expect(try regex.test(testCase.input) == testCase.expected)
    }

    @Test("An unanchored lookahead led by .* fails in linear steps on 64 KiB: a verdict within the default budget, not limit")
    func unanchoredLookaheadIsLinear() throws {
        // node 20: false (at 1,024 units; at 64 KiB it needs seconds). Before runs were kept, every start
        // position scanned the rest of the subject and the default budget ran out.
        for (pattern, flags) in [("(?=.*\\d)(?=.*[A-Z])", ""), ("(?=.*\\d)(?=.*[A-Z])", "s"), ("(?=.*\\d)(?=.*[A-Z])", "iu")] {
            let program = PortableCompiler.compile(try ParsedPattern(pattern, flags: flags), whole: false)
            #expect(try !PortableMatcher.matches(program, Self.repeated("a", 65_536), scanningFrom: .max), "/\(pattern)/\(flags)")
            // With `i`, [A-Z] also matches `a`: the digit at the end then makes it true.
            #expect(
                try PortableMatcher.matches(program, Self.repeated("a", 65_535) + "1", scanningFrom: .max) == flags.contains("i"),
                "/\(pattern)/\(flags) 1")
        }
        let nested = PortableCompiler.compile(try ParsedPattern("(?=(?=(?=(?=.*z).*y).*x).*w)"), whole: false)
        #expect(try !PortableMatcher.matches(nested, Self.repeated("a", 65_536), scanningFrom: .max))
    }

    // These call the matcher with `scanningFrom: .max`: the scan for required characters would answer them
    // before any matching, and these tests are about what matching costs.
    @Test("Unanchored and nested lookaheads led by .* answer within the per-character allowance alone (linear steps)")
    func stepsAreLinear() throws {
        // Budget 0 leaves the allowance of PortableMatcher.stepsPerCharacter steps per character: the first
        // start scans the run and gives it back by the character \d needs, and every later start is
        // skipped by the failure kept for that run. Quadratic work would run out and answer limit.
        for pattern in ["(?=.*\\d)(?=.*[A-Z])", "(?=(?=(?=(?=.*z).*y).*x).*w)", "(?=.*\\d)[a-z]"] {
            let program = PortableCompiler.compile(try ParsedPattern(pattern), whole: false)
            #expect(try !PortableMatcher.matches(program, Self.repeated("a", 4_096), budget: 0, scanningFrom: .max), "/\(pattern)/")
        }
        do {
            // Without the allowance, the same answer runs out of steps: the budget is still counted.
            let program = PortableCompiler.compile(try ParsedPattern("(?=.*\\d)(?=.*[A-Z])"), whole: false)
            _ = try PortableMatcher.matches(program, Self.repeated("a", 4_096) + "1", budget: -16_000, scanningFrom: .max)
            Issue.record("no limit")
        } catch {
            #expect(error.kind == .limit)
        }
    }

    @Test("Start guards: the run-led positive lookaheads an attempt meets before consuming, through groups and other lookarounds")
    func startGuards() throws {
        func guards(_ pattern: String) throws -> [Int] {
            PortableCompiler.compile(try ParsedPattern(pattern), whole: false).startGuards
        }
        #expect(try guards("(?=.*\\d)(?=.*[A-Z])") == [0, 1])
        #expect(try guards("(?=(?=(?=(?=.*z).*y).*x).*w)") == [0])
        #expect(try guards("\\b(?!x)((?=[^,]*,))") == [0])
        // Not met at every start: after a character, in an alternative, in a negative lookahead, backward.
        #expect(try guards("a(?=.*\\d)") == [])
        #expect(try guards("(?=.*\\d)|b") == [])
        #expect(try guards("(?!.*\\d)") == [])
        #expect(try guards("(?<=.*\\d)") == [])
        #expect(try guards("(?=.{0,5}\\d)") == [])
        // Back-references make a lookaround depend on more than the position: no guards.
        #expect(try guards("(?=.*(\\d))\\1") == [])
    }

    @Test("Memo conditions are flattened: per point, a (kind, register, value) triple for each enclosing loop with a positive minimum")
    func memoConditions() throws {
        let program = PortableCompiler.compile(try ParsedPattern("^(?:(a+)+b)*$"), whole: false)
        let points = program.memoPoints.count
        #expect(program.memoConditions.count >= points + 1)
        for point in 0..<points {
            var expected: [Int] = []
            for loop in program.memoPoints[point].loops where program.loops[loop].min > 0 {
                expected += [0, program.loops[loop].register, program.loops[loop].min]
            }
            let range = program.memoConditions[point]..<program.memoConditions[point + 1]
            #expect(Array(program.memoConditions[range]) == expected, "point \(point)")
        }
        #expect(program.memoConditions[points] == program.memoConditions.count)
        // The outer `*` (minimum 0) never conditions a point; the inner `+` (minimum 1) does.
        #expect(program.memoConditions.count > points + 1)
        // node 20: false, true.
        #expect(try !PortableMatcher.matches(program, String(repeating: "a", count: 20) + "!", scanningFrom: .max))
        #expect(try PortableMatcher.matches(program, String(repeating: "aab", count: 1_000), scanningFrom: .max))
    }

    @Test("Every greedy one-character quantifier up to the limit gets a run slot; lazy and single steps get none")
    func runSlots() throws {
        let program = PortableCompiler.compile(try ParsedPattern("a*b+?c{2,}d?e{3}"), whole: false)
        let runs = program.instructions.compactMap { instruction -> Int32? in
            if case .repeatSingle(_, _, _, _, _, let run) = instruction { return run }
            return nil
        }
        #expect(runs == [0, -1, 1, -1, 2])
        #expect(program.runSlotCount == 3)
        let many = PortableCompiler.compile(try ParsedPattern(String(repeating: "a*", count: 40)), whole: false)
        #expect(many.runSlotCount == PortableCompiler.runSlotLimit)
    }
}
