// Bounds on numbers read back from an event log: a log is outside data (a file anyone can edit),
// so every number is checked before it becomes a count, a status or an allocation.

extension EventLogRecord {
    /// The largest value length a log may record: `CredentialInput.maximumLength` + 1 (4,097).
    /// The writer records lengths saturated there (``CredentialInput/boundedLength(_:)``), so the
    /// largest means "longer than the maximum credential length"; readers refuse larger,
    /// negative or fractional lengths, so every log the writer writes reads back, and a tool
    /// that turns lengths into placeholder text (`--to-spec`) allocates a bounded amount.
    package static let maximumLoggedLength = CredentialInput.maximumLength + 1
}
