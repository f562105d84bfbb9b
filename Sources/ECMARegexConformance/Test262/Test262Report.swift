/// What a test262 run found: agreement per category and per node verdict, and every disagreement.
public struct Test262Report: Sendable {
    /// Counts for one group of checks.
    public struct Tally: Sendable, Equatable {
        /// Checks run.
        public var total = 0
        /// Checks whose answer is node's verdict.
        public var agreed = 0
        /// Checks that disagree.
        public var disagreed: Int { total - agreed }

        /// Creates a tally.
        public init(total: Int = 0, agreed: Int = 0) {
            self.total = total
            self.agreed = agreed
        }
    }

    /// Per data file.
    public var categories: [String: Tally] = [:]
    /// Per node verdict (`match`, `no match`, `syntax`).
    public var expectations: [String: Tally] = [:]
    /// Per category and kind of line (`exec`, `compile`, `syntax`, `literal`, `exec-code-points`, `ranges`).
    public var kinds: [String: Tally] = [:]
    /// Disagreements counted by `node verdict -> engine answer`.
    public var disagreementShapes: [String: Int] = [:]
    /// Every disagreement, in data order.
    public var disagreements: [Test262Disagreement] = []
    /// Ids given to more than one check (the known list could not tell them apart); empty for sound data.
    public var duplicateIDs: [String] = []
    private var seenIDs = Set<String>()

    /// All checks.
    public var total: Tally {
        categories.values.reduce(into: Tally()) { sum, tally in
            sum.total += tally.total
            sum.agreed += tally.agreed
        }
    }

    /// Creates an empty report.
    public init() {}

    /// Counts one check and the protocol's answer to it.
    public mutating func record(_ check: Test262Check, answer: Test262Answer) {
        let agrees = answer.agrees(with: check.expect)
        if !seenIDs.insert(check.id).inserted { duplicateIDs.append(check.id) }
        let expectLabel: String
        switch check.expect {
        case .match(let value): expectLabel = value ? "match" : "no match"
        case .syntax: expectLabel = "syntax"
        }
        categories[check.category, default: Tally()].total += 1
        expectations[expectLabel, default: Tally()].total += 1
        kinds[check.category + " " + check.kind, default: Tally()].total += 1
        if agrees {
            categories[check.category, default: Tally()].agreed += 1
            expectations[expectLabel, default: Tally()].agreed += 1
            kinds[check.category + " " + check.kind, default: Tally()].agreed += 1
        } else {
            disagreementShapes["node \(expectLabel) -> engine \(answer.label)", default: 0] += 1
            disagreements.append(Test262Disagreement(check: check, answer: answer))
        }
    }

    /// Disagreements not in `known`.
    public func unexpected(_ known: KnownDisagreements) -> [Test262Disagreement] {
        disagreements.filter { !known.ids.contains($0.id) }
    }

    /// Listed ids that no longer disagree (fixed, or no longer in the data).
    public func stale(_ known: KnownDisagreements) -> [String] {
        let current = Set(disagreements.map(\.id))
        return known.ids.subtracting(current).sorted()
    }

    /// The report as lines: a table per category, per kind and per node verdict, then the shapes of
    /// the disagreements.
    public func lines(known: KnownDisagreements) -> [String] {
        var out: [String] = []
        func row(_ name: String, _ tally: Tally) -> String {
            let percent = tally.total == 0 ? 100 : (Double(tally.agreed) * 1000 / Double(tally.total)).rounded() / 10
            return name.padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(tally.total).leftPadded(9) + String(tally.agreed).leftPadded(9) + String(tally.disagreed).leftPadded(9)
                + "  \(percent)%"
        }
        let header = "".padding(toLength: 36, withPad: " ", startingAt: 0) + "checks".leftPadded(9) + "agree".leftPadded(9) + "disagree".leftPadded(9)
        out.append("per category" + header.dropFirst(12))
        for name in Test262Data.fileNames where categories[name] != nil {
            out.append(row("  " + name, categories[name] ?? Tally()))
        }
        out.append(row("  total", total))
        out.append("per category and kind")
        for name in kinds.keys.sorted() { out.append(row("  " + name, kinds[name] ?? Tally())) }
        out.append("per node verdict")
        for name in ["match", "no match", "syntax"] where expectations[name] != nil {
            out.append(row("  node " + name, expectations[name] ?? Tally()))
        }
        if !disagreementShapes.isEmpty {
            out.append("disagreements by answer")
            for (shape, count) in disagreementShapes.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
                out.append("  " + String(count).leftPadded(8) + "  " + shape)
            }
        }
        let unexpected = unexpected(known).count
        let stale = stale(known).count
        out.append("known disagreements listed: \(known.ids.count); disagreements not listed: \(unexpected); listed but no longer disagreeing: \(stale)")
        return out
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
