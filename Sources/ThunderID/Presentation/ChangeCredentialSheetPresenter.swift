import Observation

/// Keeps SwiftUI's sheet and the model in agreement when the sheet is closed from outside.
///
/// The machine ignores a dismissal while the change is being posted, so the outcome is never
/// lost. SwiftUI can still take the sheet down (a programmatic dismiss, a parent going away); if
/// the binding then kept answering `true`, SwiftUI and the model would disagree about whether
/// the sheet is up. The presenter records that the sheet was hidden during that state's
/// submission: the binding answers `false` until the post ends. On success the machine dismisses
/// anyway; on failure the sheet comes back with the error, so the outcome is still shown.
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

    /// SwiftUI wrote `presented` to the binding. Presenting is the model's decision (a write of
    /// `true` changes nothing); a write of `false` dismisses, and when the machine keeps the sheet
    /// for a post in flight, hides it until the post ends.
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
