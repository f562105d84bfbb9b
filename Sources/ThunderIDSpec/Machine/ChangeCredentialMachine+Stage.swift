import ThunderID

extension ChangeCredentialMachine.Stage {
    /// `state` with `failure`, as a spec's `given` column, a logged machine or a mutant names them;
    /// `nil` when they contradict (a failure outside `failed`, or `failed` without one). It lives
    /// here, not in ThunderID: an app's machine only moves through its transitions.
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
