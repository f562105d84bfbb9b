import Foundation

// The one path an edit takes: stored, observed, checked by the rules, sent to the machine.
extension ChangeCredentialState {
    /// The new value. Setting it re-evaluates the form; while no field is shown (closed,
    /// unavailable, a sheet after success) a write is logged and dropped.
    public var newValue: String {
        get {
            registrar.access(self, keyPath: Self.newValueKey)
            return rules.input.newValue
        }
        // Named: the setter's implicit `newValue` would read as this property.
        set(typed) { edit(.newValue, to: typed) }
    }

    /// The confirmation. Setting it re-evaluates the form; while no field is shown (closed,
    /// unavailable, a sheet after success) a write is logged and dropped.
    public var confirmValue: String {
        get {
            registrar.access(self, keyPath: Self.confirmValueKey)
            return rules.input.confirmation
        }
        set(typed) { edit(.confirmation, to: typed) }
    }

    /// The typed value of `field`, read without an observation, so the built-in sheet is not
    /// evaluated again for each keystroke (its text fields show what the user types, and the values
    /// are cleared only as it closes). A custom form binds ``newValue`` and ``confirmValue``.
    package func untrackedValue(_ field: ChangeCredentialMachine.Field) -> String {
        switch field {
        case .newValue: rules.input.newValue
        case .confirmation: rules.input.confirmation
        }
    }

    var effectiveRegex: String? { policyRegex ?? policy?.regex }

    // The keystroke path reads the observed properties' storage directly (a tracked read looks up
    // a key path); writes go through the properties, so observers hear of every change.

    /// Writes `value` into `field`: the one path of an edit.
    package func edit(_ field: ChangeCredentialMachine.Field, to value: String) {
        // Members read one by one: a computed property of a stored struct copies the struct first.
        let current = field == .newValue ? rules.input.newValue : rules.input.confirmation
        guard !value.hasSameBytes(as: current) else { return }
        if ChangeCredentialMachine.acceptsEdits(state: _machine.state, presentation: _machine.presentation) {
            store(value, in: field)
            reevaluate(after: field)
            noteEvaluation()
        }
        let form: ChangeCredentialMachine.Validity = _ruleEvaluation.passesRules ? .valid : .invalid
        switch field {
        case .newValue: send(.newValueEdited(form: form))
        case .confirmation: send(.confirmationEdited(form: form))
        }
    }

    /// Replaces the value of `field`, telling the observers of the values.
    func store(_ value: String, in field: ChangeCredentialMachine.Field) {
        let key = field == .newValue ? Self.newValueKey : Self.confirmValueKey
        registrar.willSet(self, keyPath: key)
        switch field {
        case .newValue: rules.input.newValue = value
        case .confirmation: rules.input.confirmation = value
        }
        registrar.didSet(self, keyPath: key)
    }

    /// Evaluates again the rules that read `edited` (all of them for `nil`) and publishes a new
    /// ``ruleEvaluation`` only when a result changed.
    func reevaluate(after edited: ChangeCredentialMachine.Field? = nil) {
        let changed = rules.evaluate(after: edited)
        if changed {
            ruleEvaluation = CredentialEvaluation(results: rules.evaluationResults, isStrict: configuration.isStrict)
            // The views show a rule's message only in `invalid` (as the error).
            if _machine.state == .invalid { publishViews() }
        }
    }
}
