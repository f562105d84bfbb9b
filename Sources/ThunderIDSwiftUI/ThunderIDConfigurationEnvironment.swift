#if canImport(SwiftUI)
import Foundation
import SwiftUI
import ThunderID

/// The environment entry behind `.thunderIDConfiguration(changeCredential:displayNames:locale:)`.
struct ThunderIDViewConfigurationKey: EnvironmentKey {
    static let defaultValue = ThunderIDViewConfiguration()
}

extension EnvironmentValues {
    /// The configuration the ThunderID provider and views read: the ChangeCredential
    /// configuration, the display-name resolver and the locale of the built-in strings.
    package var thunderIDConfiguration: ThunderIDViewConfiguration {
        get { self[ThunderIDViewConfigurationKey.self] }
        set { self[ThunderIDViewConfigurationKey.self] = newValue }
    }
}

extension View {
    /// Configures the ThunderID provider and views below: apply it above
    /// `.thunderIDProvider(config:)`. Whatever is left `nil` keeps its default, and the views'
    /// call sites do not change.
    ///
    /// ```swift
    /// SettingsView()
    ///     .thunderIDProvider(config: config)
    ///     .thunderIDConfiguration(changeCredential: .init(rules: rules), displayNames: resolver)
    /// ```
    ///
    /// - Parameters:
    ///   - changeCredential: Rules, strings, strictness, error mapping and event log of every
    ///     ChangeCredential view below.
    ///   - displayNames: Resolves `{{t(…)}}` display names (read by the provider when it creates
    ///     the shared state).
    ///   - locale: The language of the built-in strings; `nil` follows the environment's `locale`.
    public func thunderIDConfiguration(changeCredential: ChangeCredentialConfiguration? = nil,
                                       displayNames: (any DisplayNameResolving)? = nil,
                                       locale: Locale? = nil) -> some View {
        environment(\.thunderIDConfiguration,
                    ThunderIDViewConfiguration(changeCredential: changeCredential, displayNames: displayNames, locale: locale))
    }
}
#endif
