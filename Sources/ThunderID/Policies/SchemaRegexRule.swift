import ECMARegex

/// The new value must match the effective regex (`"regex"`): the app's `policyRegex`, else the
/// schema's. Applies only when one is declared.
///
/// The message is the schema `description` (the requirement hint), else the strings table's
/// generic hint. A pattern the engine refuses makes the rule ``RuleResult/Status/unverifiable(reason:)``:
/// by default that does not block (the server is the authority); a strict configuration blocks.
///
/// ``ChangeCredentialState`` evaluates the rule as ``prepared(for:)`` returns it: that copy holds
/// the pattern compiled by its evaluator (`ECMARegex`), and the state
/// prepares it again only when the effective regex changes (the schema arrives with another one).
/// A rule evaluated against a context whose regex is not the one it holds (or never prepared)
/// asks the evaluator with the context's pattern, so the answer is always the context's.
package struct SchemaRegexRule: CredentialRule, IncrementalCredentialRule {
    package let id = "regex"
    /// The new value alone.
    package var reads: CredentialInput.Fields { .newValue }
    /// How patterns are evaluated. Setting it drops the pattern prepared by the previous one.
    package var evaluator: any RegexEvaluating {
        didSet { prepared = nil }
    }
    /// The context's pattern as ``evaluator`` prepared it, if this copy was prepared.
    private(set) var prepared: PreparedRegex?

    /// Creates the rule; patterns are evaluated by `ECMARegex`, with the web SDKs' semantics.
    package init() {
        evaluator = ECMARegexEvaluator()
    }

    /// Creates the rule with another evaluator (tests, benchmarks).
    package init(evaluator: any RegexEvaluating) {
        self.evaluator = evaluator
    }

    /// A copy holding `context`'s regex prepared (compiled once) by ``evaluator``.
    package func prepared(for context: CredentialRuleContext) -> any CredentialRule {
        var copy = self
        if let pattern = context.regex {
            copy.prepared = prepared?.pattern == pattern ? prepared : evaluator.prepare(pattern: pattern)
        } else {
            copy.prepared = nil
        }
        return copy
    }

    /// Whether this copy holds a prepared pattern (for tests).
    var preparedPattern: String? { prepared?.pattern }

    /// The result for a value that `passed` (or not) the context's regex.
    static func result(passed: Bool, context: CredentialRuleContext) -> RuleResult {
        RuleResult(id: "regex", status: passed ? .passed : .failed, message: message(context))
    }

    private static func message(_ context: CredentialRuleContext) -> String {
        context.hint ?? context.messages.requirementHintFallback
    }

    package func evaluate(_ input: CredentialInput) -> RuleResult? {
        guard let pattern = input.context.regex else { return nil }
        do {
            let matches: Bool
            if let prepared, prepared.pattern == pattern {
                matches = try prepared.test(input.newValue)
            } else {
                matches = try evaluator.test(pattern: pattern, value: input.newValue)
            }
            return Self.result(passed: matches, context: input.context)
        } catch {
            return Self.unverifiable(error, context: input.context)
        }
    }

    /// The result when the engine refused the pattern or gave up. The error describes the pattern
    /// (never the value): safe for the event log.
    static func unverifiable(_ error: ECMARegexError, context: CredentialRuleContext) -> RuleResult {
        var reason = "\(error.kind.rawValue): \(error.message)"
        if let offset = error.offset { reason += " at offset \(offset)" }
        return RuleResult(id: "regex", status: .unverifiable(reason: reason), message: message(context))
    }
}
