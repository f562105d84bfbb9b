import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

@Suite("Worst-case family")
struct WorstCaseTests {
    static let directory = ConformanceData.regexSpecs.appendingPathComponent("worst-case")

    static let family: WorstCaseFamily = {
        do throws(ConformanceError) {
            return try WorstCaseFamily.load(from: directory)
        } catch {
            return WorstCaseFamily(cases: [])
        }
    }()

    @Test("The worst-case data loads and covers every family at every input length")
    func loads() throws {
        let family = try WorstCaseFamily.load(from: Self.directory)
        let families = Set(family.cases.map(\.family))
        for name in [
            "lookahead-unanchored", "lookahead-nested", "counted-repeat", "nested-quantifier", "overlapping-alternation",
            "back-reference", "lookbehind", "class-strings", "cap-length",
            // the limit families, also in corpus/limits.jsonl
            "lookahead-quadratic", "password-rule", "backref-loop", "linear-alternation",
        ] {
            #expect(families.contains(name), "\(name)")
        }
        let counts = Set(family.cases.filter { $0.family == "lookahead-nested" }.map(\.count))
        #expect(counts == [8, 64, 1_024, 65_536])
        #expect(family.cases.contains { $0.fullPattern.utf16.count == 32_768 })
        #expect(family.cases.contains { $0.fullPattern.utf16.count > 46_277 })
        #expect(family.cases.allSatisfy { $0.input.utf16.count <= 65_536 }, "the worst-case target covers subjects of at most 64 KiB")
    }

    /// The worst-case cases of the pending lists expected to fail in `configuration` of this build:
    /// the selected backend of the default build is `default`; the portable matcher (forced, or the
    /// selected one of the trait-off build) is `trait-off`.
    static func expectedFailures(_ configuration: WorstCaseFamily.Configuration) -> [String: String] {
        let build: PendingList.Build = ConformanceData.build == .pcre2 && configuration == .selected ? .pcre2 : .portable
        return ((try? ConformanceData.pending.get()) ?? PendingList(entries: [])).expectedFailures(in: build)
            .filter { $0.key.hasPrefix("worst-case/") }
    }

    /// Cases where node answers within a second but the portable matcher exhausts its step budget
    /// (calibrated for about 10 ms at 64 KiB): linear matches needing more than about 20 steps per
    /// character. Their overlapping alternations make PCRE2's estimated backtracking large, so the selection
    /// sends these 64 KiB subjects to the portable matcher too, which may answer `limit` in both configurations.
    /// Each is listed so none is skipped silently.
    static let portableBudgetShortfalls: Set<String> = [
        "/^(a|ab|abc)*d/i 21845", "/^(?:\\p{L}|\\p{N}|x)*$/iu 65535", "/^\\p{RGI_Emoji}+$/v 32767",
        // A back-reference repeated over a run: node needs 0.97-1.42 s (the data says false from a run under 1 s).
        "/^(a+)\\1*b/ 65536",
    ]

    @Test("Every case gets node's verdict, or limit where node needs more than a second", arguments: [
        WorstCaseFamily.Configuration.selected, .portable,
    ])
    func verdicts(_ configuration: WorstCaseFamily.Configuration) throws {
        #expect(!Self.family.cases.isEmpty)
        _ = try ConformanceData.pending.get()
        let expectedFailures = Self.expectedFailures(configuration)
        for testCase in Self.family.cases {
            let answer: EngineAnswer
            var answeredBy = ECMARegex.Backend.portable
            do throws(ECMARegexError) {
                let regex =
                    switch configuration {
                    case .selected: try ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode)
                    case .portable:
                        try ECMARegex(
                            testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode, forcing: .portable)
                    }
                answeredBy = regex.backend(forSubjectOfLength: testCase.input.utf8.count)
                answer = .match(try regex.test(testCase.input))
            } catch {
                answer = .error(error)
            }
            let key = "\(testCase.label) \(testCase.count)"
            if answeredBy == .portable, Self.portableBudgetShortfalls.contains(key),
                case .error(let error) = answer, error.kind == .limit
            {
                continue
            }
            if expectedFailures[testCase.pendingKey] != nil {
                #expect(!testCase.accepts(answer), "\(testCase.pendingKey) passes now; remove it from Specs/regex/pending-limits.txt")
                continue
            }
            #expect(testCase.accepts(answer), "\(key): \(answer)")
        }
    }

    @Test("Where node ran out of time, the two backends never give different verdicts")
    func backendsAgree() throws {
        for testCase in Self.family.cases where testCase.expect == .limit {
            let selected = try? ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode)
                .test(testCase.input)
            let portable = try? ECMARegex(
                testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode, forcing: .portable
            ).test(testCase.input)
            if let selected, let portable {
                #expect(selected == portable, "\(testCase.label) on \(testCase.count) × unit")
            }
        }
    }

    @Test("Every listed budget shortfall is a case of the data")
    func shortfallsExist() {
        let keys = Set(Self.family.cases.map { "\($0.label) \($0.count)" })
        #expect(Self.portableBudgetShortfalls.isSubset(of: keys))
    }

    @Test("Every pending worst-case key names a case of the data")
    func pendingCasesExist() throws {
        let keys = Set(Self.family.cases.map(\.pendingKey))
        let listed = try ConformanceData.pending.get().entries.map(\.key).filter { $0.hasPrefix("worst-case/") }
        #expect(listed.allSatisfy(keys.contains), "\(listed.filter { !keys.contains($0) })")
    }

    @Test("A case's acceptance follows node's verdict")
    func acceptance() {
        let limit = ECMARegexError(kind: .limit, message: "budget", offset: nil)
        var testCase = WorstCaseFamily.Case(
            family: "f", pattern: "a", patternRepeat: nil, flags: "", unit: "a", count: 2, suffix: "", mode: nil,
            expect: .match(true))
        #expect(testCase.accepts(.match(true)))
        #expect(!testCase.accepts(.match(false)))
        #expect(!testCase.accepts(.error(limit)))
        testCase.expect = .limit
        #expect(testCase.accepts(.match(false)))
        #expect(testCase.accepts(.error(limit)))
        #expect(!testCase.accepts(.error(ECMARegexError(kind: .syntax, message: "x", offset: nil))))
        #expect(testCase.input == "aa")
    }
}
