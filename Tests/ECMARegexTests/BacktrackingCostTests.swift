import Testing
@testable import ECMARegex

@Suite("Backtracking cost bound")
struct BacktrackingCostTests {
    static func cost(_ pattern: String, flags: String = "", whole: Bool = false) throws -> BacktrackingCost {
        let parsed = try ParsedPattern(pattern, flags: flags)
        return BacktrackingCost(parsed.root, flags: parsed.flags, whole: whole)
    }

    @Test("An anchored lookahead policy grows linearly with the subject")
    func anchoredPolicyIsLinear() throws {
        let cost = try Self.cost("^(?=.*\\d)(?=.*[A-Z]).{8,}$")
        let small = cost.steps(subjectLength: 1_000)
        let large = cost.steps(subjectLength: 10_000)
        #expect(large / small < 11)
        #expect(large / small > 9)
    }

    @Test("Unanchored lookaheads grow quadratically, and PCRE2 keeps only short subjects")
    func unanchoredLookaheadsAreQuadratic() throws {
        let cost = try Self.cost("(?=.*\\d)(?=.*[A-Z])")
        let ratio = cost.steps(subjectLength: 10_000) / cost.steps(subjectLength: 1_000)
        #expect(ratio > 90 && ratio < 110)
        let longest = try #require(cost.longestSubject(within: RegexEngine.pcre2StepBudget, ceiling: 1 << 20))
        #expect(longest > 64 && longest < 65_536)
        #expect(cost.steps(subjectLength: longest) <= RegexEngine.pcre2StepBudget)
        #expect(cost.steps(subjectLength: longest + 1) > RegexEngine.pcre2StepBudget)
    }

    @Test("Nested and overlapping quantifiers are exponential; disjoint alternatives are not")
    func exponentialShapes() throws {
        #expect(try Self.cost("(a+)+$").steps(subjectLength: 200) == .infinity)
        #expect(try Self.cost("^(a|a)*$").steps(subjectLength: 2_000) == .infinity)
        #expect(try Self.cost("^(?:a|b)*$").steps(subjectLength: 2_000) < 100_000)
        #expect(try Self.cost("^(?:[a-z]|\\d)+$", flags: "i").steps(subjectLength: 2_000) < 100_000)
    }

    @Test("Whole-value mode counts as anchored; a back-reference costs the subject length")
    func wholeAndBackreference() throws {
        let search = try Self.cost("(?=.*\\d)a", whole: false).steps(subjectLength: 1_000)
        let whole = try Self.cost("(?=.*\\d)a", whole: true).steps(subjectLength: 1_000)
        #expect(whole * 500 < search)
        #expect(try Self.cost("^(a)\\1").steps(subjectLength: 1_000) > 1_000)
    }

    @Test("The selection answers long subjects of a quadratic lookahead pattern on the portable matcher")
    func selectionDependsOnLength() throws {
        let regex = try ECMARegex("(?=.*\\d)(?=.*[A-Z])")
        guard regex.backend == .pcre2 else { return }  // a build without the PCRE2 trait
        #expect(regex.backend(forSubjectOfLength: 8) == .pcre2)
        #expect(regex.backend(forSubjectOfLength: 65_536) == .portable)
        #expect(try !regex.test(String(repeating: "a", count: 1_024)))
        #expect(try regex.test(String(repeating: "a", count: 1_024) + "1Z"))
    }

    @Test("Nested quantifiers without lookarounds also leave PCRE2 where their backtracking would be large; a linear policy never does")
    func selectionWithoutLookarounds() throws {
        let nested = try ECMARegex("(a+)+$")
        guard nested.backend == .pcre2 else { return }  // a build without the PCRE2 trait
        #expect(nested.backend(forSubjectOfLength: 1_024) == .portable)
        // node 20: false (the memoized portable matcher answers at once, where PCRE2 reached its match limit).
        #expect(try !nested.test(String(repeating: "a", count: 64) + "!"))
        let linear = try ECMARegex("^[^\\s]{8,64}$")
        #expect(linear.backend(forSubjectOfLength: 64) == .pcre2)
        #expect(linear.backend(forSubjectOfLength: 65_536) == .pcre2)
    }

    @Test("Lookaround results memoized by position keep node's verdicts")
    func memoizedLookarounds() throws {
        // node 20: false, false, true, true, false.
        let nested = try ECMARegex("^(?=.*(?=.*(?=.*a)b)c)", forcing: .portable)
        #expect(try !nested.test(String(repeating: "a", count: 1_024)))
        let unanchored = try ECMARegex("(?=.*\\d)(?=.*[A-Z])", forcing: .portable)
        #expect(try !unanchored.test(String(repeating: "a", count: 1_024)))
        #expect(try nested.test(String(repeating: "x", count: 1_000) + "cba"))
        #expect(try unanchored.test(String(repeating: "a", count: 1_000) + "Z" + String(repeating: "b", count: 20) + "7"))
        #expect(try !nested.test(String(repeating: "x", count: 1_000) + "cab"))
    }
}
