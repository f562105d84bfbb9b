/// The configured rules prepared for one context, with what each last answered: how
/// ``ChangeCredentialState`` evaluates the form on every edit.
///
/// After an edit it evaluates again only the rules that read the edited field, once each. A class
/// held in a `let`, so the keystroke path copies no rules and makes no run-time exclusivity check.
final class PreparedRules {
    /// What the rules read: the typed values and the context. A keystroke replaces one value.
    var input: CredentialInput
    /// The rules prepared for the current context, in order.
    private var rules: [any CredentialRule]
    /// The indices of the rules that read each field.
    private let newValueReaders: [Int], confirmationReaders: [Int]
    /// Each rule's last result (`nil`: it did not apply); stale while ``lengthFailure`` is set.
    private var results: [RuleResult?]
    /// The length check's failure while a value is too long: then no rule runs.
    private var lengthFailure: RuleResult?
    /// Whether each value was too long at its last edit.
    private var newValueTooLong = false, confirmationTooLong = false

    /// Prepares `rules` for `input`'s context and evaluates them on `input`.
    init(_ rules: [any CredentialRule], input: CredentialInput) {
        self.input = input
        self.rules = rules.map { $0.preparedRule(for: input.context) }
        newValueReaders = rules.indices.filter { rules[$0].readFields.contains(.newValue) }
        confirmationReaders = rules.indices.filter { rules[$0].readFields.contains(.confirmation) }
        results = Array(repeating: nil, count: rules.count)
        _ = evaluate(after: nil)
    }

    /// The results to show: the length check's failure alone, else every applicable rule's.
    var evaluationResults: [RuleResult] {
        if let lengthFailure { return [lengthFailure] }
        return results.compactMap { $0 }
    }

    /// Sets the context and prepares the rules for it; the next ``evaluate(after:)`` must cover
    /// every rule (`nil`), since every message may have changed.
    func prepare(for context: CredentialRuleContext) {
        input.context = context
        rules = rules.map { $0.preparedRule(for: context) }
    }

    /// Evaluates again, on ``input``, the rules that read `edited` (every rule for `nil`); returns
    /// whether any result changed.
    func evaluate(after edited: ChangeCredentialMachine.Field?) -> Bool {
        // The maximum length first: past it, no rule runs.
        if edited != .confirmation { newValueTooLong = CredentialInput.exceedsMaximumLength(input.newValue) }
        if edited != .newValue { confirmationTooLong = CredentialInput.exceedsMaximumLength(input.confirmation) }
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
            edited = nil
            changed = true
        }
        // Inputs copied and results moved out while policy code runs: no access spans a call.
        let (input, rules) = (self.input, self.rules)
        var results = [RuleResult?]()
        swap(&results, &self.results)
        defer { swap(&results, &self.results) }
        let readers: [Int] = switch edited {
        case .newValue?: newValueReaders
        case .confirmation?: confirmationReaders
        case nil: Array(rules.indices)
        }
        for index in readers {
            let result = rules[index].evaluate(input)
            if !RuleResult.same(result, results[index]) {
                results[index] = result
                changed = true
            }
        }
        return changed
    }
}
