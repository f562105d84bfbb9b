import Foundation

/// Keeps every record in memory: for tests, and for apps that show a debug screen.
public final class InMemoryEventLog: EventLogSink, @unchecked Sendable {
    // Guarded by `lock`: instances on different actors may share one log.
    private let lock = NSLock()
    private var stored: [EventLogRecord] = []

    /// Creates an empty log.
    public init() {}

    public func record(_ record: EventLogRecord) {
        lock.lock()
        stored.append(record)
        lock.unlock()
    }

    /// Every record so far, in arrival order.
    public var records: [EventLogRecord] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Forgets every record.
    public func removeAll() {
        lock.lock()
        stored.removeAll()
        lock.unlock()
    }
}
