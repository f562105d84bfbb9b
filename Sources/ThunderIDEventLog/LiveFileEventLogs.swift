import Foundation
import ThunderID

/// Every ``JSONLinesFileEventLog`` alive in the process, so that an `atexit` handler can flush
/// their buffers when the process exits normally (`exit(3)`, or `main` returning).
///
/// The registry holds its sinks unretained (not `weak`: a weak reference gives the object a side
/// table, and every retain and release of the sink on the keystroke path would take the runtime's
/// slow path). A sink removes itself in its `deinit`, under the registry's lock, before its memory
/// goes away; ``flushAll()`` flushes under the same lock without retaining, so it never touches a
/// sink that is gone.
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

    /// Called from the sink's `deinit`: waits for a running ``flushAll()``.
    func remove(_ log: JSONLinesFileEventLog) {
        lock.lock()
        entries[ObjectIdentifier(log)] = nil
        lock.unlock()
    }

    /// Flushes every sink still registered (what the exit handler runs).
    func flushAll() {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries.values {
            entry._withUnsafeGuaranteedRef { $0.flush() }
        }
    }
}
