import ECMARegex

/// A rule shipped with the package whose pass/fail verdict can be computed without building its
/// ``RuleResult``: the state's keystroke path asks for the verdict and builds a result only when
/// the verdict differs from the last one (the message follows from the context, which is fixed
/// between edits). An app's own rules are always evaluated in full.
protocol VerdictRule: CredentialRule {
    /// How to compute the verdict of this rule, as prepared for its context.
    var verdictPlan: VerdictPlan { get }
}

/// How a rule's pass/fail verdict is computed on the keystroke path: a small closed value, so
/// the path switches over it instead of copying the rule out of its existential box.
/// `.evaluate` means: no verdict without the full ``CredentialRule/evaluate(_:)``.
enum VerdictPlan: Sendable {
    /// `NonEmptyRule`.
    case notBlank
    /// `ConfirmationRule`.
    case sameBytesAsNewValue
    /// ``MinimumLengthRule``.
    case atLeast(Int)
    /// `SchemaRegexRule` holding a compiled pattern: its answer, or `nil` on an error.
    case matches(ECMARegex)
    /// Any other rule, or a built-in one that cannot answer without its result.
    case evaluate

    /// `true` or `false` where ``CredentialRule/evaluate(_:)`` would answer `.passed` or
    /// `.failed` for these values; `nil` where it would answer anything else (not applicable,
    /// unverifiable) or this plan has no verdict: the caller then evaluates.
    func verdict(newValue: String, confirmation: String) -> Bool? {
        switch self {
        case .notBlank: !NonEmptyRule.isBlank(newValue)
        case .sameBytesAsNewValue: newValue.hasSameBytes(as: confirmation)
        case .atLeast(let minimum): newValue.count >= minimum
        case .matches(let regex): try? regex.test(newValue)
        case .evaluate: nil
        }
    }

    /// The plan of `rule` as prepared.
    static func of(_ rule: any CredentialRule) -> VerdictPlan {
        (rule as? any VerdictRule)?.verdictPlan ?? .evaluate
    }
}

/// What a rule last answered, as the keystroke path compares it (no strings).
enum RuleVerdict: UInt8, Sendable {
    /// The rule did not apply, or could not be verified, or has not run.
    case other
    case passed
    case failed

    init(_ result: RuleResult?) {
        switch result?.status {
        case .passed?: self = .passed
        case .failed?: self = .failed
        case .unverifiable?, nil: self = .other
        }
    }

    init(_ passed: Bool) {
        self = passed ? .passed : .failed
    }
}

extension NonEmptyRule: VerdictRule {
    var verdictPlan: VerdictPlan { .notBlank }
}

extension ConfirmationRule: VerdictRule {
    var verdictPlan: VerdictPlan { .sameBytesAsNewValue }
}

extension MinimumLengthRule: VerdictRule {
    var verdictPlan: VerdictPlan { .atLeast(minimum) }
}

extension SchemaRegexRule: VerdictRule {
    var verdictPlan: VerdictPlan { compiledPattern.map(VerdictPlan.matches) ?? .evaluate }
}
