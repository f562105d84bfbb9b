/// How a ``ChangeCredentialState`` checks, words and logs the flow.
public struct ChangeCredentialConfiguration: Sendable {
    /// The rules the form is checked against, in order.
    public var rules: [any CredentialRule]
    /// Whether a rule that cannot be verified (a regex the engine refuses) blocks submission.
    /// Off by default: the server is the authority.
    public var isStrict: Bool
    /// Every user-visible string.
    public var strings: ChangeCredentialStrings
    /// How failures become messages.
    public var errorMessages: any ErrorMessageMapping
    /// Where the debug event log goes (nothing by default).
    public var eventLog: [any EventLogSink]
    /// Whether `THUNDERID_TRACE` adds sinks when a state is created. Off by default: an app
    /// opts in (typically in debug builds, `readsEnvironment: _isDebugAssertConfiguration()` or
    /// behind `#if DEBUG`), so no user's environment can switch on a file log in a shipped app.
    /// The log never holds a credential value, but it does describe the session.
    public var readsEnvironment: Bool

    /// The default rules: non-empty, the schema regex, confirmation.
    public static var defaultRules: [any CredentialRule] {
        [NonEmptyRule(), SchemaRegexRule(), ConfirmationRule()]
    }

    /// Creates a configuration; every parameter has a default.
    public init(rules: [any CredentialRule] = ChangeCredentialConfiguration.defaultRules,
                isStrict: Bool = false,
                strings: ChangeCredentialStrings = .english,
                errorMessages: any ErrorMessageMapping = DefaultErrorMessageMapping(),
                eventLog: [any EventLogSink] = [],
                readsEnvironment: Bool = false) {
        self.rules = rules
        self.isStrict = isStrict
        self.strings = strings
        self.errorMessages = errorMessages
        self.eventLog = eventLog
        self.readsEnvironment = readsEnvironment
    }

    /// A copy with `rule` added after the others.
    public func adding(_ rule: any CredentialRule) -> ChangeCredentialConfiguration {
        var copy = self
        copy.rules.append(rule)
        return copy
    }
}
