import Foundation

/// The signed-in user's type schema: the `schema` object of `GET /users/me/meta`. Decode it with
/// ``decode(_:)``; ask about one credential with ``credentialPolicy(for:resolver:)``.
package struct UserSchema: Sendable, Equatable {
    /// The attributes, by name.
    package let attributes: [String: SchemaAttribute]
    /// The attribute names in document order.
    package let attributeNames: [String]
    /// Top-level attributes whose definition could not be read, with why; they are left out of
    /// ``attributes``, and ``requireCredentialPolicy(for:resolver:)`` throws a credential's failure.
    package var malformedAttributes: [String: DecodingFailure] = .init()

    /// A schema from attributes in order; a repeated name keeps its last definition.
    package init(attributes: [(name: String, attribute: SchemaAttribute)]) {
        self.attributes = Dictionary(attributes.map { ($0.name, $0.attribute) }, uniquingKeysWith: { _, last in last })
        var seen = Set<String>()
        self.attributeNames = attributes.map(\.name).reversed().filter { seen.insert($0).inserted }.reversed()
    }

    package subscript(name: String) -> SchemaAttribute? {
        attributes[name]
    }

    /// Decodes a `/users/me/meta` body, `{"schema": {...}}`.
    ///
    /// - Throws: ``ThunderIDError/decoding(_:)`` naming the exact JSON path, for example
    ///   `schema.password.credential: expected a boolean, got a string`.
    package static func decode(_ body: Data) throws(ThunderIDError) -> UserSchema {
        try UserSchemaDecoder.decodeEnvelope(body)
    }

    /// ``credentialPolicy(for:resolver:)``, unless `attribute`'s own definition was malformed.
    ///
    /// - Throws: ``ThunderIDError/decoding(_:)`` with the attribute's failure (other attributes' defects
    ///   do not matter here).
    package func requireCredentialPolicy(
        for attribute: String, resolver: any DisplayNameResolving = InMemoryDisplayNameResolver()
    ) throws(ThunderIDError) -> CredentialPolicy {
        if let failure = malformedAttributes[attribute] { throw .decoding(failure) }
        return credentialPolicy(for: attribute, resolver: resolver)
    }

    /// What the schema says about credential `attribute`: whether it is `credential: true`, its regex,
    /// hint and display name (resolved through `resolver`). A missing attribute is not a credential and
    /// is named by its title-cased name.
    package func credentialPolicy(for attribute: String,
                                 resolver: any DisplayNameResolving = InMemoryDisplayNameResolver()) -> CredentialPolicy {
        let declared = attributes[attribute]
        return CredentialPolicy(
            attribute: attribute,
            isCredential: declared?.isCredential ?? false,
            regex: declared?.effectiveRegex,
            hint: declared?.hint,
            displayName: resolver.displayName(declared?.displayName, forAttribute: attribute),
            isNumeric: declared?.type == .number,
            isDisplayNameDeclared: declared?.displayName
                .flatMap { DisplayNameTemplate($0).resolve(with: resolver) }
                .map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? false
        )
    }
}
