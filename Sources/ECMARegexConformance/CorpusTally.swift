import Foundation
import ECMARegex

/// The counts of one conformance file (or of all of them): agreements, disagreements, refusals.
public struct CorpusTally: Sendable {
    /// A case the engine disagreed on, with the engine's answer.
    public struct Disagreement: Sendable {
        /// The case as stored.
        public var corpusCase: CorpusCase
        /// What the engine answered.
        public var answer: EngineAnswer
        /// How the two differ.
        public var explanation: String
    }

    /// The file name (or "total").
    public var name: String
    /// Cases not tagged `known`.
    public var total = 0
    /// Cases with the same verdict as node.
    public var agreed = 0
    /// Cases answered `unsupported`.
    public var unsupported = 0
    /// Cases answered `limit`.
    public var limited = 0
    /// Every disagreement, in file order.
    public var disagreements: [Disagreement] = []
    /// `unsupported` and `limit` answers grouped by the engine's reason.
    public var refusalReasons: [String: Int] = [:]
    /// Cases tagged `known` (Unicode-version skew), which are run but never counted above.
    public var knownTotal = 0
    /// Tagged cases on which the engine agrees with node all the same.
    public var knownAgreed = 0
    /// Cases of a pending list (``PendingList``) that fail as listed, by family; not disagreements.
    public var pendingFailures: [String: Int] = [:]
    /// Keys of pending cases that no longer fail: remove them from their list.
    public var pendingNowPassing: [String] = []
    /// Keys of the cases that fail, with their families (what a pending list would hold for this build).
    public var failureKeys: [String: String] = [:]
    /// Per pattern key (``CorpusCase/pendingPatternKey``): how many cases ran and how many failed.
    public var patternCounts: [String: (cases: Int, failed: Int)] = [:]
    /// The pattern key of each failing case outside `limits`, by case key.
    public var failurePatternKeys: [String: String] = [:]
    /// The keys expected to fail in this run (from the pending lists), with their families.
    public var expectedFailures: [String: String] = [:]

    /// Creates an empty tally.
    public init(name: String) { self.name = name }

    /// Creates an empty tally that expects the given pending cases (keys to families) to fail.
    public init(name: String, expectedFailures: [String: String]) {
        self.name = name
        self.expectedFailures = expectedFailures
    }

    /// Cases whose verdict differs from node's.
    public var disagreed: Int { disagreements.count }

    /// The share of counted cases answered `unsupported`, from 0 to 1.
    public var unsupportedShare: Double { total == 0 ? 0 : Double(unsupported) / Double(total) }

    /// Judges and records one case.
    ///
    /// Where a refusal counts as a failure (``CorpusCase/refusalIsFailure``), a `limit` or `unsupported`
    /// answer is a disagreement. A case of ``expectedFailures`` that fails is counted in
    /// ``pendingFailures`` instead; one that no longer fails is listed in ``pendingNowPassing``.
    public mutating func record(_ corpusCase: CorpusCase, answer: EngineAnswer) {
        var verdict = CaseVerdict.judge(expect: corpusCase.expect, answer: answer)
        if corpusCase.known != nil {
            knownTotal += 1
            if verdict == .agree { knownAgreed += 1 }
            return
        }
        if corpusCase.refusalIsFailure {
            switch verdict {
            case .limit(let reason), .unsupported(let reason):
                let time = corpusCase.nodeMs.map { " in \($0) ms" } ?? ""
                verdict = .disagree("engine refuses (\(reason)) where node answers\(time)")
            case .agree, .disagree: break
            }
        }
        total += 1
        let failed: Bool
        if case .disagree = verdict { failed = true } else { failed = false }
        if failed { failureKeys[corpusCase.pendingKey] = corpusCase.pendingFamily }
        var patternKey: String?
        if corpusCase.category != "limits" {
            let key = corpusCase.pendingPatternKey
            patternKey = key
            if failed { failurePatternKeys[corpusCase.pendingKey] = key }
            let counts = patternCounts[key] ?? (0, 0)
            patternCounts[key] = (counts.cases + 1, counts.failed + (failed ? 1 : 0))
        }
        if !expectedFailures.isEmpty,
            let family = expectedFailures[corpusCase.pendingKey] ?? patternKey.flatMap({ expectedFailures[$0 + " *"] })
        {
            if case .disagree = verdict {
                pendingFailures[family, default: 0] += 1
                return
            }
            pendingNowPassing.append(corpusCase.pendingKey + (expectedFailures[corpusCase.pendingKey] == nil ? " (listed as its pattern's \" *\")" : ""))
        }
        switch verdict {
        case .agree:
            agreed += 1
        case .disagree(let explanation):
            disagreements.append(Disagreement(corpusCase: corpusCase, answer: answer, explanation: explanation))
        case .unsupported(let reason):
            unsupported += 1
            refusalReasons["unsupported: " + Self.reasonGroup(reason), default: 0] += 1
        case .limit(let reason):
            limited += 1
            refusalReasons["limit: " + Self.reasonGroup(reason), default: 0] += 1
        }
    }

    /// Records a case the harness itself could not judge (for example an unknown schema keyword):
    /// it counts as a disagreement so that it is never silently skipped.
    public mutating func recordHarnessFailure(_ corpusCase: CorpusCase, explanation: String) {
        total += 1
        disagreements.append(Disagreement(corpusCase: corpusCase, answer: .match(false), explanation: "harness: " + explanation))
    }

    /// Adds another tally's counts to this one.
    public mutating func merge(_ other: CorpusTally) {
        total += other.total
        agreed += other.agreed
        unsupported += other.unsupported
        limited += other.limited
        disagreements += other.disagreements
        refusalReasons.merge(other.refusalReasons, uniquingKeysWith: +)
        knownTotal += other.knownTotal
        knownAgreed += other.knownAgreed
        pendingFailures.merge(other.pendingFailures, uniquingKeysWith: +)
        pendingNowPassing += other.pendingNowPassing
        failureKeys.merge(other.failureKeys) { first, _ in first }
        patternCounts.merge(other.patternCounts) { ($0.cases + $1.cases, $0.failed + $1.failed) }
        failurePatternKeys.merge(other.failurePatternKeys) { first, _ in first }
    }

    /// What a pending list holds for this tally's failures: the pattern key followed by ` *` where
    /// every case of a pattern, flags and mode fails, else each failing case's key; with families.
    public var pendingLines: [String: String] {
        var lines: [String: String] = [:]
        for (key, family) in failureKeys {
            if let patternKey = failurePatternKeys[key], let counts = patternCounts[patternKey], counts.cases == counts.failed {
                lines[patternKey + " *"] = family
            } else {
                lines[key] = family
            }
        }
        return lines
    }

    /// Cases that fail as their pending list says.
    public var pendingFailed: Int { pendingFailures.values.reduce(0, +) }

    /// The engine's message with group numbers, offsets and long quoted fragments blanked, so that one
    /// construct is one group. Versions ("PCRE2 10.42"), names with digits and short quotes (flags) stay.
    static func reasonGroup(_ message: String) -> String {
        var words: [String] = []
        for word in message.split(separator: " ", omittingEmptySubsequences: false) {
            let core = word.trimmingCharacters(in: CharacterSet(charactersIn: ",.;:()"))
            let isNumber = !core.isEmpty && core.allSatisfy { $0.isASCII && $0.isNumber }
            let isQuoted = core.count > 8 && (core.hasPrefix("'") || core.hasPrefix("`") || core.hasPrefix("\""))
            if isNumber {
                words.append(word.replacingOccurrences(of: core, with: "N"))
            } else if isQuoted {
                words.append(word.replacingOccurrences(of: core, with: String(core.first!) + "…" + String(core.first!)))
            } else {
                words.append(String(word))
            }
        }
        return words.joined(separator: " ")
    }

    /// Lines describing this tally: counts, the unsupported share, grouped reasons, and up to
    /// `maxDisagreements` disagreements with their pattern, flags, input and both verdicts.
    public func report(maxDisagreements: Int = 50) -> [String] {
        var lines: [String] = []
        let percent = (unsupportedShare * 1000).rounded() / 10
        lines.append("\(name): \(total) cases, \(agreed) agree, \(disagreed) disagree, \(unsupported) unsupported (\(percent)%), \(limited) limit"
            + (knownTotal > 0 ? "; \(knownTotal) known-skew cases run separately (\(knownAgreed) agree anyway)" : ""))
        for (reason, count) in refusalReasons.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            lines.append("    \(count) × \(reason)")
        }
        if !pendingFailures.isEmpty {
            lines.append("    pending (expected failures, Specs/regex/pending-*.txt): \(pendingFailed): "
                + pendingFailures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        for key in pendingNowPassing.prefix(maxDisagreements) {
            lines.append("    PASSES NOW, remove from its pending list: \(key)")
        }
        for disagreement in disagreements.prefix(maxDisagreements) {
            let c = disagreement.corpusCase
            lines.append("    DISAGREE [\(c.row)] /\(Self.visible(c.pattern))/\(c.flags) on \"\(Self.visible(c.input))\": node \(Self.describe(c.expect)), engine \(disagreement.answer)")
        }
        if disagreements.count > maxDisagreements {
            lines.append("    … and \(disagreements.count - maxDisagreements) more disagreements")
        }
        return lines
    }

    static func describe(_ expect: CorpusCase.Expectation) -> String {
        switch expect {
        case .match(let value): value ? "match" : "no match"
        case .syntax: "SyntaxError"
        }
    }

    /// The text with control, space and invisible characters shown as `\u{…}` escapes.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let invisible = scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
                || (scalar.properties.isWhitespace && scalar != " ")
                || scalar.properties.generalCategory == .privateUse
            if invisible {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        if out.count > 120 { return String(out.prefix(60)) + "…(\(text.utf16.count) UTF-16 units)" }
        return out
    }
}
