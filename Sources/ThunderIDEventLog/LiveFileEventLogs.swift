import Foundation
import ThunderID

/// Every ``JSONLinesFileEventLog`` alive in the process, for the `atexit` handler that flushes them.
///
/// Held unretained, not `weak` (a weak reference would put the sink's retains on the runtime's
/// slow path). A sink removes itself in `deinit` under the lock that ``flushAll()`` holds, so a
/// flush never touches a sink that is gone.
final class LiveFileEventLogs: @unchecked Sendable {
    /// The registry; the first use installs the exit handler.
    static let shared: LiveFileEventLogs = {
        let registry = LiveFileEventLogs()
        atexit { LiveFileEventLogs.shared.flushAll() }
        return registry
    }()

    // Guarded by `lock`.
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Unmanaged<JSONLinesFileEventLog>] = .init()

    func insert(_ log: JSONLinesFileEventLog) {
        lock.lock()
        entries[ObjectIdentifier(log)] = Unmanaged.passUnretained(log)
        lock.unlock()
    }

    /// Called from the sink's `deinit`; waits for a running ``flushAll()``.
    func remove(_ log: JSONLinesFileEventLog) {
        lock.lock()
        entries[ObjectIdentifier(log)] = nil
        lock.unlock()
    }

    /// Flushes every registered sink.
    func flushAll() {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries.values {
            entry._withUnsafeGuaranteedRef { $0.flush() }
        }
    }
}
