/// The configured rules prepared for one context, with what each last answered: how
/// ``ChangeCredentialState`` evaluates the form on every edit.
///
/// After an edit it evaluates again only the rules that read the edited value
/// (`IncrementalCredentialRule.reads`). A rule of the package's (``VerdictRule``) first gives its verdict
/// alone; when that is the verdict it gave last time, its last result stands and none is built,
/// else its result is built from the verdict: each check runs once per edit.
/// A reference the state holds in a `let`: the keystroke path makes no isolation check, no copy
/// of the rules, and no exclusivity check at run time on the state's storage while policy code
/// (a custom rule, a regex engine) runs.
final class PreparedRules {
    /// What the rules read: the typed values and the context. A keystroke replaces one value.
    var input: CredentialInput
    /// The rules prepared for the current context, in order.
    private var rules: [any CredentialRule]
    /// What each rule reads.
    private let reads: [CredentialInput.Fields]
    /// How each prepared rule gives its verdict without a result.
    private var plans: [VerdictPlan]
    /// Each rule's last verdict.
    private var verdicts: [RuleVerdict]
    /// Each rule's last result (`nil`: it did not apply). Stale while ``lengthFailure`` is set.
    private(set) var results: [RuleResult?]
    /// The length check's failure while a value is longer than `CredentialInput.maximumLength`:
    /// then no rule runs and this is the only result.
    private(set) var lengthFailure: RuleResult?
    /// Whether each value was too long at its last edit.
    private var newValueTooLong = false
    private var confirmationTooLong = false

    /// Prepares `rules` for `input`'s context and evaluates them on `input`.
    init(_ rules: [any CredentialRule], input: CredentialInput) {
        self.input = input
        reads = rules.map(\.readFields)
        self.rules = rules.map { $0.preparedRule(for: input.context) }
        plans = self.rules.map(VerdictPlan.of)
        newValueTooLong = CredentialInput.exceedsMaximumLength(input.newValue)
        confirmationTooLong = CredentialInput.exceedsMaximumLength(input.confirmation)
        if newValueTooLong || confirmationTooLong {
            lengthFailure = input.lengthFailure
            results = Array(repeating: nil, count: self.rules.count)
            verdicts = Array(repeating: .other, count: self.rules.count)
        } else {
            results = self.rules.map { $0.evaluate(input) }
            verdicts = results.map(RuleVerdict.init)
        }
    }

    /// The results to show: the length check's failure alone while a value is too long, else
    /// every applicable rule's, in order.
    var evaluationResults: [RuleResult] {
        if let lengthFailure { return [lengthFailure] }
        return results.compactMap { $0 }
    }

    /// Sets the context and prepares the rules again for it (a rule compiles its pattern again
    /// only when the regex changed); the next ``evaluate(after:)`` must cover every rule
    /// (`.both`), since every message may have changed.
    func prepare(for context: CredentialRuleContext) {
        input.context = context
        rules = rules.map { $0.preparedRule(for: context) }
        plans = rules.map(VerdictPlan.of)
        verdicts = Array(repeating: .other, count: verdicts.count)
    }

    /// Evaluates again, on ``input``, the rules that read `edited`; returns whether any result
    /// changed.
    func evaluate(after edited: CredentialInput.Fields) -> Bool {
        // The maximum length first: past it, no rule runs.
        if edited.contains(.newValue) { newValueTooLong = CredentialInput.exceedsMaximumLength(input.newValue) }
        if edited.contains(.confirmation) { confirmationTooLong = CredentialInput.exceedsMaximumLength(input.confirmation) }
        if newValueTooLong || confirmationTooLong {
            let failure = input.lengthFailure
            if let lengthFailure, RuleResult.same(failure, lengthFailure) { return false }
            lengthFailure = failure
            return true
        }
        var edited = edited
        var changed = false
        if lengthFailure != nil {
            // Back within the maximum: every rule answers for the values as they are now.
            lengthFailure = nil
            edited = .both
            changed = true
        }
        // The rules run policy code: what they update is moved out of the storage while they
        // run, so no access to it spans a call (each access is then checked for exclusivity
        // when the module is compiled, not at run time on every keystroke).
        var verdicts = [RuleVerdict](), results = [RuleResult?]()
        swap(&verdicts, &self.verdicts)
        swap(&results, &self.results)
        defer {
            swap(&verdicts, &self.verdicts)
            swap(&results, &self.results)
        }
        for index in rules.indices where !reads[index].isDisjoint(with: edited) {
            // Each check runs once: a new verdict, or the engine's error, becomes the result as is.
            let result: RuleResult?
            switch plans[index].verdict(newValue: input.newValue, confirmation: input.confirmation) {
            case .success(let passed)?:
                if verdicts[index] == RuleVerdict(passed) { continue }
                result = plans[index].result(passed: passed, context: input.context)
            case .failure(let error)?:
                result = SchemaRegexRule.unverifiable(error, context: input.context)
            case nil:
                result = rules[index].evaluate(input)
            }
            verdicts[index] = RuleVerdict(result)
            if !RuleResult.same(result, results[index]) {
                results[index] = result
                changed = true
            }
        }
        return changed
    }
}
