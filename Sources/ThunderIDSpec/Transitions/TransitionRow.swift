import ThunderID

/// One row of a transition table: a machine in a state with a guard context receives one event;
/// the row says the next state, the exact effects in order, and optionally what holds afterwards.
///
/// ```
/// | state   | given                         | event  | next state | effects        |
/// | editing | schema credential, form valid | submit | submitting | postCredential |
/// ```
package struct TransitionRow: Sendable, Equatable {
    /// The machine the specs describe.
    package typealias Machine = ChangeCredentialMachine

    /// Where the row is.
    package var location: SourceLocation
    /// The machine before the event.
    package var from: Machine
    /// The event sent.
    package var event: Machine.Event
    /// The state the row expects afterwards.
    package var expectedState: Machine.State
    /// The effects the row expects, in order.
    package var expectedEffects: [Machine.Effect]
    /// What else must hold afterwards (the `then` column).
    package var then: MachineContext

    /// The cell of the matrix the row covers.
    package var cell: Machine.Cell { Machine.Cell(state: from.state, event: event.kind) }

    /// Sends the event to a copy of ``from``.
    package func perform() -> (machine: Machine, effects: [Machine.Effect]) {
        perform(using: Machine.handling)
    }

    /// Moves a copy of ``from`` with `transition` (the machine's own, or a mutant's).
    package func perform(using transition: Machine.TransitionFunction) -> (machine: Machine, effects: [Machine.Effect]) {
        var machine = from
        let effects = transition(&machine, event)
        return (machine, effects)
    }

    /// The row's subject as printed in failures: `editing × submit (schema credential, form valid)`.
    package var subject: String {
        "\(from.state.rawValue) × \(EventPhrase.format(event)) (\(MachineContext.describe(from)))"
    }

    /// Runs the row; `nil` when the machine does what the row says.
    package func check() -> SpecFailure? {
        check(using: Machine.handling)
    }

    /// Runs the row through `transition`; `nil` when it does what the row says.
    package func check(using transition: Machine.TransitionFunction) -> SpecFailure? {
        let (machine, effects) = perform(using: transition)
        var expected = "\(expectedState.rawValue) | \(EffectPhrase.format(expectedEffects))"
        var actual = "\(machine.state.rawValue) | \(EffectPhrase.format(effects))"
        let contextProblems = then.mismatches(in: machine)
        if machine.state == expectedState && effects == expectedEffects && contextProblems.isEmpty { return nil }
        if !contextProblems.isEmpty {
            expected += " | then as written"
            actual += " | " + contextProblems.joined(separator: "; ")
        }
        return SpecFailure(location: location, subject: subject, expected: expected, actual: actual)
    }
}
