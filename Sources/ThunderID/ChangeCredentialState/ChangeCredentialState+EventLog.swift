import Foundation

// Records for the debug event log: the values' lengths (never the values) and the sinks' calls.
extension ChangeCredentialState {
    /// The fields' lengths in `Character`s, counted once per change of the values (the event and
    /// the evaluation record of one keystroke share them), saturated at
    /// `CredentialInput.maximumLength` + 1 ("longer than the maximum"), which is also the
    /// largest length the trace reader accepts.
    var inputSummary: EventLogRecord.InputSummary {
        if let summary { return summary }
        let counted = EventLogRecord.InputSummary(newValueLength: Self.characterCount(rules.input.newValue),
                                                  confirmationLength: Self.characterCount(rules.input.confirmation))
        summary = counted
        return counted
    }

    /// `value.count` (its `Character`s) up to `CredentialInput.maximumLength` + 1
    /// (``CredentialInput/boundedLength(_:)``): from the bytes when the value is ASCII, in
    /// constant time past `CredentialInput.maximumUTF8Length` bytes.
    nonisolated static func characterCount(_ value: String) -> Int {
        CredentialInput.boundedLength(value)
    }

    /// Sends a record to every sink. Callers build the body only when there is a sink
    /// (`if isLogging`), and the typed values are scrubbed from it only when it carries text from
    /// outside (an error, a note, a reason): edits, evaluations and their transitions carry
    /// lengths and verdicts alone.
    func log(_ body: EventLogRecord.Body) {
        guard isLogging else { return }
        sequence += 1
        let timestamp = EventLogClock.now()
        // Sinks get the parts (a file sink writes them out without building a record).
        if SecretScrubber.mayCarryText(body) {
            let scrubbed = SecretScrubber(secrets: [rules.input.newValue, rules.input.confirmation]).scrub(body)
            for sink in sinks {
                sink.record(scrubbed, sequence: sequence, timestamp: timestamp, instance: instanceText, attribute: attribute)
            }
        } else {
            for sink in sinks {
                sink.record(body, sequence: sequence, timestamp: timestamp, instance: instanceText, attribute: attribute)
            }
        }
    }
}
