import Observation

/// Keeps SwiftUI's sheet and the model in agreement when the sheet is closed from outside.
///
/// The machine ignores a dismissal while posting, so the outcome is never lost; if SwiftUI takes the
/// sheet down anyway, the binding answers `false` until the post ends. On success the machine
/// dismisses; on failure the sheet comes back with the error.
@MainActor
@Observable
package final class ChangeCredentialSheetPresenter {
    /// The state whose sheet SwiftUI took down during its submission, if any.
    package private(set) var hiddenDuringSubmission: ObjectIdentifier?

    package init() {}

    /// The value of the sheet's `isPresented` binding for `state`.
    package func isPresented(_ state: ChangeCredentialState) -> Bool {
        state.isPresented && hiddenDuringSubmission != ObjectIdentifier(state)
    }

    /// SwiftUI wrote `presented`: `true` changes nothing (presenting is the model's call); `false`
    /// dismisses, or hides the sheet until a post in flight ends.
    package func write(_ presented: Bool, to state: ChangeCredentialState) {
        guard !presented else { return }
        if state.loading { hiddenDuringSubmission = ObjectIdentifier(state) }
        state.dismiss()
    }

    /// `state`'s posting flag changed: once the post has ended, the sheet follows the model again.
    package func loadingChanged(_ state: ChangeCredentialState) {
        if !state.loading, hiddenDuringSubmission == ObjectIdentifier(state) { hiddenDuringSubmission = nil }
    }
}
