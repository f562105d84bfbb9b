import Foundation
import ECMARegex
import ECMARegexConformance

/// `ecma-regex conformance [DIR]`: runs the JSON-Schema-Test-Suite files and the differential corpus
/// under DIR (default `Specs/regex`), prints per-file counts, disagreements, the unsupported share
/// with reasons, the pending cases (`DIR/pending-*.txt`) per family, and `N passed, M failed`; exits 1
/// on any disagreement outside the pending lists or a pending case that passes now.
///
/// `--portable` answers every case with the portable matcher (as the `trait-off` build does);
/// `--write-failures FILE` writes every failing case of the corpus and of the worst-case family as
/// `FAMILY<tab>KEY` lines (pending lists applied or not), which `Tools/regex-corpus/pending.py` turns
/// into the pending lists.
enum ConformanceCommand {
    static let usage = "usage: ecma-regex conformance [--portable] [--write-failures FILE] [DIR]   (default Specs/regex)"

    static func run(_ arguments: [String]) -> Int32 {
        var status: Int32 = 0
        guard let parsed = ArgumentReader.parse(arguments, with: ArgumentReader(valueOptions: ["--write-failures"], switches: ["--portable"],
                                                                                positionalCount: 0...1),
                                                command: "ecma-regex conformance", usage: usage, status: &status) else {
            return status
        }
        let root = URL(fileURLWithPath: parsed.positional.first ?? "Specs/regex")
        let portable = parsed.switches.contains("--portable")
        var tallies: [CorpusTally] = []
        var worstCaseFailures: [String: String] = [:]
        do throws(ConformanceError) {
            if portable {
                let expected = try PendingList.load(from: root).expectedFailures(in: .portable)
                for file in try CorpusFile.loadAll(from: root.appendingPathComponent("corpus")) {
                    tallies.append(ConformanceRun.tally(file, evaluator: RegexEvaluator(forcing: .portable), expectedFailures: expected))
                }
            } else {
                tallies = try ConformanceRun.run(root: root)
            }
            if parsed.values["--write-failures"] != nil {
                let family = try WorstCaseFamily.load(from: root.appendingPathComponent("worst-case"))
                worstCaseFailures = family.failures(forcing: portable ? .portable : nil)
            }
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
        print("pending (expected failures): \(total.pendingFailed); pending that pass now: \(total.pendingNowPassing.count)")
        if let path = parsed.values["--write-failures"] {
            let failures = total.pendingLines.merging(worstCaseFailures) { first, _ in first }
            let text = failures.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { "\($0.value)\t\($0.key)\n" }.joined()
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                StandardError.write("ecma-regex conformance: cannot write \(path): \(error.localizedDescription)\n")
                return 2
            }
            print("wrote \(failures.count) failing cases to \(path)")
        }
        print("\(total.agreed) passed, \(total.disagreed) failed")
        return total.disagreed == 0 && total.pendingNowPassing.isEmpty ? 0 : 1
    }
}
