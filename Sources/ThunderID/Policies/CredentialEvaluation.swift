/// The form checked against every rule: per-rule results and whether Save may be pressed.
public struct CredentialEvaluation: Sendable, Equatable, CustomStringConvertible {
    /// One result per applicable rule, in rule order.
    public var results: [RuleResult]
    /// Whether no result blocks submission.
    public var isValid: Bool
    /// Whether unverifiable results block (copied from the context that produced them).
    public var isStrict: Bool

    /// Builds an evaluation; `isValid` is true when no result blocks under `isStrict`.
    public init(results: [RuleResult], isStrict: Bool) {
        self.results = results
        self.isStrict = isStrict
        self.isValid = !results.contains { $0.blocks(strict: isStrict) }
    }

    /// Runs `rules` over `input` in order, skipping rules that do not apply.
    public static func evaluate(_ input: CredentialInput, rules: [any CredentialRule]) -> CredentialEvaluation {
        CredentialEvaluation(results: rules.compactMap { $0.evaluate(input) }, isStrict: input.context.isStrict)
    }

    /// The result of the rule with `ruleID`, if it applied.
    public subscript(ruleID: String) -> RuleResult? {
        results.first { $0.id == ruleID }
    }

    /// The evaluation as the machine sees it.
    public var validity: ChangeCredentialMachine.Validity { isValid ? .valid : .invalid }

    /// The first result that blocks submission, to show as the form's error.
    public var firstBlockingFailure: RuleResult? {
        results.first { $0.blocks(strict: isStrict) }
    }

    /// Results the rules could not verify.
    public var unverifiable: [RuleResult] {
        results.filter { if case .unverifiable = $0.status { true } else { false } }
    }

    public var description: String {
        "\(isValid ? "valid" : "invalid") [\(results.map(\.description).joined(separator: ", "))]"
    }
}
