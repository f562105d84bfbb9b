import ECMARegex

/// The new value must match the effective regex (`"regex"`): the app's `policyRegex`, else the
/// schema's. Applies only when one is declared.
///
/// The message is the schema `description` (the requirement hint), else the strings table's
/// generic hint. A pattern the engine refuses makes the rule ``RuleResult/Status/unverifiable(reason:)``:
/// by default that does not block (the server is the authority); a strict configuration blocks.
///
/// ``prepared(for:)`` holds the context's pattern compiled, so a keystroke compiles nothing; against
/// another context's regex the rule compiles that pattern.
package struct SchemaRegexRule: CredentialRule, IncrementalCredentialRule {
    package let id = "regex"
    package var reads: Set<ChangeCredentialMachine.Field> { [.newValue] }
    /// How patterns are compiled and run. Setting it drops the pattern compiled by the previous one.
    package var evaluator: any RegexEvaluating {
        didSet { held = nil }
    }
    /// The prepared context's pattern and its compiled test.
    private var held: (pattern: String, test: @Sendable (String) throws(ECMARegexError) -> Bool)?

    /// Creates the rule; by default patterns run on `ECMARegex`.
    package init(evaluator: any RegexEvaluating = ECMARegexEvaluator()) {
        self.evaluator = evaluator
    }

    /// A copy holding `context`'s regex compiled (kept when it is the pattern already held).
    package func prepared(for context: CredentialRuleContext) -> any CredentialRule {
        var copy = self
        guard let pattern = context.regex else {
            copy.held = nil
            return copy
        }
        if held?.pattern != pattern { copy.held = (pattern, evaluator.compile(pattern)) }
        return copy
    }

    /// The pattern this copy holds compiled (for tests).
    var preparedPattern: String? { held?.pattern }

    package func evaluate(_ input: CredentialInput) -> RuleResult? {
        guard let pattern = input.context.regex else { return nil }
        let message = input.context.hint ?? input.context.messages.requirementHintFallback
        do {
            // Not `held.flatMap`: passing the closure through a generic would wrap it, an allocation per keystroke.
            let matches = if let held, held.pattern == pattern {
                try held.test(input.newValue)
            } else {
                try evaluator.compile(pattern)(input.newValue)
            }
            return RuleResult(id: id, status: matches ? .passed : .failed, message: message)
        } catch {
            // The error describes the pattern (never the value): safe for the event log.
            var reason = "\(error.kind.rawValue): \(error.message)"
            if let offset = error.offset { reason += " at offset \(offset)" }
            return RuleResult(id: id, status: .unverifiable(reason: reason), message: message)
        }
    }
}
