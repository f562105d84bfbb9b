import Foundation
@testable import ThunderID
import Testing

/// The package's reading of `.stringsdict` plurals compared with Foundation's own.
///
/// Corelibs Foundation on Linux cannot pick a `.stringsdict` variant: `Bundle.localizedString(forKey:
/// value:table:)` crashes (SIGSEGV) on a table that has one, and `String(localized:)` does not
/// exist there. So on Linux the variant is picked by Apple's documented rule, written out here
/// independently of the package (`zero` for 0 whenever the entry has one, as the Foundation release
/// notes for OS X 10.9 say; else the number's CLDR category, from the table below; else `other`),
/// and Foundation formats it: `String(format:locale:arguments:)`, which on Linux too writes the
/// number grouped and in the locale's digits. On Apple platforms the whole path runs through
/// Foundation (`appleFoundationPicksTheSameVariants`).
@Suite("Plurals as Foundation reads them")
struct PluralFoundationTests {
    static let languages = LocalizationTests.languages
    static let counts = [0, 1, 2, 3, 5, 11, 21, 100, 4096, 1_000_000]

    /// CLDR 46 categories of `counts`, per language (the same as ICU 76 answers).
    static let cldr: [String: [PluralCategory]] = [
        "en": [.other, .one, .other, .other, .other, .other, .other, .other, .other, .other],
        "de": [.other, .one, .other, .other, .other, .other, .other, .other, .other, .other],
        "fr": [.one, .one, .other, .other, .other, .other, .other, .other, .other, .many],
        "es": [.other, .one, .other, .other, .other, .other, .other, .other, .other, .many],
        "ja": [.other, .other, .other, .other, .other, .other, .other, .other, .other, .other],
        "hi": [.one, .one, .other, .other, .other, .other, .other, .other, .other, .other],
        "ta": [.other, .one, .other, .other, .other, .other, .other, .other, .other, .other],
        "te": [.other, .one, .other, .other, .other, .other, .other, .other, .other, .other],
        "ar": [.zero, .one, .two, .few, .few, .many, .many, .other, .many, .other],
    ]

    /// The variant Apple's documented rule picks from the raw entry, and the format key around it.
    static func foundationFormat(_ entry: [String: Any], count: Int, category: PluralCategory) throws -> String {
        let format = try #require(entry["NSStringLocalizedFormatKey"] as? String)
        let open = try #require(format.range(of: "%#@"))
        let close = try #require(format[open.upperBound...].firstIndex(of: "@"))
        let rule = try #require(entry[String(format[open.upperBound..<close])] as? [String: Any])
        let picked = (count == 0 ? rule["zero"] as? String : nil) ?? rule[category.rawValue] as? String ?? rule["other"] as? String
        return String(format[..<open.lowerBound]) + (try #require(picked)) + String(format[format.index(after: close)...])
    }

    static func entries(_ bundle: Bundle, localization: String) throws -> [String: Any] {
        let url = try #require(bundle.url(forResource: "ChangeCredential", withExtension: "stringsdict", subdirectory: nil,
                                          localization: localization))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try #require(plist as? [String: Any])
    }

    @Test("Every shipped counted text equals Foundation's formatting of the variant Apple's rule picks", arguments: languages)
    func shippedPlurals(language: String) throws {
        let entries = try Self.entries(Bundle.module, localization: language)
        let categories = try #require(Self.cldr[language])
        for identifier in [language] + (language == "ar" ? ["ar_EG"] : []) {
            let locale = Locale(identifier: identifier)
            let strings = ChangeCredentialStrings.localized(for: locale)
            for (key, value) in [(ChangeCredentialStrings.Key.tooShort, "count"), (.tooLong, "count"), (.errorTooManyAttemptsRetryAfter, "seconds")] {
                let entry = try #require(entries[key.rawValue] as? [String: Any])
                for (count, category) in zip(Self.counts, categories) {
                    #expect(PluralCategory.category(of: count, language: language) == category, "\(language) \(count)")
                    let format = try Self.foundationFormat(entry, count: count, category: category)
                    let foundation = String(format: format, locale: locale, arguments: [count])
                    #expect(strings.text(key, credential: "PIN", values: [value: String(count)]) == foundation, "\(identifier) \(key) \(count)")
                }
            }
        }
    }

    @Test("An app's stringsdict with text around the variable, %ld, %1$ld, %% and zero reads as Foundation formats it")
    func appOverridePlurals() throws {
        let app = try AppOverrideTests.englishOverride()
        let entries = try Self.entries(app.bundle, localization: "en")
        for identifier in ["en", "en_IN", "en_GB"] {
            let locale = Locale(identifier: identifier)
            let strings = ChangeCredentialStrings.localized(for: locale, overridesFrom: app.bundle)
            for (key, value) in [(ChangeCredentialStrings.Key.tooShort, "count"), (.tooLong, "count"), (.errorTooManyAttemptsRetryAfter, "seconds")] {
                let entry = try #require(entries[key.rawValue] as? [String: Any])
                for (count, category) in zip(Self.counts, try #require(Self.cldr["en"])) {
                    let foundation = String(format: try Self.foundationFormat(entry, count: count, category: category), locale: locale,
                                            arguments: [count])
                    #expect(strings.text(key, credential: "PIN", values: [value: String(count)]) == foundation, "\(identifier) \(key) \(count)")
                }
            }
        }
    }

    #if canImport(Darwin)
    @Test("On Apple platforms Foundation itself picks the same variants from the same files")
    func appleFoundationPicksTheSameVariants() throws {
        for language in Self.languages {
            let lproj = try #require(Bundle.module.url(forResource: "ChangeCredential", withExtension: "stringsdict",
                                                      subdirectory: nil, localization: language)).deletingLastPathComponent()
            let table = try #require(Bundle(url: lproj))
            let locale = Locale(identifier: language)
            let strings = ChangeCredentialStrings.localized(for: locale)
            for (key, value) in [(ChangeCredentialStrings.Key.tooShort, "count"), (.tooLong, "count"), (.errorTooManyAttemptsRetryAfter, "seconds")] {
                let format = table.localizedString(forKey: key.rawValue, value: nil, table: "ChangeCredential")
                for count in Self.counts {
                    let foundation = String(format: format, locale: locale, arguments: [count])
                    #expect(strings.text(key, credential: "PIN", values: [value: String(count)]) == foundation, "\(language) \(key) \(count)")
                }
            }
        }
    }
    #endif
}
