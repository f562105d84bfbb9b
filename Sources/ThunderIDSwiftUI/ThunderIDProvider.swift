#if canImport(SwiftUI)
import SwiftUI
import ThunderID

extension View {
    /// Creates one ``/ThunderID/ThunderIDState`` for `config` and puts it in the environment of this view
    /// hierarchy, where ``ChangeCredential`` and ``BaseChangeCredential`` find it. The schema it
    /// fetches is shared by every view below.
    ///
    /// The display-name resolver comes from
    /// `.thunderIDConfiguration(changeCredential:displayNames:locale:)` applied above this
    /// modifier (the default resolver otherwise); the state is created once, on first render.
    public func thunderIDProvider(config: ThunderIDConfig) -> some View {
        modifier(ThunderIDProviderModifier(config: config))
    }
}

/// Holds the shared state for the lifetime of the view that applied the modifier.
struct ThunderIDProviderModifier: ViewModifier {
    let config: ThunderIDConfig
    @Environment(\.thunderIDConfiguration) private var configuration
    @State private var box = ThunderIDStateBox()

    func body(content: Content) -> some View {
        content.environment(box.state(for: config, displayNames: configuration.displayNames))
    }
}

/// Creates the shared state once, on first use (SwiftUI keeps the box across re-renders).
@MainActor
final class ThunderIDStateBox {
    private var created: ThunderIDState?

    func state(for config: ThunderIDConfig, displayNames: (any DisplayNameResolving)?) -> ThunderIDState {
        if let created { return created }
        let state = if let displayNames {
            ThunderIDState(config: config, displayNames: displayNames)
        } else {
            ThunderIDState(config: config)
        }
        created = state
        return state
    }
}
#endif
