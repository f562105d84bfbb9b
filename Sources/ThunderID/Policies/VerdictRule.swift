/// A rule shipped with the package whose pass/fail verdict can be computed without building its
/// ``RuleResult``: the state's keystroke path asks for the verdict and builds a result only when
/// the verdict differs from the last one (the message follows from the context, which is fixed
/// between edits). An app's own rules are always evaluated in full.
protocol VerdictRule: CredentialRule {
    /// `true` or `false` where ``CredentialRule/evaluate(_:)`` would answer `.passed` or
    /// `.failed` for these values and the context the rule was prepared for; `nil` where it
    /// would answer anything else (not applicable, unverifiable): the caller then evaluates.
    func verdict(newValue: String, confirmation: String) -> Bool?
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
    func verdict(newValue: String, confirmation: String) -> Bool? { !Self.isBlank(newValue) }
}

extension ConfirmationRule: VerdictRule {
    func verdict(newValue: String, confirmation: String) -> Bool? { newValue.hasSameBytes(as: confirmation) }
}

extension MinimumLengthRule: VerdictRule {
    func verdict(newValue: String, confirmation: String) -> Bool? { newValue.count >= minimum }
}

extension DenyListRule: VerdictRule {
    func verdict(newValue: String, confirmation: String) -> Bool? { !isDenied(newValue) }
}

extension SchemaRegexRule: VerdictRule {
    func verdict(newValue: String, confirmation: String) -> Bool? { quickVerdict(newValue) }
}
