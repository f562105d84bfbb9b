import Foundation

/// Where debug event log records go, in the spirit of swift-log's `LogHandler`.
///
/// `record(_:)` is called on the main actor, in order, for every record of an instance. Sinks
/// must be safe to share between instances. Records never contain credential values.
///
/// A sink may hold records in memory (`ThunderIDEventLog`'s `JSONLinesFileEventLog` does); ``flush()`` makes them
/// durable. ``ChangeCredentialState`` calls it after the records of a submission outcome and of a
/// dismissal, and when it is deinitialized.
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

/// A sink of the package's that takes a record in parts: it writes the record out from them
/// (`JSONLinesFileEventLog`), without copying them into an ``EventLogRecord`` first.
package protocol EventLogPartsSink: EventLogSink {
    /// Stores or writes one record given in parts.
    func record(_ body: EventLogRecord.Body, sequence: Int, timestamp: Date, instance: String, attribute: String)
}

/// A sink as ``ChangeCredentialState`` sends to it: in parts where the sink takes them (decided
/// once, when the state is created, not per record), else as an ``EventLogRecord``.
package struct EventLogDestination: Sendable {
    private let sink: any EventLogSink
    private let parts: (any EventLogPartsSink)?

    package init(_ sink: any EventLogSink) {
        self.sink = sink
        parts = sink as? any EventLogPartsSink
    }

    /// Sends one record given in parts.
    package func record(_ body: EventLogRecord.Body, sequence: Int, timestamp: Date, instance: String, attribute: String) {
        if let parts {
            parts.record(body, sequence: sequence, timestamp: timestamp, instance: instance, attribute: attribute)
        } else {
            sink.record(EventLogRecord(sequence: sequence, timestamp: timestamp, instance: instance, attribute: attribute, body: body))
        }
    }

    /// Writes out what the sink holds.
    package func flush() { sink.flush() }
}
