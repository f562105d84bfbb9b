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
    /// Where the debug event log goes (nothing by default). The standard-error and file sinks are in
    /// the `ThunderIDEventLog` product.
    public var eventLog: [any EventLogSink]

    /// The default rules: non-empty, the schema regex, confirmation.
    public static var defaultRules: [any CredentialRule] {
        [NonEmptyRule(), SchemaRegexRule(), ConfirmationRule()]
    }

    /// Creates a configuration; every parameter has a default.
    public init(rules: [any CredentialRule] = ChangeCredentialConfiguration.defaultRules,
                isStrict: Bool = false,
                strings: ChangeCredentialStrings = .english,
                errorMessages: any ErrorMessageMapping = DefaultErrorMessageMapping(),
                eventLog: [any EventLogSink] = []) {
        self.rules = rules
        self.isStrict = isStrict
        self.strings = strings
        self.errorMessages = errorMessages
        self.eventLog = eventLog
    }

    /// A copy with `rule` added after the others.
    public func adding(_ rule: any CredentialRule) -> ChangeCredentialConfiguration {
        var copy = self
        copy.rules.append(rule)
        return copy
    }
}
