import Foundation

/// The `ChangeCredential.strings` tables of the package's `.lproj` resources, read once.
enum LocalizedTables {
    /// Language code → key → template, for every table that reads.
    static let all: [String: [ChangeCredentialStrings.Key: String]] = load(from: Bundle.module)

    /// Reads every `<language>.lproj/ChangeCredential.strings` of `bundle`; a table that does not
    /// read is left out (its language falls back to English), and unknown keys are ignored.
    static func load(from bundle: Bundle) -> [String: [ChangeCredentialStrings.Key: String]] {
        var tables: [String: [ChangeCredentialStrings.Key: String]] = [:]
        for language in bundle.localizations where language != "Base" {
            guard let url = bundle.url(forResource: "ChangeCredential", withExtension: "strings",
                                       subdirectory: nil, localization: language),
                  let table = read(url) else { continue }
            tables[language.lowercased()] = table
        }
        return tables
    }

    /// One `.strings` file as a table; `nil` when it is not a strings file.
    static func read(_ url: URL) -> [ChangeCredentialStrings.Key: String]? {
        guard let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let entries = plist as? [String: String] else { return nil }
        var table: [ChangeCredentialStrings.Key: String] = [:]
        for (name, template) in entries {
            if let key = ChangeCredentialStrings.Key(rawValue: name) { table[key] = template }
        }
        return table
    }
}
