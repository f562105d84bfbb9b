import Foundation
import Testing
@testable import ECMARegex
import ECMARegexConformance

/// The node-generated corpus (`Specs/regex/corpus`) answered by the portable matcher alone, and the two
/// backends compared case by case where both answer.
@Suite("Portable matcher on the corpus")
struct PortableCorpusTests {
    /// The portable matcher answers as in the `trait-off` build, so the `trait-off` pending cases apply.
    static let portableTallies: Result<[String: CorpusTally], ConformanceError> = ConformanceData.loadedCorpus.flatMap { files in
        ConformanceData.pending.map { pending in
            let expected = pending.expectedFailures(in: .portable)
            var tallies: [String: CorpusTally] = [:]
            for file in files {
                tallies[file.name] = ConformanceRun.tally(file, evaluator: RegexEvaluator(forcing: .portable), expectedFailures: expected)
            }
            return tallies
        }
    }

    @Test("The portable matcher agrees with node on every case of the file", arguments: ConformanceData.corpusFiles)
    func portableAgreesWithNode(fileName: String) throws {
        let tallies = try Self.portableTallies.get()
        let tally = try #require(tallies[fileName])
        print(tally.report(maxDisagreements: 25).joined(separator: "\n"))
        #expect(tally.total > 0)
        for disagreement in tally.disagreements.prefix(40) {
            let c = disagreement.corpusCase
            Issue.record("[\(c.row)] /\(CorpusTally.visible(c.pattern))/\(c.flags) on \"\(CorpusTally.visible(c.input))\": \(disagreement.explanation); portable: \(disagreement.answer)")
        }
        #expect(tally.disagreed == 0, "\(tally.disagreed) disagreements with node in \(fileName)")
        #expect(tally.pendingNowPassing.isEmpty,
                "\(tally.pendingNowPassing.count) pending cases pass now on the portable matcher; remove them from Specs/regex/pending-*.txt: \(tally.pendingNowPassing.prefix(10))")
        #expect(tally.unsupported == 0, "\(tally.unsupported) cases unsupported in \(fileName)")
    }
}
