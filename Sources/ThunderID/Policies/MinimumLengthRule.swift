/// An app-supplied rule: the new value has at least `minimum` characters (`"minLength"`).
///
/// Counts user-perceived characters (`Character`, grapheme clusters), so an emoji counts once.
public struct MinimumLengthRule: CredentialRule, IncrementalCredentialRule {
    public let id = "minLength"
    package var reads: Set<ChangeCredentialMachine.Field> { [.newValue] }
    /// The smallest accepted number of characters.
    public var minimum: Int {
        didSet { message = nil }
    }
    /// The message for the context this copy was prepared for.
    private var message: (context: CredentialRuleContext, text: String)?

    /// Creates the rule.
    public init(_ minimum: Int) {
        self.minimum = minimum
    }

    /// A copy holding its message for `context`, rendered once.
    package func prepared(for context: CredentialRuleContext) -> any CredentialRule {
        var copy = self
        copy.message = (context, Self.message(minimum, context))
        return copy
    }

    public func evaluate(_ input: CredentialInput) -> RuleResult? {
        let text = if let message, message.context == input.context { message.text } else { Self.message(minimum, input.context) }
        return RuleResult(id: id, status: input.newValue.count >= minimum ? .passed : .failed, message: text)
    }

    private static func message(_ minimum: Int, _ context: CredentialRuleContext) -> String {
        context.text(.tooShort, values: ["count": String(minimum)])
    }
}
