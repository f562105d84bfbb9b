/// The form checked against every rule: per-rule results and whether Save may be pressed.
///
/// Read from ``ChangeCredentialState/evaluation``, ``isValid`` equals
/// ``ChangeCredentialState/canSubmit``; ``passesRules`` is the rules' verdict alone.
public struct CredentialEvaluation: Sendable, Equatable, CustomStringConvertible {
    /// One result per applicable rule, in rule order.
    public var results: [RuleResult]
    /// Whether Save may be pressed. Built from rules alone it equals ``passesRules``;
    /// ``ChangeCredentialState/evaluation`` also folds in the schema and submission state.
    public var isValid: Bool
    /// Whether no result blocks submission (the rules' verdict alone).
    public let passesRules: Bool
    /// Whether unverifiable results block.
    package var isStrict: Bool

    /// Builds an evaluation; `isValid` is true when no result blocks under `isStrict`.
    package init(results: [RuleResult], isStrict: Bool) {
        self.results = results
        self.isStrict = isStrict
        self.passesRules = !results.contains { $0.blocks(strict: isStrict) }
        self.isValid = passesRules
    }

    /// Runs `rules` over `input` in order; a value past the maximum length runs none and fails
    /// the length check alone.
    package static func evaluate(_ input: CredentialInput, rules: [any CredentialRule]) -> CredentialEvaluation {
        if input.exceedsMaximumLength {
            return CredentialEvaluation(results: [input.lengthFailure], isStrict: input.context.isStrict)
        }
        return CredentialEvaluation(results: rules.compactMap { $0.evaluate(input) }, isStrict: input.context.isStrict)
    }

    /// The result of the rule with `ruleID`, if it applied.
    public subscript(ruleID: String) -> RuleResult? {
        results.first { $0.id == ruleID }
    }

    package var validity: ChangeCredentialMachine.Validity { passesRules ? .valid : .invalid }

    // The ThunderID iOS SDK's `CredentialFormEvaluation` members, with the same meaning.

    /// Whether the confirmation equals the new value (the `confirmation` rule passed, or did not run).
    package var confirmMatches: Bool { self["confirmation"]?.status != .failed }
    /// Whether a regex rule applies (the requirement hint can be shown).
    package var patternChecked: Bool { self["regex"] != nil }
    /// Whether the new value satisfies the regex rule (`true` when none applies, or when the engine
    /// could not check the pattern: the server is the authority).
    package var patternPassed: Bool { self["regex"]?.status != .failed }
    /// The same as ``patternPassed``.
    package var meetsPolicy: Bool { patternPassed }

    /// The first result that blocks submission, to show as the form's error.
    package var firstBlockingFailure: RuleResult? {
        results.first { $0.blocks(strict: isStrict) }
    }

    /// Results the rules could not verify.
    package var unverifiable: [RuleResult] {
        results.filter { if case .unverifiable = $0.status { true } else { false } }
    }

    public var description: String {
        "\(isValid ? "valid" : "invalid") [\(results.map(\.description).joined(separator: ", "))]"
    }
}

/// The ThunderID iOS SDK's name for the form's evaluation.
@available(*, unavailable, renamed: "CredentialEvaluation")
public typealias CredentialFormEvaluation = CredentialEvaluation

/// The ThunderID iOS SDK's free function; here the state evaluates on every edit.
@available(*, unavailable, message: "read ChangeCredentialState.evaluation, or call CredentialEvaluation.evaluate(_:rules:)")
public func evaluateCredentialForm(newValue: String, confirm: String, regex: String?) -> CredentialEvaluation {
    let context = CredentialRuleContext(attribute: "password", displayName: "Password", regex: regex, hint: nil,
                                        isStrict: false, strings: .english)
    return CredentialEvaluation.evaluate(CredentialInput(newValue: newValue, confirmation: confirm, context: context),
                                         rules: ChangeCredentialConfiguration.defaultRules)
}
