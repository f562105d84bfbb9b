import ECMARegex

/// Keeps every record in memory: for tests, and for apps that show a debug screen.
public final class InMemoryEventLog: EventLogSink, Sendable {
    // Behind a lock: instances on different actors may share one log.
    private let stored = Locked<[EventLogRecord]>([])

    /// Creates an empty log.
    public init() {}

    public func record(_ record: EventLogRecord) {
        stored.withLock { $0.append(record) }
    }

    /// Every record so far, in arrival order.
    public var records: [EventLogRecord] {
        stored.withLock { $0 }
    }

    /// Forgets every record.
    public func removeAll() {
        stored.withLock { $0.removeAll() }
    }
}
