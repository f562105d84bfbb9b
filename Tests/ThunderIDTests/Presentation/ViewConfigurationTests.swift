import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

@Suite("The SwiftUI environment configuration resolves to today's defaults unless the app sets something")
struct ViewConfigurationTests {
    @Test("Nothing set: the default configuration")
    func defaults() {
        let resolved = ThunderIDViewConfiguration().resolvedChangeCredentialConfiguration(environmentLocale: Locale(identifier: "en_US"))
        #expect(resolved.rules.map(\.id) == ChangeCredentialConfiguration.defaultRules.map(\.id))
        #expect(!resolved.isStrict)
        #expect(resolved.strings == .english)
        #expect(ThunderIDViewConfiguration().displayNames == nil)
    }

    @Test("Built-in strings follow the configured locale, else the environment's", arguments: ["de_DE", "fr_FR", "es_ES"])
    func locales(identifier: String) {
        let locale = Locale(identifier: identifier)
        let fromEnvironment = ThunderIDViewConfiguration().resolvedChangeCredentialConfiguration(environmentLocale: locale)
        #expect(fromEnvironment.strings == ChangeCredentialStrings.localized(for: locale))
        #expect(fromEnvironment.strings != .english, "\(identifier) has its own table")
        let configured = ThunderIDViewConfiguration(locale: locale)
            .resolvedChangeCredentialConfiguration(environmentLocale: Locale(identifier: "en_US"))
        #expect(configured.strings == ChangeCredentialStrings.localized(for: locale))
        let english = ThunderIDViewConfiguration(locale: Locale(identifier: "en_GB"))
            .resolvedChangeCredentialConfiguration(environmentLocale: locale)
        #expect(english.strings == .english)
    }

    @Test("The app's configuration is used as given, and strings it set itself are never replaced")
    func appConfiguration() {
        let custom = ChangeCredentialStrings([.submit: "Update"])
        let configuration = ChangeCredentialConfiguration(isStrict: true, strings: custom)
            .adding(MinimumLengthRule(8))
        let resolved = ThunderIDViewConfiguration(changeCredential: configuration, locale: Locale(identifier: "de_DE"))
            .resolvedChangeCredentialConfiguration(environmentLocale: Locale(identifier: "fr_FR"))
        #expect(resolved.isStrict)
        #expect(resolved.strings == custom)
        #expect(resolved.rules.map(\.id) == configuration.rules.map(\.id))
        #expect(resolved.eventLog.isEmpty)
    }

    @Test("The display-name resolver set in the environment is the one handed to the provider")
    func displayNames() {
        let resolver = InMemoryDisplayNameResolver(["custom:user.pin": "PIN"])
        let environment = ThunderIDViewConfiguration(displayNames: resolver)
        #expect(environment.displayNames?.text(forKey: "custom:user.pin") == "PIN")
    }
}
