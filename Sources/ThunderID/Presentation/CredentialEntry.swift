/// How a credential field takes its input: its keyboard and whether the system may offer to generate
/// a strong password, so iOS never proposes one the credential's own regex would reject.
package struct CredentialEntry: Sendable, Equatable {
    /// The keyboard a field asks for.
    package enum Keyboard: Sendable, Hashable {
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

    package let keyboard: Keyboard
    package let autoFill: AutoFill
    /// The rules a generated password follows (``AutoFill/newPassword`` only).
    package let passwordRules: PasswordRulesDescriptor?

    package init(keyboard: Keyboard, autoFill: AutoFill, passwordRules: PasswordRulesDescriptor? = nil) {
        self.keyboard = keyboard
        self.autoFill = autoFill
        self.passwordRules = autoFill == .newPassword ? passwordRules : nil
    }

    /// A password: standard keyboard, strong-password suggestions.
    package static let password = CredentialEntry(keyboard: .standard, autoFill: .newPassword)
    /// A digit-only credential such as a PIN: number pad, no strong-password suggestion.
    package static let digits = CredentialEntry(keyboard: .numberPad, autoFill: .none)
    /// Any other secret (a recovery code): standard keyboard, no strong-password suggestion.
    package static let otherSecret = CredentialEntry(keyboard: .standard, autoFill: .none)

    /// The entry style for a credential: ``digits`` when the schema type is numeric or the regex accepts
    /// only digits; for `password`, ``password`` (with rules derived from the regex when it needs them)
    /// or an ``AutoFill/existingPassword`` entry when the regex may refuse iOS's suggestion
    /// (``NewPasswordAutoFill``); else ``otherSecret``. `regex` is the one that applies, if any.
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
