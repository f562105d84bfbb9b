/// What a custom form needs beyond the values and the messages: the typed failure, and a way to
/// receive it when a change fails.
extension ChangeCredentialState {
    /// The typed failure behind ``error`` while ``phase`` is ``ChangeCredentialMachine/State/failed``
    /// (a refused change, or a schema that could not be loaded), else `nil`.
    ///
    /// Route by it rather than by the message: `.server` with status 401 or `.tokenUnavailable`
    /// means the user must sign in again. It carries no credential value.
    public var failure: ThunderIDError? { machine.failure?.error }

    /// Creates the state with an `onError` that receives the failure.
    ///
    /// As the initializer whose `onError` takes no argument, except that `onError` receives the
    /// ``ThunderIDError`` of each failed change (the value of ``failure``).
    public convenience init(attribute: String = "password", credentialDisplayName: String? = nil, policyRegex: String? = nil,
                            schemaProvider: any UserSchemaProviding, updater: any CredentialUpdating,
                            configuration: ChangeCredentialConfiguration = .init(),
                            presentation: ChangeCredentialMachine.Presentation = .sheet,
                            onSuccess: (() -> Void)? = nil, onError: @escaping (ThunderIDError) -> Void) {
        self.init(attribute: attribute, credentialDisplayName: credentialDisplayName, policyRegex: policyRegex,
                  schemaProvider: schemaProvider, updater: updater, configuration: configuration,
                  presentation: presentation, onSuccess: onSuccess, onError: onError,
                  mutant: nil)
    }
}
