/// What assistive technologies are told when the form's outcome text changes, so a VoiceOver user
/// hears an error as it appears.
package struct ChangeCredentialAnnouncement: Sendable, Equatable {
    /// The error shown under the fields, if any.
    package let error: String?
    /// The confirmation of a successful change, if any.
    package let success: String?

    package init(error: String?, success: String?) {
        self.error = error
        self.success = success
    }

    /// The text to announce from `previous` to `current`: a new or different error, else a new success;
    /// `nil` when a text clears or stays (an unchanged error is not repeated per keystroke).
    package static func text(from previous: ChangeCredentialAnnouncement,
                            to current: ChangeCredentialAnnouncement) -> String? {
        if let error = current.error, error != previous.error { return error }
        if let success = current.success, success != previous.success { return success }
        return nil
    }
}
