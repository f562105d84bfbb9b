import ThunderID

/// Runs policy rows through the engine's default rules (non-empty, schema regex, confirmation).
enum PolicyCheck {
    /// `nil` when the rules reach the row's verdicts.
    static func check(_ row: PolicyRow) -> SpecFailure? {
        let context = CredentialRuleContext(attribute: "password", displayName: "Password", regex: row.regex,
                                            hint: nil, isStrict: row.isStrict)
        let input = CredentialInput(newValue: row.newValue, confirmation: row.confirmation, context: context)
        let rules: [any CredentialRule] = [
            NonEmptyRule(),
            SchemaRegexRule(evaluator: ECMARegexEvaluator(flags: row.flags)),
            ConfirmationRule(),
        ]
        let evaluation = CredentialEvaluation.evaluate(input, rules: rules)
        var expected: [String] = []
        var actual: [String] = []
        var differs = false
        for verdict in row.verdicts {
            let (rule, status) = (verdict.rule, verdict.status)
            let got = evaluation[rule]?.status.word
            expected.append("\(rule) \(status ?? "—")")
            actual.append("\(rule) \(got ?? "—")")
            if got != status { differs = true }
        }
        if let form = row.form {
            expected.append("form \(form.rawValue)")
            actual.append("form \(evaluation.validity.rawValue)")
            if form != evaluation.validity { differs = true }
        }
        guard differs else { return nil }
        let pattern = row.regex.map { "`\($0)`" } ?? "no regex"
        // The failure diff is the one place a spec's values may be printed.
        return SpecFailure(location: row.location,
                           subject: "\(pattern) with new value \(QuotedText.format(row.newValue)), confirmation \(QuotedText.format(row.confirmation))",
                           expected: expected.joined(separator: ", "), actual: actual.joined(separator: ", "))
    }
}
