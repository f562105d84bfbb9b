import ThunderID

extension CredentialPolicy {
    /// A policy whose schema declares `attribute` with `credential: true`; the display name
    /// defaults to the title-cased attribute.
    public static func credential(_ attribute: String = "password", displayName: String? = nil,
                                  regex: String? = nil, hint: String? = nil) -> CredentialPolicy {
        CredentialPolicy(attribute: attribute, isCredential: true, regex: regex, hint: hint,
                         displayName: displayName ?? UserSchema.titleCase(attribute),
                         isDisplayNameDeclared: displayName != nil)
    }

    /// A policy whose schema does not declare `attribute` a credential.
    public static func notCredential(_ attribute: String = "password", displayName: String? = nil) -> CredentialPolicy {
        CredentialPolicy(attribute: attribute, isCredential: false,
                         displayName: displayName ?? UserSchema.titleCase(attribute),
                         isDisplayNameDeclared: displayName != nil)
    }
}
