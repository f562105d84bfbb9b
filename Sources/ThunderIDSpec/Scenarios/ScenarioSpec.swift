import ThunderID

/// A scenario script: a fixture, then steps, each with the state, effects and visible outputs the
/// user should get. Written under a heading that starts with `Scenario:`:
///
/// ```
/// ## Scenario: a valid password is accepted
///
/// | fixture      | value    |
/// |--------------|----------|
/// | display name | Password |
///
/// | step | action                         | state      | effects                     | shows                      |
/// |------|--------------------------------|------------|-----------------------------|----------------------------|
/// | 1    | open                           | editing    | presentSheet, requestSchema | schema loading             |
/// | 2    | schema arrives                 | editing    | —                           | display name "Password"    |
/// ```
///
/// A step's effects are every effect the machine returned during the step, in order, including
/// those of events the step caused (a server answer's `notifySuccess`). Both `state` and `effects`
/// are always checked (`—` is "no effect"); `shows` checks what it lists.
package struct ScenarioSpec: Sendable, Equatable {
    /// The scenario's title (its heading without `Scenario:`).
    package var title: String
    /// Where the heading is.
    package var location: SourceLocation
    /// The starting world.
    package var fixture: ScenarioFixture
    /// The steps, in order.
    package var steps: [Step]

    /// One step of a scenario.
    package struct Step: Sendable, Equatable {
        /// Where the step is.
        package var location: SourceLocation
        /// What the user or the server does.
        package var action: ScenarioAction
        /// The machine state afterwards.
        package var state: ChangeCredentialMachine.State
        /// Every effect of the step, in order.
        package var effects: [ChangeCredentialMachine.Effect]
        /// What must be visible afterwards.
        package var shows: [ScenarioObservation]
    }

    /// Whether a heading introduces a scenario.
    static func isScenarioHeading(_ heading: String?) -> Bool {
        heading?.lowercased().hasPrefix("scenario:") == true
    }

    /// Whether `header` names a fixture table.
    static func isFixtureHeader(_ header: [String]) -> Bool {
        header.first?.squashed == "fixture"
    }

    /// Whether `header` names a steps table.
    static func isStepsHeader(_ header: [String]) -> Bool {
        Set(header.map(\.squashed)).contains("action")
    }

    /// Reads a steps table.
    static func parseSteps(_ table: MarkdownTable, file: String) -> (steps: [Step], problems: [SpecProblem]) {
        let columns = table.columnIndex
        var problems = table.headerProblems(kind: "steps", required: ["action", "state", "effects"],
                                            known: ["step", "action", "state", "effects", "shows"],
                                            columns: "step | action | state | effects | shows", file: file)
        guard problems.isEmpty else { return ([], problems) }
        var steps: [Step] = []
        for row in table.rows {
            let location = SourceLocation(file: file, line: row.line)
            let cell: MarkdownTable.NamedCells
            switch table.namedCells(of: row, columns: columns, file: file) {
            case .success(let cells): cell = cells
            case .failure(let problem): problems.append(problem); continue
            }
            let action: ScenarioAction
            switch ScenarioAction.parse(cell("action")) {
            case .success(let value): action = value
            case .failure(let error):
                problems.append(SpecProblem(location, "action: \(error)"))
                continue
            }
            guard let state = ChangeCredentialMachine.State.allCases.first(where: { $0.rawValue.squashed == cell("state").squashed }) else {
                problems.append(SpecProblem(location, "unknown state '\(cell("state"))' (one of \(ChangeCredentialMachine.State.allCases.map(\.rawValue).joined(separator: ", ")))"))
                continue
            }
            let effects: [ChangeCredentialMachine.Effect]
            switch EffectPhrase.parseList(cell("effects")) {
            case .success(let value): effects = value
            case .failure(let error):
                problems.append(SpecProblem(location, "effects: \(error)"))
                continue
            }
            let shows: [ScenarioObservation]
            switch ScenarioObservation.parseList(cell("shows")) {
            case .success(let value): shows = value
            case .failure(let error):
                problems.append(SpecProblem(location, "shows: \(error)"))
                continue
            }
            steps.append(Step(location: location, action: action, state: state, effects: effects, shows: shows))
        }
        return (steps, problems)
    }
}
