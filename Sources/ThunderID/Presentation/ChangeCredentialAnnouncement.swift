/// What assistive technologies are told when the form's outcome text changes.
///
/// The views compare what the state showed before and after a change and post the answer as an
/// announcement, so a VoiceOver user hears an error the moment it appears instead of having to
/// find it under the fields.
package struct ChangeCredentialAnnouncement: Sendable, Equatable {
    /// The error shown under the fields, if any.
    package let error: String?
    /// The confirmation of a successful change, if any.
    package let success: String?

    /// A snapshot of the texts that are announced when they appear.
    package init(error: String?, success: String?) {
        self.error = error
        self.success = success
    }

    /// The text to announce when the snapshot moves from `previous` to `current`: a new or
    /// different error, else a new success message; `nil` when a text clears or stays the same
    /// (an unchanged error is not repeated on every keystroke).
    package static func text(from previous: ChangeCredentialAnnouncement,
                            to current: ChangeCredentialAnnouncement) -> String? {
        if let error = current.error, error != previous.error { return error }
        if let success = current.success, success != previous.success { return success }
        return nil
    }
}
