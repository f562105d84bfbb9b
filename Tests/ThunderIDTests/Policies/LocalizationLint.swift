import Foundation
@testable import ThunderID

/// The checks a translator's table must pass, and the rendering of every text for review.
enum LocalizationLint {
    static let counts = [0, 1, 2, 3, 5, 11, 21, 100]
    static let countedKeys: [ChangeCredentialStrings.Key: String] = [
        .tooShort: "count", .tooLong: "count", .errorTooManyAttemptsRetryAfter: "seconds",
    ]
    /// An attribute no table names; its display name is the title-cased fallback.
    static let unknownAttribute = "recovery_code"

    /// English words no other language's text may hold (proper nouns such as PIN are allowed, and
    /// words that are also the language's own are left out: "App" is German, "error" Spanish).
    static let englishWords: Set<String> = [
        "the", "your", "password", "change", "new", "try", "again", "and", "not", "is", "of", "to",
        "please", "cancel", "must", "characters", "seconds", "attempts", "show", "hide", "enter",
    ]

    /// The plural categories a language's counted keys must have variants for.
    static func categories(_ language: String) -> Set<PluralCategory> {
        switch language {
        case "ja": return [.other]
        case "ar": return Set(PluralCategory.allCases)
        case "fr", "es": return [.one, .many, .other]
        default: return [.one, .other]
        }
    }

    /// What a shipped table lacks: a key, a credential's name, a plural variant.
    static func problems(_ table: LocalizedTable, language: String) -> [String] {
        var problems: [String] = []
        for key in ChangeCredentialStrings.Key.allCases where table.templates[key.rawValue] == nil {
            problems.append("\(language): missing key \(key)")
        }
        // English names no credential: its fallback stays the title-cased attribute ("Pin"), as the
        // spec's English texts read, and its generic sentences take any name.
        for attribute in ["password", "pin"] where language != "en" && table.names[attribute] == nil {
            problems.append("\(language): missing \(attribute).name")
        }
        for key in countedKeys.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let present = Set(table.plurals[key.rawValue]?.keys.compactMap(PluralCategory.init(rawValue:)) ?? [])
            for category in categories(language).subtracting(present).sorted(by: { $0.rawValue < $1.rawValue }) {
                problems.append("\(language): \(key) lacks the \(category) variant")
            }
        }
        return problems
    }

    /// The display names a language's texts are rendered with: its password, its PIN, and the
    /// unknown attribute's fallback.
    static func names(_ strings: ChangeCredentialStrings) -> [String] {
        [strings.credentialName(forAttribute: "password") ?? "Password",
         strings.credentialName(forAttribute: "pin") ?? "PIN",
         UserSchema.titleCase(unknownAttribute)]
    }

    /// Every text of `strings`: one row per key and name, and per count for the counted keys.
    static func rows(_ strings: ChangeCredentialStrings) -> [(key: ChangeCredentialStrings.Key, name: String, count: Int?, text: String)] {
        var rows: [(key: ChangeCredentialStrings.Key, name: String, count: Int?, text: String)] = []
        for name in names(strings) {
            for key in ChangeCredentialStrings.Key.allCases {
                if let counted = countedKeys[key] {
                    for count in counts {
                        rows.append((key, name, count, strings.text(key, credential: name, values: [counted: String(count)])))
                    }
                } else {
                    rows.append((key, name, nil, strings.text(key, credential: name, values: ["reason": "«reason»"])))
                }
            }
        }
        return rows
    }

    /// The reviewed table: `language<TAB>display name<TAB>key<TAB>count<TAB>text` per line.
    static func renderAll(languages: [String]) -> String {
        var lines: [String] = []
        for language in languages {
            let strings = ChangeCredentialStrings.localized(for: Locale(identifier: language))
            for row in rows(strings) {
                lines.append([language, row.name, row.key.rawValue, row.count.map(String.init) ?? "-", row.text]
                    .joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Leftover placeholders and format specifiers in any rendered text, and English words in a
    /// non-English text rendered with the language's own credential names.
    static func renderingProblems(_ strings: ChangeCredentialStrings, language: String) -> [String] {
        var problems: [String] = []
        let unknownName = UserSchema.titleCase(unknownAttribute)
        for row in rows(strings) {
            if row.text.contains("{") || row.text.contains("}") || row.text.contains("%") {
                problems.append("\(language) \(row.key): leftover placeholder in \(row.text)")
            }
            guard language != "en", row.name != unknownName else { continue }
            let words = row.text.lowercased().split { !$0.isLetter }.map(String.init)
            if let word = words.first(where: englishWords.contains) {
                problems.append("\(language) \(row.key): English word \"\(word)\" in \(row.text)")
            }
        }
        return problems
    }
}
