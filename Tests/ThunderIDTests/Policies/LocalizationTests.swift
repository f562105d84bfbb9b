import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

@MainActor
@Suite("Localized strings from the .lproj resources")
struct LocalizationTests {
    static let placeholders: Set<String> = ["credential", "credentialLower", "count", "seconds", "reason"]

    static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test("The resource bundle ships English, German, French and Spanish, each with every key")
    func tablesAreComplete() {
        #expect(Set(ChangeCredentialStrings.availableLocalizations).isSuperset(of: ["en", "de", "fr", "es"]))
        for language in ChangeCredentialStrings.availableLocalizations {
            let table = LocalizedTables.all[language] ?? [:]
            #expect(Set(table.keys) == Set(ChangeCredentialStrings.Key.allCases), "\(language)")
        }
    }

    @Test("English comes from en.lproj, and the compiled-in fallback says exactly the same")
    func englishFromResources() {
        for key in ChangeCredentialStrings.Key.allCases {
            #expect(LocalizedTables.all["en"]?[key] == ChangeCredentialStrings.builtInEnglish[key], "\(key)")
            #expect(ChangeCredentialStrings.english[key] == ChangeCredentialStrings.builtInEnglish[key], "\(key)")
        }
    }

    @Test("Every template uses only known placeholders, the numbers where English does, and no naive plural",
          arguments: ["en", "de", "fr", "es"])
    func templatesAreWellFormed(language: String) {
        let strings = ChangeCredentialStrings.localized(for: Locale(identifier: language))
        for key in ChangeCredentialStrings.Key.allCases {
            let names = Self.placeholders(in: strings[key])
            #expect(names.isSubset(of: Self.placeholders), "\(language) \(key)")
            let english = Self.placeholders(in: ChangeCredentialStrings.english[key])
            for value in ["count", "seconds", "reason"] {
                #expect(names.contains(value) == english.contains(value), "\(language) \(key) {\(value)}")
            }
            #expect(!strings[key].contains("{credential}s") && !strings[key].contains("{credentialLower}s"),
                    "\(language) \(key)")
        }
    }

    @Test("A locale reads its language's table: region and script variants too, unknown languages English",
          arguments: [("de_DE", "de"), ("de-AT", "de"), ("fr_CA", "fr"), ("fr", "fr"), ("es_MX", "es"),
                      ("en_GB", "en"), ("pt_BR", "en"), ("ja", "en"), ("", "en")])
    func localeToLanguage(identifier: String, language: String) {
        #expect(ChangeCredentialStrings.localization(for: Locale(identifier: identifier)) == language)
    }

    @Test("The same keys read differently per locale, with the display name filled in grammatically")
    func switchingLocales() {
        let german = ChangeCredentialStrings.localized(for: Locale(identifier: "de_DE"))
        let french = ChangeCredentialStrings.localized(for: Locale(identifier: "fr_FR"))
        let spanish = ChangeCredentialStrings.localized(for: Locale(identifier: "es_ES"))
        #expect(german.text(.title, credential: "PIN") == "PIN ändern")
        #expect(german.text(.emptyValue, credential: "Passwort") == "Geben Sie einen neuen Wert für Passwort ein.")
        #expect(french.text(.submit, credential: "PIN") == "Modifier")
        #expect(french.text(.emptyValue, credential: "PIN") == "Saisissez une nouvelle valeur (PIN).")
        #expect(french.text(.emptyValue, credential: "Mot de passe") == "Saisissez une nouvelle valeur (mot de passe).")
        #expect(spanish.text(.cancel, credential: "PIN") == "Cancelar")
        #expect(ChangeCredentialStrings.localized(for: Locale(identifier: "en_US")) == .english)
        #expect(german != .english && french != german)
    }

    @Test("A state configured with a locale's table speaks that language; the default stays English")
    func stateInGerman() async {
        let german = ChangeCredentialConfiguration(
            strings: .localized(for: Locale(identifier: "de_DE")), readsEnvironment: false)
        let state = ChangeCredentialState(attribute: "pin",
                                          schemaProvider: InMemorySchemaProvider(policy: .notCredential("pin", displayName: "PIN")),
                                          updater: ScriptedCredentialUpdater(), configuration: german,
                                          presentation: .inline)
        state.appear()
        await state.settle()
        #expect(state.error == "Für dieses Konto kann PIN nicht geändert werden. Wenden Sie sich an Ihren Administrator.")
        #expect(state.title == "PIN ändern" && state.submitLabel == "Ändern")
        #expect(ChangeCredentialConfiguration().strings == .english)
    }
}
