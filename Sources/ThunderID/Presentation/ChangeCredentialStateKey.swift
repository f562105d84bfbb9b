/// Everything a ``ChangeCredentialState`` is built from that a view can change after its first
/// render; when it changes, the view makes a new state. Rules compare by id, strings and strictness
/// by value; the error mapping and event-log sinks are not compared.
package struct ChangeCredentialStateKey: Equatable, Sendable {
    package let attribute: String
    package let credentialDisplayName: String?
    package let policyRegex: String?
    package let presentation: ChangeCredentialState.Presentation
    package let strings: ChangeCredentialStrings
    package let isStrict: Bool
    package let ruleIDs: [String]
    /// The shared state the schema comes from (a new provider means a new state).
    package let provider: ObjectIdentifier

    package init(attribute: String, credentialDisplayName: String?, policyRegex: String?,
                 presentation: ChangeCredentialState.Presentation,
                 configuration: ChangeCredentialConfiguration, provider: ObjectIdentifier) {
        self.attribute = attribute
        self.credentialDisplayName = credentialDisplayName
        self.policyRegex = policyRegex
        self.presentation = presentation
        self.strings = configuration.strings
        self.isStrict = configuration.isStrict
        self.ruleIDs = configuration.rules.map(\.id)
        self.provider = provider
    }

    /// The state this key describes, calling `callbacks` (the latest render's closures).
    @MainActor
    package func makeState(configuration: ChangeCredentialConfiguration, schemaProvider: any UserSchemaProviding,
                           updater: any CredentialUpdating, callbacks: ChangeCredentialCallbacks) -> ChangeCredentialState {
        ChangeCredentialState(attribute: attribute, credentialDisplayName: credentialDisplayName, policyRegex: policyRegex,
                              schemaProvider: schemaProvider, updater: updater, configuration: configuration,
                              presentation: presentation,
                              onSuccess: { callbacks.success() }, onError: { failure in callbacks.error(failure) })
    }
}
