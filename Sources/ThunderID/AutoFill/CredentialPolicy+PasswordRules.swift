extension CredentialPolicy {
    /// The password rules derived from the schema ``regex`` (tested with no flags, as the SDKs do), for
    /// a custom form's new-password field; nil without a regex or when no rules are provably accepted
    /// by it. See ``PasswordRulesDescriptor``.
    public var passwordRules: PasswordRulesDescriptor? {
        regex.flatMap { PasswordRulesDescriptor(regex: $0) }
    }
}
