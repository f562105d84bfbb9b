import Foundation

/// Where debug event log records go, in the spirit of swift-log's `LogHandler`.
///
/// `record(_:)` is called on the main actor, in order, for every record of an instance. Sinks
/// must be safe to share between instances. Records never contain credential values.
///
/// A sink may hold records in memory (`ThunderIDEventLog`'s `JSONLinesFileEventLog` does);
/// ``flush()`` writes them out. ``ChangeCredentialState`` calls it after the records of a
/// submission outcome and of a dismissal, and when it is deinitialized.
public protocol EventLogSink: Sendable {
    /// Stores or writes one record.
    func record(_ record: EventLogRecord)

    /// Writes out whatever the sink holds in memory. The default does nothing (a sink that
    /// writes every record at once has nothing to flush).
    func flush()
}

extension EventLogSink {
    /// Nothing to write out.
    public func flush() {}
}
