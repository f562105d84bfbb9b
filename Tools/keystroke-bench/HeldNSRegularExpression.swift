import Foundation
import ThunderID

/// The form as the family's iOS SDK validates it: the schema regex compiled once into an
/// `NSRegularExpression`, searched over the whole new value with `firstMatch(in:options:range:)` on
/// every keystroke, and the default rules' length, empty and confirmation checks. Nothing else: no
/// machine, no observation, no event log, no messages.
struct HeldNSRegularExpressionForm {
    private let regex: NSRegularExpression
    private(set) var newValue = ""
    private(set) var confirmation = ""
    /// Whether the form may be submitted, as of the last keystroke.
    private(set) var isValid = false

    init(pattern: String) throws {
        regex = try NSRegularExpression(pattern: pattern)
    }

    /// Whether the regex finds a match anywhere in `value` (the web SDKs' `RegExp.test`).
    func matches(_ value: String) -> Bool {
        regex.firstMatch(in: value, options: [], range: NSRange(location: 0, length: value.utf16.count)) != nil
    }

    /// One keystroke into the new value.
    mutating func editNewValue(_ value: String) -> Bool {
        newValue = value
        return validate()
    }

    /// One keystroke into the confirmation.
    mutating func editConfirmation(_ value: String) -> Bool {
        confirmation = value
        return validate()
    }

    /// Clears both fields (between passwords).
    mutating func clear() {
        newValue = ""
        confirmation = ""
        isValid = false
    }

    /// The whole form again, as after any edit, every check run: both lengths, a non-blank new value,
    /// the regex on the new value, and the confirmation. The length and blank checks are the default
    /// rules' own functions.
    private mutating func validate() -> Bool {
        let withinLength = !CredentialInput.exceedsMaximumLength(newValue) && !CredentialInput.exceedsMaximumLength(confirmation)
        let nonBlank = !NonEmptyRule.isBlank(newValue)
        let matched = matches(newValue)
        let confirmed = newValue == confirmation
        isValid = withinLength && nonBlank && matched && confirmed
        return isValid
    }
}
