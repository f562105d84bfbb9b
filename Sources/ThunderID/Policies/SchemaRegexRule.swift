import ECMARegex

/// The new value must match the effective regex (`"regex"`): the app's `policyRegex`, else the
/// schema's. Applies only when one is declared.
///
/// The message is the schema `description` (the requirement hint), else the strings table's
/// generic hint. A pattern the engine refuses makes the rule ``RuleResult/Status/unverifiable(reason:)``:
/// by default that does not block (the server is the authority); a strict configuration blocks.
public struct SchemaRegexRule: CredentialRule {
    public let id = "regex"
    /// How patterns are evaluated.
    public var evaluator: any RegexEvaluating

    /// Creates the rule with an evaluator (default: ``ECMARegexEvaluator``).
    public init(evaluator: any RegexEvaluating = ECMARegexEvaluator()) {
        self.evaluator = evaluator
    }

    public func evaluate(_ input: CredentialInput) -> RuleResult? {
        guard let pattern = input.context.regex else { return nil }
        let message = input.context.hint ?? input.context.text(.requirementHintFallback)
        do {
            let matches = try evaluator.test(pattern: pattern, value: input.newValue)
            return RuleResult(id: id, status: matches ? .passed : .failed, message: message)
        } catch {
            // The error describes the pattern (never the value): safe for the event log.
            var reason = "\(error.kind.rawValue): \(error.message)"
            if let offset = error.offset { reason += " at offset \(offset)" }
            return RuleResult(id: id, status: .unverifiable(reason: reason), message: message)
        }
    }
}
