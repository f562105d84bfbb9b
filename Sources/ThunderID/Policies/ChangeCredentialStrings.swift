/// Every user-visible string of the ChangeCredential flow, in one table.
///
/// Templates may use `{credential}` (the display name, e.g. "Password"), `{credentialLower}`
/// (the same in lower case), and for some keys `{seconds}`, `{count}` or `{reason}`. Replace the
/// whole table (e.g. a localized one) or single keys:
///
/// ```swift
/// var strings = ChangeCredentialStrings.english
/// strings[.save] = "Update"
/// let german = ChangeCredentialStrings([.title: "{credential} ändern", .save: "Speichern"])
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
        /// Save button.
        case save
        /// Cancel button.
        case cancel
        /// Save button while the change is posted.
        case saving
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
        /// Title of the notice when the schema does not declare the credential.
        case unavailableTitle
        /// Body of that notice.
        case unavailableMessage
        /// The schema could not be loaded (`{reason}` is the mapped error message).
        case schemaFailed
        /// The change was accepted.
        case success
        /// 400: the server refused the value (USR-1024, USR-1001, USR-1017).
        case errorCredentialNotAccepted
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

    private var templates: [Key: String]

    /// The English table, built from ``Key``'s defaults.
    public static let english = ChangeCredentialStrings(templates: Self.englishTemplates)

    /// The English table with `overrides` applied.
    public init(_ overrides: [Key: String] = [:]) {
        self.templates = Self.englishTemplates.merging(overrides) { _, new in new }
    }

    private init(templates: [Key: String]) {
        self.templates = templates
    }

    /// The raw template for `key`, with its placeholders.
    public subscript(key: Key) -> String {
        get { templates[key] ?? Self.englishTemplates[key] ?? key.rawValue }
        set { templates[key] = newValue }
    }

    /// A copy with `key` replaced.
    public func replacing(_ key: Key, with template: String) -> ChangeCredentialStrings {
        var copy = self
        copy[key] = template
        return copy
    }

    /// `key`'s template with `{credential}`, `{credentialLower}` and `values` substituted.
    ///
    /// Substitution is a single pass, so text inserted for a placeholder is never re-read.
    /// Unknown placeholders are left as written.
    public func text(_ key: Key, credential: String, values: [String: String] = [:]) -> String {
        var all = values
        all["credential"] = credential
        all["credentialLower"] = Self.inSentence(credential)
        return Self.substitute(self[key], values: all)
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

    private static let englishTemplates: [Key: String] = [
        .title: "Change {credential}",
        .newValueLabel: "New {credential}",
        .confirmationLabel: "Confirm New {credential}",
        .save: "Save",
        .cancel: "Cancel",
        .saving: "Saving…",
        .loading: "Loading…",
        .showValue: "Show {credentialLower}",
        .hideValue: "Hide {credentialLower}",
        .requirementHintFallback: "Must match the required format.",
        .emptyValue: "Enter a new {credentialLower}.",
        .mismatch: "The confirmation does not match the new {credentialLower}.",
        .tooShort: "Must be at least {count} characters.",
        .denied: "This {credentialLower} is not allowed. Choose another one.",
        .unavailableTitle: "{credential} changes unavailable",
        .unavailableMessage: "{credential} changes are not possible for this account. Contact your administrator.",
        .schemaFailed: "Couldn't load the {credentialLower} requirements. {reason}",
        .success: "Your {credentialLower} has been updated.",
        .errorCredentialNotAccepted: "The new {credentialLower} was not accepted. Choose a different one.",
        .errorSessionExpired: "Your session has expired. Sign in again to change your {credentialLower}.",
        .errorCurrentValueRequired: "Your current {credentialLower} is required to make this change.",
        .errorNotAllowed: "You are not allowed to change this {credentialLower}. Contact your administrator.",
        .errorAccountNotFound: "Your account could not be found. Sign in again.",
        .errorTooManyAttempts: "Too many attempts. Wait a moment and try again.",
        .errorTooManyAttemptsRetryAfter: "Too many attempts. Try again in {seconds} seconds.",
        .errorServer: "The server had a problem. Try again later.",
        .errorOffline: "You appear to be offline. Check your connection and try again.",
        .errorTimeout: "The request timed out. Try again.",
        .errorConnectionLost: "The connection was lost. Try again.",
        .errorTLS: "A secure connection to the server could not be made.",
        .errorCancelled: "The request was cancelled.",
        .errorDecoding: "The server sent an unexpected answer. Try again later.",
        .errorConfiguration: "This app is not set up correctly to change your {credentialLower}.",
        .errorTokenUnavailable: "You are signed out. Sign in again to change your {credentialLower}.",
        .errorGeneric: "An error occurred while updating your {credentialLower}. Please try again.",
    ]
}
