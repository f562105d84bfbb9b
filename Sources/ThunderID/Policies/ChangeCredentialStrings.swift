import Foundation

/// Every user-visible string of the ChangeCredential flow, in one table.
///
/// The tables come from the package's localized resources (`Resources/<language>.lproj/
/// ChangeCredential.strings` and `.stringsdict`): English (the default, ``english``), German,
/// French, Spanish, Japanese, Hindi, Tamil, Telugu and Arabic.
/// ``localized(for:overridesFrom:table:)`` picks the one for a locale, falling back to English, and
/// lays an app's own table over it.
///
/// Counted keys (``Key/tooShort``, ``Key/tooLong``, ``Key/errorTooManyAttemptsRetryAfter``) read
/// the `.stringsdict` variant of the number's ``PluralCategory``, chosen by the package on every
/// platform (corelibs Foundation cannot select `.stringsdict` variants; verified on Linux with
/// Swift 6.3.1; on Apple platforms the same files are read from `Bundle.module` the same way, so
/// the texts are identical there, which `Tools/apple-check` compiles but no test here runs).
///
/// A table may hold complete texts for a credential (`password.title`, `pin.emptyValue`) with
/// the right article, gender and case; they are used when the display name is the table's word
/// for that credential (`password.name`), and the generic templates, written to take any name,
/// otherwise. ``setCredential(_:name:texts:)`` adds a credential's texts in code.
///
/// Templates may use `{credential}` (the display name, e.g. "Password"), `{credentialLower}`
/// (the display name as it reads inside a sentence, see ``inSentence(_:)``: "password", but
/// "PIN" stays "PIN"), and for some keys `{seconds}`, `{count}` or `{reason}`. No template builds
/// a plural by appending to the display name. Replace the whole table or single keys:
///
/// ```swift
/// var strings = ChangeCredentialStrings.localized(for: Locale(identifier: "de_DE"))
/// strings[.submit] = "Übernehmen"
/// let custom = ChangeCredentialStrings([.title: "Update {credential}", .submit: "Update"])
/// ```
public struct ChangeCredentialStrings: Sendable, Equatable {
    /// The name of one string.
    public enum Key: String, CaseIterable, Sendable, Hashable {
        /// Sheet title.
        case title
        /// New-value field label and placeholder.
        case newValueLabel
        /// Confirmation field label and placeholder.
        case confirmationLabel
        /// The sheet's submit button ("Change", the SDK family's `changeCredential.submitShort`).
        case submit
        /// Cancel button.
        case cancel
        /// The submit button while the change is posted ("Changing…").
        case submitting
        /// Shown while the schema loads.
        case loading
        /// Accessibility label of the eye button when the value is masked.
        case showValue
        /// Accessibility label of the eye button when the value is shown.
        case hideValue
        /// Requirement hint when a regex applies and the schema has no description.
        case requirementHintFallback
        /// The new value is empty.
        case emptyValue
        /// The confirmation differs from the new value.
        case mismatch
        /// ``MinimumLengthRule`` failed (`{count}`).
        case tooShort
        /// ``DenyListRule`` failed.
        case denied
        /// A value is longer than the maximum credential length (`{count}`,
        /// ``CredentialInput/maximumLength``), checked before any rule.
        case tooLong
        /// Title of the notice when the schema does not declare the credential.
        case unavailableTitle
        /// Body of that notice.
        case unavailableMessage
        /// The schema could not be loaded (`{reason}` is the mapped error message).
        case schemaFailed
        /// The change was accepted.
        case success
        /// 400: the server refused the value (USR-1024).
        case errorCredentialNotAccepted
        /// 400 USR-1001: the server could not read the request (the app's fault, not the value's).
        case errorMalformedRequest
        /// 400 USR-1017: the request carried no value (the app's fault, not the user's).
        case errorMissingValue
        /// 401: the session expired.
        case errorSessionExpired
        /// 403 USR-1029: the server wants the current value.
        case errorCurrentValueRequired
        /// 403 (SSE-4030) or a read-only account: not allowed.
        case errorNotAllowed
        /// 404: the account was not found.
        case errorAccountNotFound
        /// 429 without a known wait.
        case errorTooManyAttempts
        /// 429 with `Retry-After` (`{seconds}`).
        case errorTooManyAttemptsRetryAfter
        /// 5xx.
        case errorServer
        /// No connection.
        case errorOffline
        /// The request timed out.
        case errorTimeout
        /// The connection dropped.
        case errorConnectionLost
        /// A secure connection could not be made.
        case errorTLS
        /// The request was cancelled.
        case errorCancelled
        /// The server's answer could not be read.
        case errorDecoding
        /// The app's ThunderID configuration is invalid.
        case errorConfiguration
        /// No access token is available.
        case errorTokenUnavailable
        /// Anything else.
        case errorGeneric
    }

    /// The language's strings, English underneath.
    private var table: LocalizedTable
    /// The locale whose plural rules choose a variant and whose digits write a number.
    public private(set) var locale: Locale

    /// The English table, read from `en.lproj` (the default of every configuration).
    public static let english = ChangeCredentialStrings(table: Self.englishTable, locale: Locale(identifier: "en"))

    /// The English table with `overrides` applied.
    public init(_ overrides: [Key: String] = [:]) {
        self = .english
        for (key, template) in overrides { self[key] = template }
    }

    /// The table for `locale`: its language's `.lproj` resources (`de_CH` reads `de`), or English
    /// when the package has no table for that language. A key a table lacks reads the English
    /// template.
    ///
    /// With `bundle` (usually `Bundle.main`), the app's own `<language>.lproj/<table>.strings`
    /// and `.stringsdict` are laid over the package's: any key it writes wins (`"submit" =
    /// "Übernehmen";`), and it can add a credential's strings (`"recovery_code.name"`,
    /// `"recovery_code.title"`, …). The app's table is read for the same language as the
    /// package's, so an app cannot mix languages by accident.
    public static func localized(for locale: Locale, overridesFrom bundle: Bundle? = nil,
                                 table tableName: String = "ChangeCredential") -> ChangeCredentialStrings {
        let language = localization(for: locale)
        var table = englishTable.merging(LocalizedTables.all[language] ?? LocalizedTable())
        if let bundle {
            let candidates = bundle.localizations.filter { $0.lowercased() == language } + [language]
            if let own = candidates.lazy.compactMap({
                LocalizedTables.load(from: bundle, table: tableName, localization: $0)
            }).first {
                table = table.merging(own)
            }
        }
        return ChangeCredentialStrings(table: table, locale: locale)
    }

    /// The languages the package ships tables for, such as `["ar", "de", "en", …]`.
    public static var availableLocalizations: [String] { LocalizedTables.all.keys.sorted() }

    /// The shipped language `locale` reads: its language code when a table exists, else `"en"`.
    public static func localization(for locale: Locale) -> String {
        let identifier = locale.identifier.replacingOccurrences(of: "-", with: "_")
        let language = identifier.split(separator: "_").first.map(String.init)?.lowercased() ?? ""
        return LocalizedTables.all[language] != nil ? language : "en"
    }

    /// Equal when they hold the same texts and write numbers alike: the same plural rules and the
    /// same digits (`en_US` and `en` compare equal; `ar_EG`, with Arabic-Indic digits, and `ar_AE`
    /// do not).
    public static func == (lhs: ChangeCredentialStrings, rhs: ChangeCredentialStrings) -> Bool {
        lhs.table == rhs.table
            && localization(for: lhs.locale) == localization(for: rhs.locale)
            && lhs.locale.numberingSystem == rhs.locale.numberingSystem
    }

    private init(table: LocalizedTable, locale: Locale) {
        self.table = table
        self.locale = locale
    }

    /// The raw template for `key`, with its placeholders (for a counted key, the template used
    /// when no plural variant applies).
    ///
    /// Setting a template makes it the text for every credential and every count: the key's
    /// plural variants and credentials' own texts for it are dropped.
    public subscript(key: Key) -> String {
        get { table.templates[key] ?? Self.englishTable.templates[key] ?? key.rawValue }
        set {
            table.templates[key] = newValue
            table.plurals[key] = nil
            for attribute in table.credentials.keys { table.credentials[attribute]?[key] = nil }
        }
    }

    /// The plural variants of a counted key (``Key/tooShort``, ``Key/tooLong``,
    /// ``Key/errorTooManyAttemptsRetryAfter``), where `%d` is the number; empty when the key has
    /// none. Setting variants needs an ``PluralCategory/other`` one; without it they are ignored.
    public func pluralVariants(_ key: Key) -> [PluralCategory: String] { table.plurals[key] ?? [:] }

    /// Sets the plural variants of a counted key (see ``pluralVariants(_:)``).
    public mutating func setPluralVariants(_ variants: [PluralCategory: String], for key: Key) {
        table.plurals[key] = variants.keys.contains(.other) ? variants : nil
    }

    /// Adds or replaces a credential's own strings: `name` is this language's word for
    /// `attribute` (the fallback display name, and the name that selects these texts), and
    /// `texts` are complete sentences with the right article, gender and case, used whenever
    /// the display name is `name` (compared without case). Keys not in `texts` use the generic
    /// templates.
    public mutating func setCredential(_ attribute: String, name: String, texts: [Key: String]) {
        table.names[attribute] = name
        table.credentials[attribute, default: [:]].merge(texts) { _, new in new }
    }

    /// This language's word for `attribute` (`password` → "Passwort" in German), or nil when the
    /// table does not name it.
    public func credentialName(forAttribute attribute: String) -> String? { table.names[attribute] }

    /// The template for `key` when the display name is `name`: the credential's own text when
    /// `name` is the table's word for a credential that has one, else the generic template.
    public func template(_ key: Key, displayName name: String) -> String {
        if let attribute = credential(named: name), let own = table.credentials[attribute]?[key] { return own }
        return self[key]
    }

    private func credential(named name: String) -> String? {
        let folded = name.lowercased()
        return table.names.first { $0.value.lowercased() == folded }?.key
    }

    /// A copy with `key` replaced.
    public func replacing(_ key: Key, with template: String) -> ChangeCredentialStrings {
        var copy = self
        copy[key] = template
        return copy
    }

    /// `key`'s template with `{credential}`, `{credentialLower}` and `values` substituted.
    ///
    /// A counted key whose `values` hold a whole `count` or `seconds` reads the plural variant of
    /// the locale's category for it (``PluralCategory``); the number is written in the locale's
    /// digits, without grouping. Substitution is a single pass, so text inserted for a
    /// placeholder is never re-read. Unknown placeholders are left as written.
    public func text(_ key: Key, credential: String, values: [String: String] = [:]) -> String {
        text(key, name: DisplayNameForms(credential), values: values)
    }

    /// A display name and its in-sentence form, worked out once for all the texts of one schema
    /// (``inSentence(_:)`` reads every character).
    struct DisplayNameForms: Sendable, Equatable {
        let credential: String
        let credentialLower: String

        init(_ credential: String) {
            self.credential = credential
            credentialLower = ChangeCredentialStrings.inSentence(credential)
        }
    }

    /// ``text(_:credential:values:)`` with the display name's forms already worked out.
    func text(_ key: Key, name: DisplayNameForms, values: [String: String] = [:]) -> String {
        var all = values
        all["credential"] = name.credential
        all["credentialLower"] = name.credentialLower
        var template = template(key, displayName: name.credential)
        for counted in ["count", "seconds"] {
            guard let raw = values[counted], let number = Int(raw) else { continue }
            let written = number.formatted(.number.grouping(.never).locale(locale))
            all[counted] = written
            let category = PluralCategory.category(of: number, language: Self.localization(for: locale))
            if let variants = table.plurals[key], let variant = variants[category] ?? variants[.other] {
                template = variant.replacingOccurrences(of: "%lld", with: written)
                    .replacingOccurrences(of: "%d", with: written)
            }
        }
        return Self.substitute(template, values: all)
    }

    /// The display name as it reads inside a sentence (`{credentialLower}`): a word written with
    /// only its first letter in upper case is lowered ("Password" → "password", "Sign-in
    /// Password" → "sign-in password"); acronyms and words with inner capitals keep their case
    /// ("PIN", "OTP Code" → "OTP code", "iCloud Key" → "iCloud key").
    public static func inSentence(_ displayName: String) -> String {
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

    /// English, from `en.lproj`: the one copy of the English texts (a test checks it names every
    /// key and every plural English needs). A key it lacked would read as its own name.
    private static let englishTable: LocalizedTable = LocalizedTables.all["en"] ?? LocalizedTable()
}
