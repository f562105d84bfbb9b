import ThunderID

/// Reads a Markdown table with the columns `state`, `given`, `event`, `next state`, `effects` and
/// an optional `then` into ``TransitionRow``s. Column order is free.
enum TransitionTableParser {
    /// Whether `header` names a transition table.
    static func recognizes(_ header: [String]) -> Bool {
        let names = Set(header.map(\.squashed))
        return names.contains("event") && names.contains("nextstate")
    }

    static func parse(_ table: MarkdownTable, file: String) -> (rows: [TransitionRow], problems: [SpecProblem]) {
        let columns = table.columnIndex
        var problems = table.headerProblems(kind: "transition", required: ["state", "given", "event", "nextstate", "effects"],
                                            known: ["state", "given", "event", "nextstate", "effects", "then"],
                                            columns: "state | given | event | next state | effects | then", file: file)
        guard problems.isEmpty else { return ([], problems) }

        var rows: [TransitionRow] = []
        for row in table.rows {
            let location = SourceLocation(file: file, line: row.line)
            let cell: MarkdownTable.NamedCells
            switch table.namedCells(of: row, columns: columns, file: file) {
            case .success(let cells): cell = cells
            case .failure(let problem): problems.append(problem); continue
            }
            guard let state = ChangeCredentialMachine.State.allCases.first(where: { $0.rawValue.squashed == cell("state").squashed }) else {
                problems.append(SpecProblem(location, "unknown state '\(cell("state"))' (one of \(stateNames))"))
                continue
            }
            guard let next = ChangeCredentialMachine.State.allCases.first(where: { $0.rawValue.squashed == cell("nextstate").squashed }) else {
                problems.append(SpecProblem(location, "unknown next state '\(cell("nextstate"))' (one of \(stateNames))"))
                continue
            }
            let given: MachineContext
            switch MachineContext.parse(cell("given")) {
            case .success(let context): given = context
            case .failure(let failure):
                problems.append(SpecProblem(location, "given: \(failure)"))
                continue
            }
            guard given.schema != nil else {
                problems.append(SpecProblem(location, "given: say what the schema is (schema not requested, loading, credential, not credential or failed)"))
                continue
            }
            guard let from = given.machine(in: state) else {
                problems.append(SpecProblem(location, "given: failed needs its failure (schema failure or submission failure), and no other state has one"))
                continue
            }
            if !ReachableConfigurations.contains(from) {
                problems.append(SpecProblem(location, "given: the machine never reaches \(state.rawValue) with \(MachineContext.describe(from))"))
                continue
            }
            let event: ChangeCredentialMachine.Event
            switch EventPhrase.parse(cell("event")) {
            case .success(let value): event = value
            case .failure(let error):
                problems.append(SpecProblem(location, "event: \(error)"))
                continue
            }
            let effects: [ChangeCredentialMachine.Effect]
            switch EffectPhrase.parseList(cell("effects")) {
            case .success(let value): effects = value
            case .failure(let error):
                problems.append(SpecProblem(location, "effects: \(error)"))
                continue
            }
            let then: MachineContext
            switch MachineContext.parse(cell("then")) {
            case .success(let context): then = context
            case .failure(let failure):
                problems.append(SpecProblem(location, "then: \(failure)"))
                continue
            }
            rows.append(TransitionRow(location: location, from: from, event: event, expectedState: next,
                                      expectedEffects: effects, then: then))
        }
        return (rows, problems)
    }

    private static var stateNames: String {
        ChangeCredentialMachine.State.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
