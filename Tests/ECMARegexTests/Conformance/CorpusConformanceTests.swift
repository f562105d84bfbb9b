import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

/// The node-generated differential corpus (`Specs/regex/corpus`, see its README). Fails on any
/// disagreement with node; `unsupported` and `limit` answers are counted, reported with their
/// reasons, and held under a ceiling so an engine that refuses everything cannot pass.
@Suite("Differential corpus against node (V8)")
struct CorpusConformanceTests {
    /// Highest share of each file's cases the engine may answer `unsupported`.
    ///
    /// Valid JavaScript is never refused: what PCRE2 cannot match exactly runs on the portable matcher,
    /// so every file's ceiling is zero.
    static let unsupportedCeiling: [String: Double] = [
        "case-folding.jsonl": 0,
        "catalogue.jsonl": 0,
        "credential.jsonl": 0,
        "es2025.jsonl": 0,
        "limits.jsonl": 0,
        "properties.jsonl": 0,
        "random.jsonl": 0,
        "syntax.jsonl": 0,
        "unicode.jsonl": 0,
        "whole.jsonl": 0,
    ]

    /// Highest share of the whole corpus answered `unsupported`: none.
    static let totalUnsupportedCeiling = 0.0

    @Test("The corpus folder holds exactly the expected files, with at least 20,000 cases")
    func corpusIsComplete() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ConformanceData.corpus.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(names == ConformanceData.corpusFiles)
        let files = try ConformanceData.loadedCorpus.get()
        let cases = files.reduce(0) { $0 + $1.cases.count }
        #expect(cases >= 20_000)
        for file in files {
            #expect(file.cases.allSatisfy { $0.category + ".jsonl" == file.name }, "\(file.name): a case is filed under another category")
        }
    }

    @Test("Every row of the difference catalogue (Tools/regex-corpus/catalogue.js) is covered", arguments: [
        "L1", "L2", "L3", "L4", "L5", "L6", "C1", "C2", "C3", "C4",
        "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10",
        "K1", "K2", "K3", "K4", "K5", "K6", "B1", "B2", "B3", "B4", "B5",
        "N1", "N2", "N3", "LB1", "LB2", "LB3", "LB4", "Q1", "Q2", "Q3", "Q4", "Q5",
        "I1", "I2", "I3", "I4", "P1", "P2", "P3", "P4", "P5", "V1", "F1", "F2", "S1", "S2", "R1",
        "D1", "D2", "M1", "M2", "V2", "X1",
    ])
    func rowIsCovered(row: String) throws {
        let files = try ConformanceData.loadedCorpus.get()
        let cases = files.flatMap(\.cases).filter { $0.row == row }
        #expect(cases.count >= 10, "row \(row) has \(cases.count) cases")
    }

    @Test("The engine agrees with node on every case of the file", arguments: ConformanceData.corpusFiles)
    func agreesWithNode(fileName: String) throws {
        let tallies = try ConformanceData.corpusTallies.get()
        let tally = try #require(tallies[fileName], "\(fileName) was not loaded")
        print(tally.report(maxDisagreements: 25).joined(separator: "\n"))
        #expect(tally.total > 0)
        for disagreement in tally.disagreements.prefix(40) {
            let c = disagreement.corpusCase
            Issue.record("[\(c.row)] /\(CorpusTally.visible(c.pattern))/\(c.flags) on \"\(CorpusTally.visible(c.input))\": \(disagreement.explanation); engine: \(disagreement.answer)")
        }
        #expect(tally.disagreed == 0, "\(tally.disagreed) disagreements with node in \(fileName)")
        #expect(tally.pendingNowPassing.isEmpty,
                "\(tally.pendingNowPassing.count) pending cases pass now; remove them from Specs/regex/pending-*.txt: \(tally.pendingNowPassing.prefix(10))")
    }

    @Test("Every limit family is in the corpus, with node's time")
    func limitsFamilies() throws {
        let files = try ConformanceData.loadedCorpus.get()
        let limits = try #require(files.first { $0.name == "limits.jsonl" })
        let families = Set(limits.cases.compactMap(\.family))
        #expect(families.isSuperset(of: [
            "pattern-length", "nesting", "lookahead-quadratic", "password-rule", "backref-loop", "nested-quantifier", "counted-repeat",
            "linear-alternation",
        ]))
        #expect(limits.cases.allSatisfy { $0.expect == .syntax || $0.nodeMs != nil || $0.oracle == "v8-linear" })
        #expect(limits.cases.allSatisfy { $0.expect == .syntax || $0.slow == (($0.nodeMs ?? .infinity) > 100) })
        #expect(limits.cases.contains { $0.pattern.utf16.count == 46_277 })
        #expect(limits.cases.contains { $0.pattern.hasPrefix(String(repeating: "(", count: 201) + "a") })
    }

    @Test("The share answered unsupported stays under the file's ceiling", arguments: ConformanceData.corpusFiles)
    func unsupportedShareIsBounded(fileName: String) throws {
        let tallies = try ConformanceData.corpusTallies.get()
        let tally = try #require(tallies[fileName])
        let ceiling = try #require(Self.unsupportedCeiling[fileName], "no ceiling declared for \(fileName)")
        let reasons = tally.refusalReasons.sorted { $0.value > $1.value }.map { "\($0.value) × \($0.key)" }.joined(separator: "\n")
        #expect(tally.unsupportedShare <= ceiling,
                "\(fileName): \(tally.unsupported) of \(tally.total) unsupported (\(tally.unsupportedShare * 100)%), ceiling \(ceiling * 100)%\n\(reasons)")
    }

    @Test("The share of the whole corpus answered unsupported stays under the ceiling")
    func totalUnsupportedShareIsBounded() throws {
        let tallies = try ConformanceData.corpusTallies.get()
        var total = CorpusTally(name: "corpus total")
        for name in tallies.keys.sorted() { total.merge(tallies[name]!) }
        let percent = (total.unsupportedShare * 1000).rounded() / 10
        print("corpus total: \(total.total) cases (+\(total.knownTotal) known-skew, \(total.knownAgreed) of them agree), "
            + "\(total.disagreed) disagreements, unsupported \(total.unsupported) (\(percent)%), limit \(total.limited)")
        for (reason, count) in total.refusalReasons.sorted(by: { $0.value > $1.value }) { print("    \(count) × \(reason)") }
        #expect(total.total >= 20_000)
        #expect(total.unsupportedShare <= Self.totalUnsupportedCeiling,
                "\(total.unsupported) of \(total.total) cases unsupported (\(percent)%)")
    }
}
