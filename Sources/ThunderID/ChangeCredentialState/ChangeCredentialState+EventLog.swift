import Foundation

// The debug event log: one record per step, made only when a sink is configured.
extension ChangeCredentialState {
    /// The fields' lengths in `Character`s, saturated at `CredentialInput.maximumLength` + 1.
    var inputSummary: EventLogRecord.InputSummary {
        EventLogRecord.InputSummary(newValueLength: CredentialInput.boundedLength(rules.input.newValue),
                                    confirmationLength: CredentialInput.boundedLength(rules.input.confirmation))
    }

    /// Keeps the verdicts of the evaluation just made for the event about to be sent, whose step
    /// record carries them (an edit, the schema's arrival; clearing the values is an effect of a
    /// step already logged, and notes nothing).
    func noteEvaluation() {
        guard isLogging else { return }
        pendingEvaluation = EventLogRecord.EvaluationSummary(_ruleEvaluation)
    }

    /// Logs the step of `event` before its effects run.
    func logStep(_ event: ChangeCredentialMachine.Event, from before: ChangeCredentialMachine,
                 to after: ChangeCredentialMachine, effects: [ChangeCredentialMachine.Effect]) {
        let evaluation = pendingEvaluation
        pendingEvaluation = nil
        let carriesInput = evaluation != nil || event.kind == .newValueEdited || event.kind == .confirmationEdited
        log(.step(EventLogRecord.Step(event: event, input: carriesInput ? inputSummary : nil, evaluation: evaluation,
                                      from: before, to: after, effects: effects)))
    }

    /// Stamps `body` and sends it to every sink, scrubbing text from outside of the typed values.
    func log(_ body: EventLogRecord.Body) {
        guard isLogging else { return }
        sequence += 1
        // Whole milliseconds: what the log writes, so a record reads back equal.
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        var body = body
        if SecretScrubber.mayCarryText(body) {
            body = SecretScrubber(secrets: [rules.input.newValue, rules.input.confirmation]).scrub(body)
        }
        let record = EventLogRecord(sequence: sequence, timestamp: now, instance: instanceText, attribute: attribute, body: body)
        for sink in sinks { sink.record(record) }
    }
}
