import Foundation
@testable import ThunderID
import Testing

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

    @Test("The app's configuration is used as given, and strings it set itself are never replaced")
    func appConfiguration() {
        let custom = ChangeCredentialStrings([.save: "Update"])
        let configuration = ChangeCredentialConfiguration(isStrict: true, strings: custom, readsEnvironment: false)
            .adding(MinimumLengthRule(8))
        let resolved = ThunderIDViewConfiguration(changeCredential: configuration, locale: Locale(identifier: "de_DE"))
            .resolvedChangeCredentialConfiguration(environmentLocale: Locale(identifier: "fr_FR"))
        #expect(resolved.isStrict)
        #expect(resolved.strings == custom)
        #expect(resolved.rules.map(\.id) == configuration.rules.map(\.id))
        #expect(!resolved.readsEnvironment)
    }

    @Test("The display-name resolver set in the environment is the one handed to the provider")
    func displayNames() {
        let resolver = InMemoryDisplayNameResolver(["custom:user.pin": "PIN"])
        let environment = ThunderIDViewConfiguration(displayNames: resolver)
        #expect(environment.displayNames?.text(forKey: "custom:user.pin") == "PIN")
    }
}
