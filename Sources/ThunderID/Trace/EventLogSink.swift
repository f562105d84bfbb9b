import Foundation

/// Where debug event log records go, in the spirit of swift-log's `LogHandler`.
///
/// `record(_:)` is called on the main actor, in order, for every record of an instance. Sinks
/// must be safe to share between instances. Records never contain credential values.
///
/// A sink may hold records in memory (``JSONLinesFileEventLog`` does); ``flush()`` makes them
/// durable. ``ChangeCredentialState`` calls it after the records of a submission outcome and of a
/// dismissal, and when it is deinitialized.
public protocol EventLogSink: Sendable {
    /// Stores or writes one record.
    func record(_ record: EventLogRecord)

    /// Stores or writes one record given in parts: how ``ChangeCredentialState`` sends every
    /// record. The default builds the ``EventLogRecord`` and calls ``record(_:)``; a sink that only
    /// writes the record out (``JSONLinesFileEventLog``) writes it from the parts, without copying
    /// them into a record first.
    func record(_ body: EventLogRecord.Body, sequence: Int, timestamp: Date, instance: String, attribute: String)

    /// Writes out whatever the sink holds in memory. The default does nothing (a sink that
    /// writes every record at once has nothing to flush).
    func flush()
}

extension EventLogSink {
    /// Builds the record and calls ``record(_:)``.
    public func record(_ body: EventLogRecord.Body, sequence: Int, timestamp: Date, instance: String, attribute: String) {
        record(EventLogRecord(sequence: sequence, timestamp: timestamp, instance: instance, attribute: attribute, body: body))
    }

    /// Nothing to write out.
    public func flush() {}
}
