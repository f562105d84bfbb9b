import Foundation

/// What an app gives the SwiftUI provider and views through the environment: the
/// ``ChangeCredentialConfiguration`` (rules, strings, strictness, error mapping, event log), the
/// resolver for i18n display-name templates, and the locale. Every part is optional; what is
/// left out keeps today's default.
///
/// In SwiftUI, set it with `.thunderIDConfiguration(changeCredential:displayNames:locale:)` above
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

    /// The configuration a ChangeCredential state is created with, for the environment's
    /// `locale`: the app's configuration (else the default) whose strings, when the app left them
    /// at the built-in English table, come from the localized table for ``locale`` (else
    /// `environmentLocale`), with the app's own `<language>.lproj/ChangeCredential.strings` and
    /// `.stringsdict` in `Bundle.main` laid over it. Strings an app set itself are kept as they are.
    package func resolvedChangeCredentialConfiguration(environmentLocale: Locale) -> ChangeCredentialConfiguration {
        var configuration = changeCredential ?? ChangeCredentialConfiguration()
        if configuration.strings == .english {
            configuration.strings = ChangeCredentialStrings.localized(for: locale ?? environmentLocale, overridesFrom: .main)
        }
        return configuration
    }

}
