import Foundation

/// The signed-in user's type schema: the `schema` object of `GET /users/me/meta`.
///
/// Decode it with ``decode(_:)``; ask it about one credential with
/// ``credentialPolicy(for:resolver:)``.
public struct UserSchema: Sendable, Hashable {
    /// The attributes, by name.
    public var attributes: [String: SchemaAttribute]
    /// The attribute names in document order.
    public var attributeNames: [String]

    /// A schema from attributes in order; a repeated name keeps its last definition.
    public init(attributes: [(name: String, attribute: SchemaAttribute)]) {
        self.attributes = Dictionary(attributes.map { ($0.name, $0.attribute) }, uniquingKeysWith: { _, last in last })
        var seen = Set<String>()
        self.attributeNames = attributes.map(\.name).reversed().filter { seen.insert($0).inserted }.reversed()
    }

    /// The attribute `name`, when declared.
    public subscript(name: String) -> SchemaAttribute? {
        attributes[name]
    }

    /// Decodes a `/users/me/meta` body, `{"schema": {...}}`.
    ///
    /// - Throws: ``ThunderIDError/decoding(_:)`` naming the exact JSON path, for example
    ///   `schema.password.credential: expected a boolean, got a string`.
    public static func decode(_ body: Data) throws(ThunderIDError) -> UserSchema {
        try UserSchemaDecoder.decodeEnvelope(body)
    }

    /// What the schema says about credential `attribute`: whether it is declared
    /// `credential: true`, its regex (`regex`, else `pattern`), its hint (`description`) and its
    /// display name resolved through `resolver`.
    ///
    /// An attribute missing from the schema is not a credential, and its display name is the
    /// title-cased attribute name.
    public func credentialPolicy(for attribute: String,
                                 resolver: any DisplayNameResolving = InMemoryDisplayNameResolver()) -> CredentialPolicy {
        let declared = attributes[attribute]
        return CredentialPolicy(
            attribute: attribute,
            isCredential: declared?.isCredential ?? false,
            regex: declared?.effectiveRegex,
            hint: declared?.hint,
            displayName: resolver.displayName(declared?.displayName, forAttribute: attribute),
            isNumeric: declared?.type == .number
        )
    }
}
