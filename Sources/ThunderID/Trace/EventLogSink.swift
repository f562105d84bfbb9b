/// Where debug event log records go, in the spirit of swift-log's `LogHandler`.
///
/// `record(_:)` is called on the main actor, in order, for every record of an instance. Sinks
/// must be safe to share between instances. Records never contain credential values.
public protocol EventLogSink: Sendable {
    /// Stores or writes one record.
    func record(_ record: EventLogRecord)
}
