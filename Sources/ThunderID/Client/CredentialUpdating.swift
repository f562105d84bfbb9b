/// Posts a new credential value. ``ThunderIDClient`` is the network implementation.
public protocol CredentialUpdating: Sendable {
    /// `POST /users/me/update-credentials` with `{"attributes": {attribute: newValue}}`.
    func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError)
}
