/// How a credential field takes its input: which keyboard it asks for and whether the system may
/// offer to generate a strong password for it.
///
/// The SwiftUI fields map ``Keyboard/numberPad`` to a number pad, ``AutoFill/newPassword`` to the
/// `.newPassword` text content type (with ``passwordRules`` where UIKit takes them) and
/// ``AutoFill/existingPassword`` to `.password`. A digit-only credential (a PIN) gets a number pad and
/// no content type, and a password whose regex may refuse iOS's suggestion gets rules or `.password`,
/// so iOS never proposes a generated password that the credential's own regex would reject.
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
        /// A password, not a new one: AutoFill may fill a saved password and never generates one.
        case existingPassword
        /// No content type: no strong-password suggestion.
        case none
    }

    /// The keyboard.
    package let keyboard: Keyboard
    /// The AutoFill content type.
    package let autoFill: AutoFill
    /// The rules a generated password follows (``AutoFill/newPassword`` only).
    package let passwordRules: PasswordRulesDescriptor?

    /// Creates an entry style.
    package init(keyboard: Keyboard, autoFill: AutoFill, passwordRules: PasswordRulesDescriptor? = nil) {
        self.keyboard = keyboard
        self.autoFill = autoFill
        self.passwordRules = autoFill == .newPassword ? passwordRules : nil
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
    ///   digits; else, for the `password` attribute, ``password`` with the rules derived from the regex,
    ///   ``password`` when the regex provably accepts iOS's default suggestion, or an
    ///   ``AutoFill/existingPassword`` entry when it may refuse it (``NewPasswordAutoFill``); else
    ///   ``otherSecret``.
    package static func forCredential(attribute: String, isNumeric: Bool, regex: String?) -> CredentialEntry {
        if isNumeric || regex.map(DigitsOnlyPattern.acceptsOnlyDigits) == true {
            return .digits
        }
        guard attribute.lowercased() == "password" else { return .otherSecret }
        switch NewPasswordAutoFill.decide(regex: regex) {
        case .rules(let descriptor):
            return CredentialEntry(keyboard: .standard, autoFill: .newPassword, passwordRules: descriptor)
        case .defaultSuggestion:
            return .password
        case .noGeneration:
            return CredentialEntry(keyboard: .standard, autoFill: .existingPassword)
        }
    }
}
