import Foundation
import ECMARegexConformance

/// `ecma-regex conformance [DIR]`: runs the JSON-Schema-Test-Suite files and the differential corpus
/// under DIR (default `Specs/regex`), prints per-file counts, disagreements, the unsupported share
/// with reasons, and `N passed, M failed`; exits 1 on any disagreement.
enum ConformanceCommand {
    static let usage = "usage: ecma-regex conformance [DIR]   (default Specs/regex)"

    static func run(_ arguments: [String]) -> Int32 {
        var status: Int32 = 0
        guard let parsed = ArgumentReader.parse(arguments, with: ArgumentReader(positionalCount: 0...1),
                                                command: "ecma-regex conformance", usage: usage, status: &status) else {
            return status
        }
        let root = URL(fileURLWithPath: parsed.positional.first ?? "Specs/regex")
        let tallies: [CorpusTally]
        do throws(ConformanceError) {
            tallies = try ConformanceRun.run(root: root)
        } catch {
            StandardError.write("ecma-regex conformance: \(error)\n")
            return 2
        }
        var total = CorpusTally(name: "total")
        for tally in tallies {
            for line in tally.report(maxDisagreements: 20) { print(line) }
            total.merge(tally)
        }
        print("")
        let percent = (total.unsupportedShare * 1000).rounded() / 10
        print("unsupported: \(total.unsupported) of \(total.total) cases (\(percent)%), limit: \(total.limited)")
        for (reason, count) in total.refusalReasons.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            print("    \(count) × \(reason)")
        }
        if total.knownTotal > 0 {
            print("known Unicode-version skew: \(total.knownTotal) cases run separately, \(total.knownAgreed) agree anyway")
        }
        print("\(total.agreed) passed, \(total.disagreed) failed")
        return total.disagreed == 0 ? 0 : 1
    }
}
