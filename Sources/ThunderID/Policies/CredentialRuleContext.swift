/// The policy a form is checked against, as resolved from the schema and the app's overrides.
///
/// The built-in rules' messages are rendered once, when the context is made, so a keystroke
/// renders no text; ``text(_:values:)`` returns the same text as rendering anew. A context is
/// read-only: ``ChangeCredentialState`` makes a new one when the schema or the display name changes.
public struct CredentialRuleContext: Sendable, Equatable {
    /// The members in one immutable box, so the copy a keystroke makes is one retain.
    private let storage: Storage

    private final class Storage: Sendable {
        let attribute: String
        let displayName: String
        let regex: String?
        let hint: String?
        let isStrict: Bool
        let strings: ChangeCredentialStrings
        let messages: RuleMessages

        init(attribute: String, displayName: String, regex: String?, hint: String?, isStrict: Bool,
             strings: ChangeCredentialStrings) {
            self.attribute = attribute
            self.displayName = displayName
            self.regex = regex
            self.hint = hint
            self.isStrict = isStrict
            self.strings = strings
            self.messages = RuleMessages(strings: strings, displayName: displayName)
        }
    }

    /// The credential attribute, such as `password`.
    public var attribute: String { storage.attribute }
    /// The display name shown to the user, such as "Password".
    public var displayName: String { storage.displayName }
    /// The effective regex: the app's `policyRegex`, else the schema's `regex` (or `pattern`).
    public var regex: String? { storage.regex }
    /// The schema's `description`, used as the requirement hint.
    public var hint: String? { storage.hint }
    /// Whether a rule that cannot be verified blocks submission.
    package var isStrict: Bool { storage.isStrict }
    /// The strings table rules take their messages from.
    package var strings: ChangeCredentialStrings { storage.strings }

    /// Creates a context.
    public init(attribute: String, displayName: String, regex: String? = nil, hint: String? = nil,
                isStrict: Bool = false, strings: ChangeCredentialStrings = .english) {
        storage = Storage(attribute: attribute, displayName: displayName, regex: regex, hint: hint, isStrict: isStrict,
                          strings: strings)
    }

    /// `key`'s text with this context's display name substituted.
    public func text(_ key: ChangeCredentialStrings.Key, values: [String: String] = .init()) -> String {
        if values.isEmpty, let rendered = storage.messages[key] { return rendered }
        return strings.text(key, credential: displayName, values: values)
    }

    var messages: RuleMessages { storage.messages }

    // The rendered messages follow from the other members: equality is theirs.
    public static func == (lhs: CredentialRuleContext, rhs: CredentialRuleContext) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.attribute == rhs.attribute && lhs.displayName == rhs.displayName && lhs.regex == rhs.regex
                && lhs.hint == rhs.hint && lhs.isStrict == rhs.isStrict && lhs.strings == rhs.strings)
    }
}

/// The texts of the built-in rules for one strings table and display name, rendered once.
struct RuleMessages: Sendable {
    let emptyValue: String
    let mismatch: String
    let requirementHintFallback: String
    let denied: String
    /// The length check's message, with `{count}` filled (`CredentialInput.maximumLength`).
    let tooLong: String

    init(strings: ChangeCredentialStrings, displayName: String) {
        // The display name as it reads in a sentence, worked out once for every message.
        let name = ChangeCredentialStrings.DisplayNameForms(displayName)
        emptyValue = strings.text(.emptyValue, name: name)
        mismatch = strings.text(.mismatch, name: name)
        requirementHintFallback = strings.text(.requirementHintFallback, name: name)
        denied = strings.text(.denied, name: name)
        tooLong = strings.text(.tooLong, name: name, values: ["count": String(CredentialInput.maximumLength)])
    }

    /// The rendered text of `key`, when it is one of the four.
    subscript(key: ChangeCredentialStrings.Key) -> String? {
        if key == .emptyValue { return emptyValue }
        if key == .mismatch { return mismatch }
        if key == .requirementHintFallback { return requirementHintFallback }
        if key == .denied { return denied }
        return nil
    }
}
