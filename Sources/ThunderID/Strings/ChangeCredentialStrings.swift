import Foundation

/// Every user-visible string of the ChangeCredential flow, in one table.
///
/// The tables are the package's `Resources/<language>.lproj/ChangeCredential.strings` and
/// `.stringsdict`: English (``english``), German, French, Spanish, Japanese, Hindi, Tamil, Telugu and
/// Arabic. ``localized(for:overridesFrom:table:)`` picks one for a locale and lays an app's tables
/// over it. Counted keys read the `.stringsdict` variant Foundation picks on Apple platforms, chosen
/// by the package itself so Linux reads the same texts.
///
/// A table may hold complete texts for a credential (`password.title`) with the right article,
/// gender and case, used when the display name is the table's word for it or one of its aliases;
/// otherwise the generic templates apply. Templates may use `{credential}` (the display name),
/// `{credentialLower}` (as it reads inside a sentence: "password", but "PIN"), and for some keys
/// `{seconds}`, `{count}`, `{duration}` or `{reason}`. Replace the whole table or single keys:
///
/// ```swift
/// var strings = ChangeCredentialStrings.localized(for: Locale(identifier: "de_DE"))
/// strings["submit"] = "Übernehmen"
/// let custom = ChangeCredentialStrings(["title": "Update {credential}", "submit": "Update"])
/// ```
public struct ChangeCredentialStrings: Sendable, Equatable {
    /// The name of one string, a key of the `ChangeCredential.strings` tables such as `"submit"` or
    /// `"errorOffline"`, written as a string literal: `strings["cancel"] = "Zurück"`. A key the
    /// package does not know reads as its own name and no view ever shows it.
    public struct Key: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The key as the strings tables write it.
        public let rawValue: String

        /// The key as the strings tables write it (``rawValue``).
        public var description: String { rawValue }

        /// The key named `rawValue`, or `nil` when the package has no string of that name.
        package init?(rawValue: String) {
            guard Self.known.contains(rawValue) else { return nil }
            self.rawValue = rawValue
        }

        /// The key `value`, written as a literal (`"submit"`).
        public init(stringLiteral value: String) {
            rawValue = value
        }

        private init(_ name: String) {
            rawValue = name
        }

        package static let title = Key("title")
        /// New-value field label and placeholder.
        package static let newValueLabel = Key("newValueLabel")
        /// Confirmation field label and placeholder.
        package static let confirmationLabel = Key("confirmationLabel")
        /// The sheet's submit button ("Change", the SDK family's `changeCredential.submitShort`).
        package static let submit = Key("submit")
        package static let cancel = Key("cancel")
        /// The submit button while the change is posted ("Changing…").
        package static let submitting = Key("submitting")
        package static let loading = Key("loading")
        /// Accessibility label of the eye button when the value is masked.
        package static let showValue = Key("showValue")
        /// Accessibility label of the eye button when the value is shown.
        package static let hideValue = Key("hideValue")
        /// Requirement hint when a regex applies and the schema has no description.
        package static let requirementHintFallback = Key("requirementHintFallback")
        package static let emptyValue = Key("emptyValue")
        package static let mismatch = Key("mismatch")
        /// ``MinimumLengthRule`` failed (`{count}`).
        package static let tooShort = Key("tooShort")
        /// ``DenyListRule`` failed.
        package static let denied = Key("denied")
        /// A value is longer than the maximum credential length (`{count}`,
        /// `CredentialInput.maximumLength`), checked before any rule.
        package static let tooLong = Key("tooLong")
        /// Title of the notice when the schema does not declare the credential.
        package static let unavailableTitle = Key("unavailableTitle")
        /// Body of that notice.
        package static let unavailableMessage = Key("unavailableMessage")
        /// The schema could not be loaded (`{reason}` is the mapped error message).
        package static let schemaFailed = Key("schemaFailed")
        package static let success = Key("success")
        /// 400: the server refused the value (USR-1024).
        package static let errorCredentialNotAccepted = Key("errorCredentialNotAccepted")
        /// 400 USR-1001: the server could not read the request (the app's fault, not the value's).
        package static let errorMalformedRequest = Key("errorMalformedRequest")
        /// 400 USR-1017: the request carried no value (the app's fault, not the user's).
        package static let errorMissingValue = Key("errorMissingValue")
        /// 401: the session expired.
        package static let errorSessionExpired = Key("errorSessionExpired")
        /// 403 USR-1029: the server wants the current value.
        package static let errorCurrentValueRequired = Key("errorCurrentValueRequired")
        /// 403 (SSE-4030) or a read-only account: not allowed.
        package static let errorNotAllowed = Key("errorNotAllowed")
        /// 404: the account was not found.
        package static let errorAccountNotFound = Key("errorAccountNotFound")
        /// 429 without a known wait.
        package static let errorTooManyAttempts = Key("errorTooManyAttempts")
        /// 429 with a `Retry-After` of up to 90 seconds (`{seconds}`).
        package static let errorTooManyAttemptsRetryAfter = Key("errorTooManyAttemptsRetryAfter")
        /// 429 with a longer `Retry-After` (`{duration}`: "2 minutes", "1 hour, 30 minutes", written
        /// by the system's unit formatting for the locale).
        package static let errorTooManyAttemptsRetryAfterDuration = Key("errorTooManyAttemptsRetryAfterDuration")
        /// 5xx.
        package static let errorServer = Key("errorServer")
        package static let errorOffline = Key("errorOffline")
        package static let errorTimeout = Key("errorTimeout")
        package static let errorConnectionLost = Key("errorConnectionLost")
        /// The update was sent but not answered: it may have been applied.
        package static let errorUpdateUnconfirmed = Key("errorUpdateUnconfirmed")
        package static let errorTLS = Key("errorTLS")
        package static let errorCancelled = Key("errorCancelled")
        package static let errorDecoding = Key("errorDecoding")
        package static let errorConfiguration = Key("errorConfiguration")
        package static let errorTokenUnavailable = Key("errorTokenUnavailable")
        package static let errorGeneric = Key("errorGeneric")

        /// Every key the package has a string for, in the tables' order.
        package static let allCases: [Key] = [
            .title, .newValueLabel, .confirmationLabel, .submit,
            .cancel, .submitting, .loading, .showValue,
            .hideValue, .requirementHintFallback, .emptyValue, .mismatch,
            .tooShort, .denied, .tooLong, .unavailableTitle,
            .unavailableMessage, .schemaFailed, .success, .errorCredentialNotAccepted,
            .errorMalformedRequest, .errorMissingValue, .errorSessionExpired, .errorCurrentValueRequired,
            .errorNotAllowed, .errorAccountNotFound, .errorTooManyAttempts, .errorTooManyAttemptsRetryAfter,
            .errorTooManyAttemptsRetryAfterDuration, .errorServer, .errorOffline, .errorTimeout, .errorConnectionLost,
            .errorUpdateUnconfirmed, .errorTLS, .errorCancelled, .errorDecoding, .errorConfiguration,
            .errorTokenUnavailable, .errorGeneric,
        ]
        private static let known: Set<String> = Set(allCases.map(\.rawValue))
    }

    /// The language's strings, English underneath.
    private var table: LocalizedTable
    /// The locale whose plural rules choose a variant and whose digits write a number.
    public private(set) var locale: Locale

    /// The English table, read from `en.lproj` (the default of every configuration).
    public static let english = ChangeCredentialStrings(table: Self.englishTable, locale: Locale(identifier: "en"))

    /// The English table with `overrides` applied.
    public init(_ overrides: [Key: String] = .init()) {
        self = .english
        for (key, template) in overrides { self[key] = template }
    }

    /// The table for `locale`'s language (`de_CH` reads `de`), or English when neither the package nor
    /// the app has one; a key a table lacks reads the English template.
    ///
    /// With `bundle` (usually `Bundle.main`), the app's own `<table>.strings` and `.stringsdict` are laid
    /// over the package's, from the language's folder to the most specific (for `es_MX`: `es.lproj`,
    /// `es-419.lproj`, `es-MX.lproj`); any key they write wins, and they can add a credential's strings
    /// (`"recovery_code.name"`, …). A language the package does not ship is spoken when the app has a
    /// table for it.
    public static func localized(for locale: Locale, overridesFrom bundle: Bundle? = nil,
                                 table tableName: String = "ChangeCredential") -> ChangeCredentialStrings {
        let wanted = languageCode(of: locale)
        let own = bundle.map { LocalizedTables.appTables(from: $0, table: tableName, locale: locale) } ?? []
        let language = LocalizedTables.all[wanted] != nil || !own.isEmpty ? wanted : "en"
        var table = englishTable.merging(LocalizedTables.all[language] ?? LocalizedTable())
        let overrides = language == wanted ? own
            : bundle.map { LocalizedTables.appTables(from: $0, table: tableName, locale: Locale(identifier: "en")) } ?? []
        for folder in overrides { table = table.merging(folder) }
        return ChangeCredentialStrings(table: table, locale: locale)
    }

    /// The languages the package ships tables for, such as `["ar", "de", "en", …]`.
    public static var availableLocalizations: [String] { Array(LocalizedTables.all.keys).sorted() }

    /// The shipped language `locale` reads: its language code when a table exists, else `"en"`.
    package static func localization(for locale: Locale) -> String {
        let language = languageCode(of: locale)
        return LocalizedTables.all[language] != nil ? language : "en"
    }

    /// The lowercased language code of `locale` (`es` for `es-419` and `es_MX`).
    static func languageCode(of locale: Locale) -> String {
        let identifier = locale.identifier.replacingOccurrences(of: "-", with: "_")
        return identifier.split(separator: "_").first.map(String.init)?.lowercased() ?? ""
    }

    /// Equal when they hold the same texts and write numbers alike (same plural rules and digits: `en_US`
    /// equals `en`; `ar_EG` and `ar_AE` differ).
    public static func == (lhs: ChangeCredentialStrings, rhs: ChangeCredentialStrings) -> Bool {
        lhs.table == rhs.table
            && localization(for: lhs.locale) == localization(for: rhs.locale)
            && lhs.locale.numberingSystem == rhs.locale.numberingSystem
    }

    private init(table: LocalizedTable, locale: Locale) {
        self.table = table
        self.locale = locale
    }

    /// The raw template for `key`, with its placeholders. Setting one makes it the text for every
    /// credential and count: the key's plural variants and credentials' own texts are dropped.
    public subscript(key: Key) -> String {
        get { table.templates[key.rawValue] ?? Self.englishTable.templates[key.rawValue] ?? key.rawValue }
        set {
            table.templates[key.rawValue] = newValue
            table.plurals[key.rawValue] = nil
            for attribute in table.credentials.keys { table.credentials[attribute]?[key.rawValue] = nil }
        }
    }

    /// The plural variants of a counted key by category raw value (`one`, `other`), `%lld` being the
    /// number; empty when it has none. Setting variants without an `other` one is ignored.
    package func pluralVariants(_ key: Key) -> [String: String] { table.plurals[key.rawValue] ?? .init() }

    package mutating func setPluralVariants(_ variants: [String: String], for key: Key) {
        table.plurals[key.rawValue] = variants[PluralCategory.other.rawValue] != nil ? variants : nil
    }

    /// Adds or replaces a credential's own strings: `name` is this language's word for `attribute`
    /// (the fallback display name, compared without case), and `texts` complete sentences used when the
    /// display name is `name`. Keys not in `texts` use the generic templates.
    public mutating func setCredential(_ attribute: String, name: String, texts: [Key: String]) {
        table.names[attribute] = name
        for (key, text) in texts { table.credentials[attribute, default: .init()][key.rawValue] = text }
    }

    /// This language's word for `attribute` (`password` → "Passwort" in German), if the table names it.
    package func credentialName(forAttribute attribute: String) -> String? { table.names[attribute] }

    /// The credential's own text for `key` when `name` names one that has it, else the generic template.
    package func template(_ key: Key, displayName name: String) -> String {
        if let attribute = credential(named: name), let own = table.credentials[attribute]?[key.rawValue] { return own }
        return self[key]
    }

    private func credential(named name: String) -> String? {
        let folded = name.lowercased()
        return table.names.first { $0.value.lowercased() == folded }?.key
    }

    /// `name` as this table writes it: an alias or the English word reads as the table's word, so German
    /// "Kennwort" and "Password" both read "Passwort".
    func canonical(_ name: DisplayNameForms) -> DisplayNameForms {
        let folded = name.credential.lowercased()
        for (attribute, own) in table.names where own.lowercased() != folded {
            if Self.englishTable.names[attribute]?.lowercased() == folded
                || table.aliases[attribute]?.contains(where: { $0.lowercased() == folded }) == true {
                return DisplayNameForms(own)
            }
        }
        return name
    }

    /// `key`'s template with `{credential}`, `{credentialLower}` and `values` substituted in one pass.
    /// A whole `count` or `seconds` selects the plural variant and is written in the locale's digits.
    package func text(_ key: Key, credential: String, values: [String: String] = .init()) -> String {
        text(key, name: DisplayNameForms(credential), values: values)
    }

    /// A display name and its in-sentence form, worked out once per schema.
    struct DisplayNameForms: Sendable {
        let credential: String
        let credentialLower: String

        init(_ credential: String) {
            self.credential = credential
            credentialLower = ChangeCredentialStrings.inSentence(credential)
        }
    }

    /// ``text(_:credential:values:)`` with the display name's forms already worked out.
    func text(_ key: Key, name given: DisplayNameForms, values: [String: String] = .init()) -> String {
        let name = canonical(given)
        var all = values
        all["credential"] = name.credential
        all["credentialLower"] = name.credentialLower
        var template = template(key, displayName: name.credential)
        for counted in ["count", "seconds"] {
            guard let raw = values[counted], let number = Int(raw) else { continue }
            let written = number.formatted(.number.locale(locale))
            all[counted] = written
            if let variants = table.plurals[key.rawValue],
               let variant = StringsdictFormat.variant(of: variants, for: number, language: Self.localization(for: locale)) {
                template = StringsdictFormat.fill(variant, number: written)
            }
        }
        return Self.substitute(template, values: all)
    }

    /// The display name inside a sentence: a word with only its first letter capitalised is lowered
    /// ("Sign-in Password" → "sign-in password"); acronyms and inner capitals stay ("OTP code", "iCloud").
    package static func inSentence(_ displayName: String) -> String {
        var output = ""
        var word = ""
        func flush() {
            let uppercase = word.filter(\.isUppercase)
            let onlyInitialCapital = uppercase.count == 1 && word.first?.isUppercase == true
            output += onlyInitialCapital ? word.lowercased() : word
            word = ""
        }
        for character in displayName {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }

    static func substitute(_ template: String, values: [String: String]) -> String {
        var output = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[afterOpen..<close])
            if let value = values[name] {
                output += value
            } else {
                output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output
    }

    /// English, from `en.lproj`: the one copy of the English texts (a test checks it has every key).
    private static let englishTable: LocalizedTable = LocalizedTables.all["en"] ?? LocalizedTable()
}
