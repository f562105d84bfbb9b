import Foundation

/// One language's strings: its generic templates, the plural variants of its counted keys, and
/// the strings of the credentials it names (`password`, `pin`, or an app's own).
struct LocalizedTable: Sendable, Equatable {
    // Keyed by the keys' and plural categories' raw values: a dictionary type is a specialisation of
    // the standard library's hashing and copying in every app, and these two are all the tables need.

    /// Key → template, for any credential name.
    var templates: [String: String] = .init()
    /// Key → plural category (its raw value, `one`) → variant, from the `.stringsdict` (the
    /// variants' `%d` is the count).
    var plurals: [String: [String: String]] = .init()
    /// Attribute → key → complete text written for that credential (`password.title`).
    var credentials: [String: [String: String]] = .init()
    /// Attribute → the language's word for it (`password.name`), the fallback display name.
    var names: [String: String] = .init()

    /// `other` laid over this table: its entries win.
    func merging(_ other: LocalizedTable) -> LocalizedTable {
        var merged = self
        merged.templates.merge(other.templates) { _, new in new }
        merged.plurals.merge(other.plurals) { old, new in old.merging(new) { _, newer in newer } }
        merged.credentials.merge(other.credentials) { old, new in old.merging(new) { _, newer in newer } }
        merged.names.merge(other.names) { _, new in new }
        return merged
    }
}

/// The `ChangeCredential.strings` and `.stringsdict` tables of the package's `.lproj` resources,
/// read once.
///
/// The files are Apple's formats, so translators and Xcode work with them; they are read with
/// `PropertyListSerialization` and the plural variants chosen by ``PluralCategory``, because
/// corelibs Foundation on Linux cannot select `.stringsdict` variants (verified on Swift 6.3.1:
/// `Bundle.localizedString(forKey:value:table:)` crashes on a table with a `.stringsdict`).
enum LocalizedTables {
    /// The table name of the package's files, and the default for an app's overrides.
    static let tableName = "ChangeCredential"

    /// Language code → table, for every table that reads.
    static let all: [String: LocalizedTable] = load(from: Bundle.module)

    /// Reads every `<language>.lproj/<table>.strings` and `.stringsdict` of `bundle`; a language
    /// with neither is left out, and unknown keys are ignored.
    static func load(from bundle: Bundle, table: String = tableName) -> [String: LocalizedTable] {
        var tables: [String: LocalizedTable] = .init()
        for language in bundle.localizations where language != "Base" {
            if let loaded = load(from: bundle, table: table, localization: language) {
                tables[language.lowercased()] = loaded
            }
        }
        return tables
    }

    /// One language's table of `bundle`, or nil when it has neither file.
    static func load(from bundle: Bundle, table: String, localization: String) -> LocalizedTable? {
        let strings = bundle.url(forResource: table, withExtension: "strings", subdirectory: nil,
                                 localization: localization).flatMap(propertyList)
        let plurals = bundle.url(forResource: table, withExtension: "stringsdict", subdirectory: nil,
                                 localization: localization).flatMap(propertyList)
        guard strings != nil || plurals != nil else { return nil }
        var loaded = LocalizedTable()
        for (name, value) in strings ?? .init() {
            guard let template = value as? String else { continue }
            loaded.add(name: name, template: template)
        }
        for (name, value) in plurals ?? .init() {
            guard let key = ChangeCredentialStrings.Key(rawValue: name),
                  let entry = value as? [String: Any] else { continue }
            let variants = readPlural(entry)
            if !variants.isEmpty { loaded.plurals[key.rawValue] = variants }
        }
        return loaded
    }

    private static func propertyList(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
    }

    /// The variants of one `.stringsdict` entry whose format is a single `%#@name@` rule.
    private static func readPlural(_ entry: [String: Any]) -> [String: String] {
        guard let format = entry["NSStringLocalizedFormatKey"] as? String,
              format.hasPrefix("%#@"), format.hasSuffix("@"), format.count > 4 else { return .init() }
        let variable = String(format.dropFirst(3).dropLast())
        guard let rule = entry[variable] as? [String: Any] else { return .init() }
        var variants: [String: String] = .init()
        for category in PluralCategory.allCases {
            if let text = rule[category.rawValue] as? String { variants[category.rawValue] = text }
        }
        return variants[PluralCategory.other.rawValue] != nil ? variants : .init()
    }
}

extension LocalizedTable {
    /// Files one `.strings` entry: a key (`title`), a credential's key (`password.title`) or a
    /// credential's name (`password.name`).
    mutating func add(name: String, template: String) {
        if let key = ChangeCredentialStrings.Key(rawValue: name) {
            templates[key.rawValue] = template
            return
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return }
        let attribute = String(name[..<dot])
        let field = String(name[name.index(after: dot)...])
        if field == "name" {
            names[attribute] = template
        } else if let key = ChangeCredentialStrings.Key(rawValue: field) {
            credentials[attribute, default: .init()][key.rawValue] = template
        }
    }
}
