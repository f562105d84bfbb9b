import Foundation
@testable import ThunderID
import Testing

/// An app bundle written to a temporary folder, removed when the last reference goes: `files`
/// maps `<folder>.lproj/<file>` to contents.
final class TemporaryAppBundle {
    let url: URL
    let bundle: Bundle

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("thunderid-app-\(UUID().uuidString).bundle")
        for (path, contents) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
        guard let bundle = Bundle(path: url.path) else { throw CocoaError(.fileNoSuchFile) }
        self.bundle = bundle
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A `.stringsdict` with one plural entry per key: key → (format key, variable, variants).
    static func stringsdict(_ entries: [String: (format: String, variable: String, variants: [String: String])]) -> String {
        var plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        """
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
            plist += "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>\(entry.format)</string>"
            plist += "<key>\(entry.variable)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            plist += "<key>NSStringFormatValueTypeKey</key><string>ld</string>"
            for (category, text) in entry.variants.sorted(by: { $0.key < $1.key }) {
                plist += "<key>\(category)</key><string>\(text)</string>"
            }
            plist += "</dict></dict>"
        }
        return plist + "</dict></plist>"
    }
}

@Suite("App overrides read as Foundation reads the same files")
struct AppOverrideTests {
    static func spanishApp() throws -> TemporaryAppBundle {
        try TemporaryAppBundle([
            "es.lproj/ChangeCredential.strings": #""submit" = "Aplicar"; "cancel" = "Volver";"#,
            "es-419.lproj/ChangeCredential.strings": #""submit" = "Guardar";"#,
            "es-MX.lproj/ChangeCredential.strings": #""cancel" = "Regresar";"#,
        ])
    }

    @Test("A Latin American Spanish locale reads es-419.lproj, falling back to es.lproj key by key; Spain reads es.lproj", arguments: [
        ("es_MX", "Guardar", "Regresar"), ("es-419", "Guardar", "Volver"), ("es_AR", "Guardar", "Volver"),
        ("es_US", "Guardar", "Volver"), ("es_ES", "Aplicar", "Volver"), ("es", "Aplicar", "Volver"),
    ])
    func spanishRegions(identifier: String, submit: String, cancel: String) throws {
        let app = try Self.spanishApp()
        let strings = ChangeCredentialStrings.localized(for: Locale(identifier: identifier), overridesFrom: app.bundle)
        #expect(strings.text(.submit, credential: "Contraseña") == submit)
        #expect(strings.text(.cancel, credential: "Contraseña") == cancel)
        #expect(strings.text(.loading, credential: "Contraseña") == "Cargando…", "keys no folder writes read the package's")
    }

    @Test("An app with only es-419.lproj overrides Latin American Spanish and leaves Spain's texts alone")
    func onlyTheRegionalFolder() throws {
        let app = try TemporaryAppBundle(["es-419.lproj/ChangeCredential.strings": #""submit" = "Guardar";"#])
        let mexico = ChangeCredentialStrings.localized(for: Locale(identifier: "es_MX"), overridesFrom: app.bundle)
        #expect(mexico.text(.submit, credential: "Contraseña") == "Guardar")
        let spain = ChangeCredentialStrings.localized(for: Locale(identifier: "es_ES"), overridesFrom: app.bundle)
        #expect(spain.text(.submit, credential: "Contraseña") == "Cambiar")
    }

    @Test("fr-CA.lproj overrides Canadian French over the app's fr.lproj; France reads fr.lproj")
    func canadianFrench() throws {
        let app = try TemporaryAppBundle([
            "fr.lproj/ChangeCredential.strings": #""submit" = "Valider";"#,
            "fr_CA.lproj/ChangeCredential.strings": #""pin.name" = "NIP"; "pin.title" = "Modifier le NIP";"#,
        ])
        let canada = ChangeCredentialStrings.localized(for: Locale(identifier: "fr_CA"), overridesFrom: app.bundle)
        #expect(canada.text(.submit, credential: "NIP") == "Valider")
        #expect(canada.text(.title, credential: "NIP") == "Modifier le NIP")
        #expect(canada.credentialName(forAttribute: "pin") == "NIP")
        let france = ChangeCredentialStrings.localized(for: Locale(identifier: "fr_FR"), overridesFrom: app.bundle)
        #expect(france.credentialName(forAttribute: "pin") == "Code PIN")
    }

    @Test("An app's pt-BR.lproj makes Brazilian Portuguese the language, English filling the keys it lacks; without it pt_BR reads English")
    func appOnlyLanguage() throws {
        let app = try TemporaryAppBundle(["pt-BR.lproj/ChangeCredential.strings": #""title" = "Alterar {credential}"; "submit" = "Alterar";"#])
        let brazil = ChangeCredentialStrings.localized(for: Locale(identifier: "pt_BR"), overridesFrom: app.bundle)
        #expect(brazil.text(.title, credential: "Senha") == "Alterar Senha")
        #expect(brazil.text(.cancel, credential: "Senha") == "Cancel")
        let portugal = ChangeCredentialStrings.localized(for: Locale(identifier: "pt_PT"), overridesFrom: app.bundle)
        #expect(portugal == ChangeCredentialStrings.localized(for: Locale(identifier: "pt_PT")), "no pt-PT or pt folder: English")
        #expect(portugal.text(.submit, credential: "Password") == "Change")
    }

    @Test("The folders a locale reads run from its language to its region", arguments: [
        ("es_MX", ["es", "es-419", "es-mx"]), ("es-419", ["es", "es-419"]), ("es_ES", ["es", "es-es"]),
        ("fr_CA", ["fr", "fr-ca"]), ("pt-BR", ["pt", "pt-br"]), ("zh-Hant-TW", ["zh", "zh-hant", "zh-tw", "zh-hant-tw"]),
        ("de", ["de"]),
    ])
    func folders(identifier: String, expected: [String]) {
        #expect(LocalizedTables.folders(for: Locale(identifier: identifier)) == expected)
    }

    /// An English override in the shapes Xcode and translators write: text around the variable,
    /// `%ld`, a positional `%1$ld`, and a `zero` variant.
    static func englishOverride() throws -> TemporaryAppBundle {
        try TemporaryAppBundle(["en.lproj/ChangeCredential.stringsdict": TemporaryAppBundle.stringsdict([
            "tooShort": ("Use at least %#@count@.", "count", ["one": "%ld character", "other": "%ld characters"]),
            "tooLong": ("%#@count@", "count", ["one": "At most %1$ld character.", "other": "At most %1$ld characters (100%%)."]),
            "errorTooManyAttemptsRetryAfter": ("%#@seconds@", "seconds", [
                "zero": "Too many attempts. Try again now.", "one": "Too many attempts. Wait %lld second.",
                "other": "Too many attempts. Wait %lld seconds.",
            ]),
        ])])
    }

    @Test("Surrounding text, %ld, %1$ld, %% and a zero variant in an app's stringsdict read as Foundation formats them")
    func stringsdictShapes() throws {
        let app = try Self.englishOverride()
        let strings = ChangeCredentialStrings.localized(for: Locale(identifier: "en_US"), overridesFrom: app.bundle)
        #expect(strings.text(.tooShort, credential: "PIN", values: ["count": "1"]) == "Use at least 1 character.")
        #expect(strings.text(.tooShort, credential: "PIN", values: ["count": "12"]) == "Use at least 12 characters.")
        #expect(strings.text(.tooLong, credential: "PIN", values: ["count": "4096"]) == "At most 4,096 characters (100%).")
        #expect(strings.text(.errorTooManyAttemptsRetryAfter, credential: "PIN", values: ["seconds": "0"]) == "Too many attempts. Try again now.")
        #expect(strings.text(.errorTooManyAttemptsRetryAfter, credential: "PIN", values: ["seconds": "1"]) == "Too many attempts. Wait 1 second.")
    }

    @Test("An app's plural entry replaces the package's whole: Arabic one/other never mixes with the package's few")
    func pluralEntryReplacedWhole() throws {
        let app = try TemporaryAppBundle(["ar.lproj/ChangeCredential.stringsdict": TemporaryAppBundle.stringsdict([
            "tooShort": ("%#@count@", "count", ["one": "حرف واحد على الأقل", "other": "%ld حرف على الأقل"]),
        ])])
        let strings = ChangeCredentialStrings.localized(for: Locale(identifier: "ar"), overridesFrom: app.bundle)
        #expect(strings.text(.tooShort, credential: "PIN", values: ["count": "3"]) == "3 حرف على الأقل")
        #expect(strings.pluralVariants(.tooShort).keys.sorted() == ["one", "other"])
    }

    @Test("Entries Foundation could not fill with one number are not read: two variables, no other variant, another rule type")
    func unreadableEntries() throws {
        let app = try TemporaryAppBundle(["en.lproj/ChangeCredential.stringsdict": TemporaryAppBundle.stringsdict([
            "tooShort": ("%#@count@ and %#@more@", "count", ["other": "%ld"]),
            "tooLong": ("%#@count@", "count", ["one": "%ld character"]),
        ])])
        let strings = ChangeCredentialStrings.localized(for: Locale(identifier: "en"), overridesFrom: app.bundle)
        #expect(strings.pluralVariants(.tooShort) == ChangeCredentialStrings.english.pluralVariants(.tooShort))
        #expect(strings.pluralVariants(.tooLong) == ChangeCredentialStrings.english.pluralVariants(.tooLong))
        #expect(StringsdictFormat.variants(of: [
            "NSStringLocalizedFormatKey": "%#@count@",
            "count": ["NSStringFormatSpecTypeKey": "NSStringGenderRuleType", "other": "x"] as [String: Any],
        ]) == nil)
    }

    @Test("Integer conversions of the one number are filled; anything else stays as written", arguments: [
        ("%d|%i|%u|%ld|%lld|%qd|%zd|%hd|%1$ld|%1$lld|%D|%%", "7|7|7|7|7|7|7|7|7|7|7|%"),
        ("%@ and %2$ld and %f", "%@ and %2$ld and %f"), ("100%", "100%"), ("%", "%"), ("%l", "%l"),
        ("a %#@x@ b", "a %#@x@ b"),
    ])
    func fill(format: String, expected: String) {
        #expect(StringsdictFormat.fill(format, number: "7") == expected)
    }

    @Test("The one variable of a format key is found, with or without a position; two, or none, are not", arguments: [
        ("%#@count@", "count"), ("Use at least %#@count@.", "count"), ("%1$#@n@ left", "n"), ("100%% %#@n@", "n"),
    ])
    func variable(format: String, name: String) throws {
        let found = try #require(StringsdictFormat.variableReference(in: format))
        #expect(found.name == name)
        #expect(String(format[found.range]).hasSuffix("@\(name)@"))
    }

    @Test("No usable variable: none, two, or an unterminated one", arguments: ["plain", "%#@a@ %#@b@", "%#@open", "%%#@x@"])
    func noVariable(format: String) {
        #expect(StringsdictFormat.variableReference(in: format) == nil)
    }
}
