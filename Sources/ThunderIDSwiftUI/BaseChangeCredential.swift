#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// The unstyled ChangeCredential builder: it owns a ``/ThunderID/ChangeCredentialState`` (schema lookup,
/// validation, the network call) and hands it to `content`.
///
/// Requires `.thunderIDProvider(config:)` in an ancestor; reads
/// `.thunderIDConfiguration(changeCredential:displayNames:locale:)` and the environment's locale.
/// To bind fields to the state, wrap it in a child view
/// (`@ObservedObject var state: ChangeCredentialState` or `@Bindable var state`).
///
/// The state is re-created when `attribute`, an override or the configuration changes, and it
/// always calls the `onSuccess` / `onError` of the latest render. `onError` may take no argument
/// or the ``/ThunderID/ThunderIDError`` of the failure (for example to send an expired session to
/// the sign-in screen); ``/ThunderID/ChangeCredentialState/failure`` holds the same value.
public struct BaseChangeCredential<Content: View>: View {
    @Environment(ThunderIDState.self) private var thunder
    @Environment(\.thunderIDConfiguration) private var environmentConfiguration
    @Environment(\.locale) private var locale
    @State private var holder = ChangeCredentialStateHolder()

    private let attribute: String
    private let credentialDisplayName: String?
    private let policyRegex: String?
    private let presentation: ChangeCredentialState.Presentation
    private let onSuccess: (() -> Void)?
    private let onError: ((ThunderIDError) -> Void)?
    private let content: (ChangeCredentialState) -> Content

    /// - Parameters:
    ///   - attribute: The credential attribute to manage. Defaults to `"password"`.
    ///   - credentialDisplayName: Overrides the display name resolved from the schema.
    ///   - policyRegex: Overrides the schema-derived validation regex.
    ///   - onSuccess: Called after a successful change.
    ///   - onError: Called when a change fails.
    ///   - content: Renders the form from the current state.
    public init(attribute: String = "password", credentialDisplayName: String? = nil, policyRegex: String? = nil,
                onSuccess: (() -> Void)? = nil, onError: (() -> Void)? = nil,
                @ViewBuilder content: @escaping (ChangeCredentialState) -> Content) {
        self.init(attribute: attribute, credentialDisplayName: credentialDisplayName, policyRegex: policyRegex,
                  presentation: .inline, onSuccess: onSuccess, onError: onError.map { handler in { _ in handler() } },
                  content: content)
    }

    /// An unstyled form whose `onError` receives the failure.
    ///
    /// - Parameters:
    ///   - attribute: The credential attribute to manage. Defaults to `"password"`.
    ///   - credentialDisplayName: Overrides the display name resolved from the schema.
    ///   - policyRegex: Overrides the schema-derived validation regex.
    ///   - onSuccess: Called after a successful change.
    ///   - onError: Called with the ``/ThunderID/ThunderIDError`` of each failed change.
    ///   - content: Renders the form from the current state.
    public init(attribute: String = "password", credentialDisplayName: String? = nil, policyRegex: String? = nil,
                onSuccess: (() -> Void)? = nil, onError: @escaping (ThunderIDError) -> Void,
                @ViewBuilder content: @escaping (ChangeCredentialState) -> Content) {
        self.init(attribute: attribute, credentialDisplayName: credentialDisplayName, policyRegex: policyRegex,
                  presentation: .inline, onSuccess: onSuccess, onError: onError, content: content)
    }

    /// The styled ``ChangeCredential`` passes `.sheet` (its row opens a sheet); the public
    /// initializer creates `.inline` states, a form that is open from the start.
    init(attribute: String, credentialDisplayName: String?, policyRegex: String?,
         presentation: ChangeCredentialState.Presentation,
         onSuccess: (() -> Void)?, onError: ((ThunderIDError) -> Void)?,
         @ViewBuilder content: @escaping (ChangeCredentialState) -> Content) {
        self.attribute = attribute
        self.credentialDisplayName = credentialDisplayName
        self.policyRegex = policyRegex
        self.presentation = presentation
        self.onSuccess = onSuccess
        self.onError = onError
        self.content = content
    }

    public var body: some View {
        let (state, key) = currentState()
        content(state)
            .modifier(ChangeCredentialAnnouncer(state: state))
            .onAppear { state.appear() }
            .onChange(of: key) { state.appear() }
    }

    /// The state for this render's inputs (a new one when they changed), wired to this render's
    /// callbacks.
    private func currentState() -> (ChangeCredentialState, ChangeCredentialStateKey) {
        let configuration = environmentConfiguration.resolvedChangeCredentialConfiguration(environmentLocale: locale)
        let key = ChangeCredentialStateKey(attribute: attribute, credentialDisplayName: credentialDisplayName,
                                           policyRegex: policyRegex, presentation: presentation,
                                           configuration: configuration, provider: ObjectIdentifier(thunder))
        holder.callbacks.update(onSuccess: onSuccess, onFailure: onError)
        let state = holder.state(for: key) { callbacks in
            key.makeState(configuration: configuration, schemaProvider: thunder, updater: thunder.client, callbacks: callbacks)
        }
        return (state, key)
    }
}
#endif
