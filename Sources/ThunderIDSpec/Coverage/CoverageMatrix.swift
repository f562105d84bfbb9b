import ThunderID

/// Which cells of the states × events matrix the transition rows cover, and which outcomes.
///
/// An outcome is what a cell does for one guard variant: the next state and the effects (an
/// error payload aside). The machine's own ``ChangeCredentialMachine/transitionTable`` lists every
/// outcome each cell can have; the suite is complete when every cell has a row and every outcome
/// is shown by some row.
package struct CoverageMatrix: Sendable {
    /// The machine the specs describe.
    package typealias Machine = ChangeCredentialMachine

    /// Rows per cell.
    package var rowsPerCell: [Machine.Cell: Int]
    /// Outcomes the machine has but no row shows, as readable lines.
    package var uncoveredOutcomes: [String]
    /// How many distinct outcomes the machine's table has.
    package var outcomeCount: Int

    /// Computes coverage of `rows` against the machine (run with no mutation in force).
    package init(rows: [TransitionRow]) {
        var counts: [Machine.Cell: Int] = [:]
        var shown: Set<Outcome> = []
        for row in rows {
            counts[row.cell, default: 0] += 1
            let (machine, effects) = row.perform()
            shown.insert(Outcome(cell: row.cell, state: machine.state, effects: effects))
        }
        var all: Set<Outcome> = []
        for transition in Machine.transitionTable {
            all.insert(Outcome(cell: transition.cell, state: transition.to.state, effects: transition.effects))
        }
        rowsPerCell = counts
        outcomeCount = all.count
        uncoveredOutcomes = all.subtracting(shown).sorted().map(\.description)
    }

    /// Cells no row covers.
    package var uncoveredCells: [Machine.Cell] {
        Machine.cells.filter { (rowsPerCell[$0] ?? 0) == 0 }
    }

    /// Cells at least one row covers.
    package var coveredCellCount: Int { Machine.cells.count - uncoveredCells.count }

    /// Whether every cell and every outcome is covered.
    package var isComplete: Bool { uncoveredCells.isEmpty && uncoveredOutcomes.isEmpty }

    /// The matrix as text: one line per state, one column per event, rows per cell (`--` = none).
    package func render() -> String {
        let labels: [Machine.Event.Kind: String] = [
            .appear: "appear", .open: "open", .dismiss: "dismiss", .schemaResolved: "schRes",
            .schemaFailed: "schFail", .newValueEdited: "newEd", .confirmationEdited: "confEd",
            .toggleMasking: "mask", .submit: "submit", .submissionSucceeded: "subOK", .submissionFailed: "subFail",
        ]
        let width = 8
        func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, count - text.count))
            return left ? text + padding : padding + text
        }
        var lines = ["Coverage: spec rows per cell (states × events; -- = not covered)"]
        lines.append(pad("", 12, left: true) + Machine.Event.Kind.allCases.map { pad(labels[$0] ?? $0.rawValue, width) }.joined())
        for state in Machine.State.allCases {
            let cells = Machine.Event.Kind.allCases.map { kind -> String in
                let count = rowsPerCell[Machine.Cell(state: state, event: kind)] ?? 0
                return pad(count == 0 ? "--" : String(count), width)
            }
            lines.append(pad(state.rawValue, 12, left: true) + cells.joined())
        }
        lines.append("schRes = schemaResolved, schFail = schemaFailed, newEd/confEd = newValue/confirmation edited, mask = toggleMasking, subOK/subFail = submission succeeded/failed")
        lines.append("\(coveredCellCount) of \(Machine.cells.count) cells covered; \(outcomeCount - uncoveredOutcomes.count) of \(outcomeCount) outcomes shown")
        for cell in uncoveredCells { lines.append("  uncovered cell: \(cell)") }
        // Outcomes of an uncovered cell are implied by the cell line above.
        let uncovered = Set(uncoveredCells.map(\.description))
        for outcome in uncoveredOutcomes where !uncovered.contains(where: { outcome.hasPrefix($0 + " →") }) {
            lines.append("  uncovered outcome: \(outcome)")
        }
        return lines.joined(separator: "\n")
    }

    /// A cell's next state and effects, with error payloads set aside.
    struct Outcome: Hashable, Comparable, CustomStringConvertible {
        var cell: Machine.Cell
        var state: Machine.State
        var effects: [String]

        init(cell: Machine.Cell, state: Machine.State, effects: [Machine.Effect]) {
            self.cell = cell
            self.state = state
            self.effects = effects.map { effect in
                if case .notifyError = effect { return "notifyError" }
                return EffectPhrase.format(effect)
            }
        }

        var description: String {
            "\(cell) → \(state.rawValue) | \(effects.isEmpty ? "—" : effects.joined(separator: ", "))"
        }

        static func < (lhs: Outcome, rhs: Outcome) -> Bool {
            if lhs.cell != rhs.cell { return lhs.cell < rhs.cell }
            return lhs.description < rhs.description
        }
    }
}
