/// What the user type schema says about one credential attribute.
public struct CredentialPolicy: Sendable, Equatable {
    /// The attribute name, such as `password` or `pin`.
    public let attribute: String
    /// Whether the schema declares the attribute with `credential: true`.
    public let isCredential: Bool
    /// The schema regex (`regex`, or its alias `pattern`), when declared.
    public let regex: String?
    /// The schema `description`, shown as the requirement hint, when present.
    public let hint: String?
    /// The resolved display name: the schema's `displayName`, else the title-cased attribute name.
    public let displayName: String
    /// Whether the schema declares the attribute `type: number` (its fields take digits).
    public let isNumeric: Bool
    /// Whether ``displayName`` is the schema's own rather than the title-cased fallback (for which the
    /// flow shows the language's word for a well-known credential).
    package let isDisplayNameDeclared: Bool

    /// A policy; `UserSchema.credentialPolicy(for:resolver:)` builds one from the schema.
    public init(attribute: String, isCredential: Bool, regex: String? = nil, hint: String? = nil, displayName: String,
                isNumeric: Bool = false, isDisplayNameDeclared: Bool = true) {
        self.attribute = attribute
        self.isCredential = isCredential
        self.regex = regex
        self.hint = hint
        self.displayName = displayName
        self.isNumeric = isNumeric
        self.isDisplayNameDeclared = isDisplayNameDeclared
    }
}
