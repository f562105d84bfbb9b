import Foundation
@testable import ThunderID

/// The checks a translator's table must pass, and the rendering of every text for review.
enum LocalizationLint {
    static let counts = [0, 1, 2, 3, 5, 11, 21, 100, 4096]
    static let countedKeys: [ChangeCredentialStrings.Key: String] = [.tooShort: "count", .tooLong: "count"]
    /// The `Retry-After` waits rendered through the default mapping: none, seconds, and the
    /// minutes and hours the system's unit formatting writes.
    static let waits = [0, 1, 2, 3, 5, 11, 21, 30, 90, 91, 3600, 5400, 86_400]
    /// The keys the mapping picks for a 429; they are rendered from `waits`, not one by one.
    static let waitKeys: Set<ChangeCredentialStrings.Key> = [.errorTooManyAttemptsRetryAfter, .errorTooManyAttemptsRetryAfterDuration]
    /// An attribute no table names; its display name is the title-cased fallback.
    static let unknownAttribute = "recovery_code"

    /// The kinds of display name every language is rendered with: the table's own two words, and
    /// four an administrator might choose. In a language without grammatical gender the
    /// "masculine" and "feminine" names are two more native names with other endings.
    enum NameKind: String, CaseIterable, Sendable {
        case password, pin, masculine, feminine, latin, vowelFinal
    }

    /// Admin-chosen names per language: masculine, feminine and vowel-final native names (the
    /// Latin-script one is the title-cased fallback of ``unknownAttribute``).
    static let adminNames: [String: [NameKind: String]] = [
        "en": [.masculine: "Security Key", .feminine: "Passphrase", .vowelFinal: "Passcode"],
        "de": [.masculine: "Sicherheitsschlüssel", .feminine: "Geheimzahl", .vowelFinal: "Zugangscode"],
        "fr": [.masculine: "Code de récupération", .feminine: "Clé de sécurité", .vowelFinal: "Identifiant unique"],
        "es": [.masculine: "Código de recuperación", .feminine: "Clave de seguridad", .vowelFinal: "Frase de acceso"],
        "ja": [.masculine: "セキュリティキー", .feminine: "合言葉", .vowelFinal: "パスコード"],
        "hi": [.masculine: "सुरक्षा कोड", .feminine: "सुरक्षा कुंजी", .vowelFinal: "गुप्त संख्या"],
        "ta": [.masculine: "கடவுச்சொற்றொடர்", .feminine: "பாதுகாப்பு விசை", .vowelFinal: "மீட்புக் குறியீடு"],
        "te": [.masculine: "రికవరీ కోడ్", .feminine: "రహస్య సంఖ్య", .vowelFinal: "భద్రతా కీ"],
        "ar": [.masculine: "مفتاح الأمان", .feminine: "عبارة المرور", .vowelFinal: "الرمز السري"],
    ]

    /// English words no other language's text may hold (proper nouns such as PIN are allowed, and
    /// words that are also the language's own are left out: "App" is German, "error" Spanish).
    static let englishWords: Set<String> = [
        "the", "your", "password", "change", "new", "try", "again", "and", "not", "is", "of", "to",
        "please", "cancel", "must", "characters", "seconds", "attempts", "show", "hide", "enter",
        "hours", "hour",
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

    /// Languages whose generic templates take a shape the known names do not need (quoted, with
    /// a "value of" noun, or without a case ending): each of their keys that names the credential
    /// has a complete text for `password` and for `pin`.
    static let languagesWithCredentialTexts: Set<String> = ["de", "es", "fr", "hi", "ta", "te"]

    /// What a shipped table lacks: a key, a credential's name, a plural variant, a credential's
    /// own text where its language needs one.
    static func problems(_ table: LocalizedTable, language: String) -> [String] {
        var problems: [String] = []
        for key in ChangeCredentialStrings.Key.allCases where table.templates[key.rawValue] == nil {
            problems.append("\(language): missing key \(key)")
        }
        for attribute in ["password", "pin"] where table.names[attribute] == nil {
            problems.append("\(language): missing \(attribute).name")
        }
        for key in [ChangeCredentialStrings.Key.tooShort, .tooLong, .errorTooManyAttemptsRetryAfter] {
            let present = Set(table.plurals[key.rawValue]?.keys.compactMap(PluralCategory.init(rawValue:)) ?? [])
            for category in categories(language).subtracting(present).sorted(by: { $0.rawValue < $1.rawValue }) {
                problems.append("\(language): \(key) lacks the \(category) variant")
            }
        }
        if languagesWithCredentialTexts.contains(language) {
            for key in ChangeCredentialStrings.Key.allCases {
                guard let template = table.templates[key.rawValue], template.contains("{credential") else { continue }
                for attribute in ["password", "pin"] where table.credentials[attribute]?[key.rawValue] == nil {
                    problems.append("\(language): \(attribute).\(key) missing")
                }
            }
        }
        return problems
    }

    /// Shapes that make a generic template agree with, or inflect, the name it is given: an
    /// article, adjective or possessive before it, a case ending joined to it, a participle or
    /// verb that takes its gender. Each is right for some names and wrong for others.
    static let agreementPatterns: [String: [String]] = [
        "en": [" a {", " an {", "A {", "An {"],
        "de": ["der {", "die {", "das {", "den {", "dem {", "des {", "ein {", "eine {", "einen {", "einem {",
               "einer {", "dein {", "deine {", "deinen {", "Ihr {", "Ihre {", "Ihren {", "dieser {", "diese {",
               "dieses {", "neuer {", "neue {", "neues {", "neuen {", "aktuelle {", "aktuellen {"],
        "fr": ["le {", "la {", "les {", "l’{", "l'{", "un {", "une {", "du {", "au {", "de {", "ce {",
               "cet {", "cette {", "votre {", "nouveau {", "nouvel {", "nouvelle {"],
        "es": ["el {", "la {", "los {", "las {", "un {", "una {", "del {", "al {", "tu {", "su {",
               "este {", "esta {", "nuevo {", "nueva {"],
        "hi": ["नया {", "नई {", "नए {", "आपका {", "आपकी {", "आपके {", "अपना {", "अपनी {", "अपने {",
               "} नहीं बदला", "} बदला", "} स्वीकार", "} अपडेट कर दिया", "} नहीं मिला", "दूसरा", "दूसरी"],
        "ta": ["}-", "இந்த {", "அந்த {"],
        "ar": ["} الجديد", "} الحالي", "} هذا", "} هذه", "تصل {", "يصل {"],
    ]

    /// The agreement problems of a table's generic templates (``agreementPatterns``), and a case
    /// ending or letter joined straight to `{credential}` in any language but Japanese (whose
    /// particles, を and が, follow any noun unchanged).
    static func agreementProblems(_ table: LocalizedTable, language: String) -> [String] {
        var problems: [String] = []
        for key in ChangeCredentialStrings.Key.allCases {
            guard let template = table.templates[key.rawValue] else { continue }
            for placeholder in ["{credential}", "{credentialLower}"] where language != "ja" {
                var rest = template[...]
                while let range = rest.range(of: placeholder) {
                    if let next = rest[range.upperBound...].first, next.isLetter || next.unicodeScalars.contains(where: \.properties.isGraphemeExtend)
                        || next.unicodeScalars.first?.properties.generalCategory == .spacingMark {
                        problems.append("\(language) \(key): a suffix joined to \(placeholder)")
                    }
                    rest = rest[range.upperBound...]
                }
            }
            for pattern in agreementPatterns[language] ?? [] {
                let normalized = template.replacingOccurrences(of: "{credentialLower}", with: "{credential}")
                guard normalized.contains(pattern) else { continue }
                // Arabic hangs the name on the feminine "قيمة" ("قيمة X الجديدة"): the adjective
                // agrees with that noun, whatever the name.
                if language == "ar", pattern.hasPrefix("}"), normalized.contains("قيمة {credential}" + pattern.dropFirst()) { continue }
                problems.append("\(language) \(key): \"\(pattern)\" agrees with the name")
            }
        }
        return problems
    }

    /// The display names a language's texts are rendered with, by kind.
    static func names(_ strings: ChangeCredentialStrings, language: String) -> [(kind: NameKind, name: String)] {
        let admin = adminNames[language] ?? .init()
        return NameKind.allCases.map { kind in
            switch kind {
            case .password: (kind, strings.credentialName(forAttribute: "password") ?? "Password")
            case .pin: (kind, strings.credentialName(forAttribute: "pin") ?? "PIN")
            case .latin: (kind, UserSchema.titleCase(unknownAttribute))
            case .masculine, .feminine, .vowelFinal: (kind, admin[kind] ?? UserSchema.titleCase(unknownAttribute))
            }
        }
    }

    struct Row {
        let key: String
        /// The name kind, or "any" when every kind reads the same.
        let kind: String
        let name: String
        let count: Int?
        let text: String
    }

    /// Every text of `strings`: one row per key and name kind (one row for all kinds when they
    /// read the same), per count for the counted keys, and per `Retry-After` wait for the 429
    /// messages as the default mapping words them.
    static func rows(_ strings: ChangeCredentialStrings, language: String) -> [Row] {
        let names = names(strings, language: language)
        var rows: [Row] = []
        func add(key: String, count: Int?, _ text: (String) -> String) {
            let texts = names.map { text($0.name) }
            if Set(texts).count == 1 {
                rows.append(Row(key: key, kind: "any", name: "-", count: count, text: texts[0]))
            } else {
                for (entry, text) in zip(names, texts) {
                    rows.append(Row(key: key, kind: entry.kind.rawValue, name: entry.name, count: count, text: text))
                }
            }
        }
        for key in ChangeCredentialStrings.Key.allCases where !waitKeys.contains(key) {
            if let counted = countedKeys[key] {
                for count in counts {
                    add(key: key.rawValue, count: count) { strings.text(key, credential: $0, values: [counted: String(count)]) }
                }
            } else {
                add(key: key.rawValue, count: nil) { strings.text(key, credential: $0, values: ["reason": "«reason»"]) }
            }
        }
        let mapping = DefaultErrorMessageMapping()
        for wait in waits {
            let error = ThunderIDError.server(ServerError(status: 429, retryAfter: Double(wait)))
            add(key: "Retry-After → " + mapping.messageKey(for: error).rawValue, count: wait) {
                mapping.message(for: error, strings: strings, credential: $0)
            }
        }
        return rows
    }

    /// The reviewed table: `language<TAB>name kind<TAB>display name<TAB>key<TAB>count<TAB>text`
    /// per line.
    static func renderAll(languages: [String]) -> String {
        var lines: [String] = []
        for language in languages {
            let strings = ChangeCredentialStrings.localized(for: Locale(identifier: language))
            for row in rows(strings, language: language) {
                lines.append([language, row.kind, row.name, row.key, row.count.map(String.init) ?? "-", row.text]
                    .joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Leftover placeholders and format specifiers in any rendered text, and English words in a
    /// non-English text rendered with a name in the language's own script and words.
    static func renderingProblems(_ strings: ChangeCredentialStrings, language: String) -> [String] {
        var problems: [String] = []
        for row in rows(strings, language: language) {
            if row.text.contains("{") || row.text.contains("}") || row.text.contains("%") {
                problems.append("\(language) \(row.key): leftover placeholder in \(row.text)")
            }
            guard language != "en", row.kind != NameKind.latin.rawValue else { continue }
            let words = row.text.lowercased().split { !$0.isLetter }.map(String.init)
            if let word = words.first(where: englishWords.contains) {
                problems.append("\(language) \(row.key): English word \"\(word)\" in \(row.text)")
            }
        }
        return problems
    }
}
