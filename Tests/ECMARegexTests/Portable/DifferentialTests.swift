import Testing
@testable import ECMARegex
import ECMARegexConformance

/// A bounded slice of the seeded differential run (`regex-diff` runs millions in release mode).
@Suite("PCRE2 and the portable matcher agree")
struct DifferentialTests {
    @Test("On seeded random patterns and subjects, every case both backends answer agrees",
          .enabled(if: RegexEngine.hasPCRE2, "needs the PCRE2 backend"), arguments: [11, 12] as [UInt64])
    func randomCases(seed: UInt64) {
        var run = DifferentialRun()
        run.run(seed: seed, count: 3_000)
        print("differential seed \(seed): \(run.summary)")
        #expect(run.compared >= 2_000, "\(run.summary)")
        for disagreement in run.disagreements.prefix(20) { Issue.record("\(disagreement)") }
        #expect(run.disagreements.isEmpty)
    }
}
