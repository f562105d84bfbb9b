import Foundation

/// Every ``JSONLinesFileEventLog`` alive in the process, so that an `atexit` handler can flush
/// their buffers when the process exits normally (`exit(3)`, or `main` returning).
final class LiveFileEventLogs: @unchecked Sendable {
    /// The registry; the first use installs the exit handler.
    static let shared: LiveFileEventLogs = {
        let registry = LiveFileEventLogs()
        atexit { LiveFileEventLogs.shared.flushAll() }
        return registry
    }()

    private struct Entry {
        weak var log: JSONLinesFileEventLog?
    }

    // Guarded by `lock`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func insert(_ log: JSONLinesFileEventLog) {
        lock.lock()
        entries[ObjectIdentifier(log)] = Entry(log: log)
        lock.unlock()
    }

    func remove(_ log: JSONLinesFileEventLog) {
        lock.lock()
        entries[ObjectIdentifier(log)] = nil
        lock.unlock()
    }

    /// Flushes every sink still alive (what the exit handler runs).
    func flushAll() {
        lock.lock()
        let logs = entries.values.compactMap(\.log)
        lock.unlock()
        for log in logs { log.flush() }
    }
}
