/// Supplies the signed-in user's type schema. ``ThunderIDState`` is the shared implementation.
public protocol UserSchemaProviding: Sendable {
    /// The credential policy for `attribute`, fetching the schema if needed.
    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy
}

/// Posts a new credential value. ``ThunderIDClient`` is the network implementation.
public protocol CredentialUpdating: Sendable {
    /// `POST /users/me/update-credentials` with `{"attributes": {attribute: newValue}}`.
    func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError)
}
