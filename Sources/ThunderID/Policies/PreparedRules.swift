/// The configured rules prepared for one context, with what each last answered: how
/// ``ChangeCredentialState`` evaluates the form on every edit.
///
/// After an edit it evaluates again only the rules that read the edited value
/// (``CredentialRule/reads``). A rule of the package's (``VerdictRule``) first gives its verdict
/// alone; when that is the verdict it gave last time, its last result stands and none is built.
/// A value type without actor isolation, used in place by the state: the keystroke path makes no
/// isolation check and no copy of the rules.
struct PreparedRules {
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
    /// Each rule's last result (`nil`: it did not apply).
    private(set) var results: [RuleResult?]

    /// Prepares `rules` for `input`'s context and evaluates them on `input`.
    init(_ rules: [any CredentialRule], input: CredentialInput) {
        self.input = input
        reads = rules.map(\.reads)
        self.rules = rules.map { $0.prepared(for: input.context) }
        plans = self.rules.map(VerdictPlan.of)
        results = self.rules.map { $0.evaluate(input) }
        verdicts = results.map(RuleVerdict.init)
    }

    /// Sets the context and prepares the rules again for it (a rule compiles its pattern again
    /// only when the regex changed); the next ``evaluate(after:)`` must cover every rule
    /// (`.both`), since every message may have changed.
    mutating func prepare(for context: CredentialRuleContext) {
        input.context = context
        rules = rules.map { $0.prepared(for: context) }
        plans = rules.map(VerdictPlan.of)
        verdicts = Array(repeating: .other, count: verdicts.count)
    }

    /// Evaluates again, on ``input``, the rules that read `edited`; returns whether any result
    /// changed.
    mutating func evaluate(after edited: CredentialInput.Fields) -> Bool {
        var changed = false
        for index in rules.indices where !reads[index].isDisjoint(with: edited) {
            if let passed = plans[index].verdict(newValue: input.newValue, confirmation: input.confirmation),
               verdicts[index] == RuleVerdict(passed) {
                continue
            }
            let result = rules[index].evaluate(input)
            verdicts[index] = RuleVerdict(result)
            if !RuleResult.same(result, results[index]) {
                results[index] = result
                changed = true
            }
        }
        return changed
    }
}
