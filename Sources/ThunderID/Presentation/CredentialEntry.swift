/// How a credential field takes its input: which keyboard it asks for and whether the system may
/// offer to generate a strong password for it.
///
/// The SwiftUI fields map ``Keyboard/numberPad`` to a number pad and ``AutoFill/newPassword`` to
/// the `.newPassword` text content type. A digit-only credential (a PIN) gets a number pad and no
/// content type, so iOS never proposes a generated password that the credential's own regex
/// would reject.
package struct CredentialEntry: Sendable, Equatable {
    /// The keyboard a field asks for.
    package enum Keyboard: Sendable, Hashable {
        /// The default keyboard.
        case standard
        /// Digits only.
        case numberPad
    }

    /// What the field tells the system's AutoFill.
    package enum AutoFill: Sendable, Equatable {
        /// A new password: the system may suggest a generated strong password.
        case newPassword
        /// No content type: no strong-password suggestion.
        case none
    }

    /// The keyboard.
    package let keyboard: Keyboard
    /// The AutoFill content type.
    package let autoFill: AutoFill

    /// Creates an entry style.
    package init(keyboard: Keyboard, autoFill: AutoFill) {
        self.keyboard = keyboard
        self.autoFill = autoFill
    }

    /// A password: standard keyboard, strong-password suggestions.
    package static let password = CredentialEntry(keyboard: .standard, autoFill: .newPassword)
    /// A digit-only credential such as a PIN: number pad, no strong-password suggestion.
    package static let digits = CredentialEntry(keyboard: .numberPad, autoFill: .none)
    /// Any other secret (a recovery code, a passphrase with its own rules): standard keyboard, no
    /// strong-password suggestion, since a generated password would not follow the schema's rules.
    package static let otherSecret = CredentialEntry(keyboard: .standard, autoFill: .none)

    /// Whether the system may offer a generated strong password.
    package var suggestsStrongPassword: Bool { autoFill == .newPassword }

    /// The entry style for a credential, from what the schema says about it.
    ///
    /// - Parameters:
    ///   - attribute: The credential attribute (`password` is a password).
    ///   - isNumeric: Whether the schema declares the attribute `type: number`.
    ///   - regex: The regex that applies (the override, else the schema's), if any.
    /// - Returns: ``digits`` when the schema type is numeric or the regex accepts nothing but
    ///   digits; else ``password`` for the `password` attribute; else ``otherSecret``.
    package static func forCredential(attribute: String, isNumeric: Bool, regex: String?) -> CredentialEntry {
        if isNumeric || regex.map(DigitsOnlyPattern.acceptsOnlyDigits) == true {
            return .digits
        }
        return attribute.lowercased() == "password" ? .password : .otherSecret
    }
}
