#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// The unstyled ChangeCredential builder: it owns a ``ChangeCredentialState`` (schema lookup,
/// validation, the network call) and hands it to `content`.
///
/// Requires `.thunderIDProvider(config:)` in an ancestor. To bind fields to the state, wrap it in a
/// child view (`@ObservedObject var state: ChangeCredentialState` or `@Bindable var state`).
public struct BaseChangeCredential<Content: View>: View {
    @Environment(ThunderIDState.self) private var thunder
    @State private var box = ChangeCredentialStateBox()

    private let attribute: String
    private let credentialDisplayName: String?
    private let policyRegex: String?
    private let onSuccess: (() -> Void)?
    private let onError: (() -> Void)?
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
        self.attribute = attribute
        self.credentialDisplayName = credentialDisplayName
        self.policyRegex = policyRegex
        self.onSuccess = onSuccess
        self.onError = onError
        self.content = content
    }

    public var body: some View {
        let state = box.state {
            ChangeCredentialState(attribute: attribute, credentialDisplayName: credentialDisplayName,
                                  policyRegex: policyRegex, schemaProvider: thunder, updater: thunder.client,
                                  onSuccess: onSuccess, onError: onError)
        }
        content(state)
            .onAppear { state.appear() }
    }
}

/// Creates the view's state once (SwiftUI keeps the box across re-renders).
@MainActor
final class ChangeCredentialStateBox {
    private var created: ChangeCredentialState?

    func state(_ make: () -> ChangeCredentialState) -> ChangeCredentialState {
        if let created { return created }
        let state = make()
        created = state
        return state
    }
}
#endif
