import ThunderID

// What the spec runner, the log reader and the mutants need of the machine that an app does not:
// building a stage from its parts, and `handle(_:)` as a value. Neither ships in ThunderID.

extension ChangeCredentialMachine.Stage {
    /// `state` with `failure`, as a spec's `given` column, a logged machine or a mutant names them;
    /// `nil` when they contradict (a failure outside `failed`, or `failed` without one).
    package init?(_ state: ChangeCredentialMachine.State, failure: ChangeCredentialMachine.Failure?) {
        switch (state, failure) {
        case (.closed, nil): self = .closed
        case (.unavailable, nil): self = .unavailable
        case (.editing, nil): self = .editing
        case (.invalid, nil): self = .invalid
        case (.submitting, nil): self = .submitting
        case (.succeeded, nil): self = .succeeded
        case (.failed, let failure?): self = .failed(failure)
        case (.closed, _?), (.unavailable, _?), (.editing, _?), (.invalid, _?), (.submitting, _?), (.succeeded, _?),
             (.failed, nil):
            return nil
        }
    }
}

extension ChangeCredentialMachine {
    /// `handle(_:)` as a `TransitionFunction`: the unmutated table the rows run through.
    package static let handling: TransitionFunction = { machine, event in machine.handle(event) }
}
