/// Supplies the signed-in user's type schema. ``ThunderIDState`` is the shared implementation.
public protocol UserSchemaProviding: Sendable {
    /// The credential policy for `attribute`, fetching the schema if needed.
    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy
}
