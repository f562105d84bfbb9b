import ECMARegex

/// A rule shipped with the package whose pass/fail verdict can be computed without building its
/// ``RuleResult``: the state's keystroke path asks for the verdict and, only when it differs from
/// the last one, builds the result from that verdict (the message follows from the context, which
/// is fixed between edits), so the check itself runs once per keystroke. An app's own rules are
/// always evaluated in full.
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
    /// `SchemaRegexRule` holding its prepared pattern.
    case matches(PreparedRegex)
    /// Any other rule, or a built-in one that cannot answer without its result.
    case evaluate

    /// `true` or `false` where ``CredentialRule/evaluate(_:)`` would answer `.passed` or
    /// `.failed` for these values, the engine's error where the regex rule would be unverifiable,
    /// and `nil` where this plan has no verdict: the caller then evaluates.
    func verdict(newValue: String, confirmation: String) -> Result<Bool, ECMARegexError>? {
        switch self {
        case .notBlank: .success(!NonEmptyRule.isBlank(newValue))
        case .sameBytesAsNewValue: .success(newValue.hasSameBytes(as: confirmation))
        case .atLeast(let minimum): .success(newValue.count >= minimum)
        case .matches(let regex): Result { () throws(ECMARegexError) in try regex.test(newValue) }
        case .evaluate: nil
        }
    }

    /// The result the rule's ``CredentialRule/evaluate(_:)`` gives when its verdict is `passed`,
    /// built without running the check again; `nil` for `.evaluate`.
    func result(passed: Bool, context: CredentialRuleContext) -> RuleResult? {
        switch self {
        case .notBlank: NonEmptyRule.result(passed: passed, context: context)
        case .sameBytesAsNewValue: ConfirmationRule.result(passed: passed, context: context)
        case .atLeast(let minimum): MinimumLengthRule.result(minimum: minimum, passed: passed, context: context)
        case .matches: SchemaRegexRule.result(passed: passed, context: context)
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
    var verdictPlan: VerdictPlan { prepared.map(VerdictPlan.matches) ?? .evaluate }
}
