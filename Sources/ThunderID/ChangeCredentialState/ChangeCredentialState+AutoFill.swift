extension ChangeCredentialState {
    /// The password rules for the new-value field, derived from the regex that applies (the
    /// `policyRegex` override, else the schema's); nil without a regex or when no rules are provably
    /// accepted by it. A custom form sets them as its new-password field's `passwordRules`; the
    /// built-in sheet does so itself. See ``PasswordRulesDescriptor``.
    public var passwordRules: PasswordRulesDescriptor? {
        effectiveRegex.flatMap { PasswordRulesDescriptor(regex: $0) }
    }
}
