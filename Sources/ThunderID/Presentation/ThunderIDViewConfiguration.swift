import Foundation

/// What an app gives the SwiftUI provider and views through the environment: the
/// ``ChangeCredentialConfiguration``, the display-name resolver and the locale, each optional. Set
/// it with `.thunderIDConfiguration(changeCredential:displayNames:locale:)` above
/// `.thunderIDProvider(config:)`.
package struct ThunderIDViewConfiguration: Sendable {
    /// How the forms are checked, worded and logged; `nil` for the default configuration.
    package var changeCredential: ChangeCredentialConfiguration?
    /// Resolves `{{t(…)}}` display names; `nil` for the provider's default resolver.
    package var displayNames: (any DisplayNameResolving)?
    /// The language of the built-in strings; `nil` follows the SwiftUI environment's locale.
    package var locale: Locale?

    /// A configuration; every part defaults to "as today".
    package init(changeCredential: ChangeCredentialConfiguration? = nil,
                displayNames: (any DisplayNameResolving)? = nil, locale: Locale? = nil) {
        self.changeCredential = changeCredential
        self.displayNames = displayNames
        self.locale = locale
    }

    /// The configuration a state is created with: the app's (else the default), with the built-in
    /// English strings replaced by the table for ``locale`` (else `environmentLocale`) under the app's
    /// own `Bundle.main` tables. Strings an app set itself are kept.
    package func resolvedChangeCredentialConfiguration(environmentLocale: Locale) -> ChangeCredentialConfiguration {
        var configuration = changeCredential ?? ChangeCredentialConfiguration()
        if configuration.strings == .english {
            configuration.strings = ChangeCredentialStrings.localized(for: locale ?? environmentLocale, overridesFrom: .main)
        }
        return configuration
    }

}
