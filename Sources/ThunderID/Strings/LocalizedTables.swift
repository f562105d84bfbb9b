import Foundation

/// One language's strings: its generic templates, the plural variants of its counted keys, and
/// the strings of the credentials it names (`password`, `pin`, or an app's own).
struct LocalizedTable: Sendable, Equatable {
    // Keyed by raw values: one dictionary specialisation is all the tables need.

    /// Key → template, for any credential name.
    var templates: [String: String] = .init()
    /// Key → plural category raw value → variant, the entry's surrounding text included.
    var plurals: [String: [String: String]] = .init()
    /// Attribute → key → complete text written for that credential (`password.title`).
    var credentials: [String: [String: String]] = .init()
    /// Attribute → the language's word for it (`password.name`), the fallback display name.
    var names: [String: String] = .init()
    /// Attribute → other names that read as the language's word (German "Kennwort").
    var aliases: [String: [String]] = .init()

    /// `other` laid over this table: its entries win, a plural entry whole.
    func merging(_ other: LocalizedTable) -> LocalizedTable {
        var merged = self
        merged.templates.merge(other.templates) { _, new in new }
        merged.plurals.merge(other.plurals) { _, new in new }
        merged.credentials.merge(other.credentials) { old, new in old.merging(new) { _, newer in newer } }
        merged.names.merge(other.names) { _, new in new }
        merged.aliases.merge(other.aliases) { _, new in new }
        return merged
    }
}

/// The package's `ChangeCredential.strings` and `.stringsdict` tables, read once with
/// `PropertyListSerialization`: corelibs Foundation cannot select `.stringsdict` variants (it crashes
/// on such a table), so the package picks them itself (``PluralCategory``) on every platform.
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
            guard let key = ChangeCredentialStrings.Key(rawValue: name), let entry = value as? [String: Any],
                  let variants = StringsdictFormat.variants(of: entry) else { continue }
            loaded.plurals[key.rawValue] = variants
        }
        return loaded
    }

    /// The app's tables for `locale`, least specific folder first (`es`, `es-419`, `es-MX` for `es_MX`).
    /// Matched here because corelibs' `preferredLocalizations` does not negotiate regions.
    static func appTables(from bundle: Bundle, table: String, locale: Locale) -> [LocalizedTable] {
        let available = bundle.localizations
        return folders(for: locale).compactMap { wanted in
            available.first { folderKey($0) == wanted }.flatMap { load(from: bundle, table: table, localization: $0) }
        }
    }

    /// The folder names `locale` reads, lowercased with `-`, least specific first: language, script,
    /// `es-419` for Latin American Spanish, region, script and region (only as the identifier states them).
    static func folders(for locale: Locale) -> [String] {
        let identifier = locale.identifier.split(separator: "@").first.map(String.init) ?? ""
        let parts = identifier.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first, !language.isEmpty else { return [] }
        let script = parts.dropFirst().first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
        let region = parts.dropFirst().first {
            ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber))
        }
        var folders = [language]
        if let script { folders.append("\(language)-\(script)") }
        if language == "es", let region, latinAmericanSpanishRegions.contains(region) { folders.append("es-419") }
        if let region {
            folders.append("\(language)-\(region)")
            if let script { folders.append("\(language)-\(script)-\(region)") }
        }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }
    }

    /// The regions whose Spanish falls back to `es-419` (CLDR `parentLocales`), and `419`.
    private static let latinAmericanSpanishRegions: Set<String> = [
        "419", "ar", "bo", "br", "bz", "cl", "co", "cr", "cu", "do", "ec", "gt", "hn", "mx", "ni", "pa", "pe", "pr",
        "py", "sv", "us", "uy", "ve",
    ]

    private static func folderKey(_ localization: String) -> String {
        localization.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    private static func propertyList(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
    }
}

extension LocalizedTable {
    /// Files one `.strings` entry: a key, a credential's key (`password.title`), name (`password.name`)
    /// or aliases (`password.aliases`, `|`-separated).
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
        } else if field == "aliases" {
            aliases[attribute] = template.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        } else if let key = ChangeCredentialStrings.Key(rawValue: field) {
            credentials[attribute, default: .init()][key.rawValue] = template
        }
    }
}
