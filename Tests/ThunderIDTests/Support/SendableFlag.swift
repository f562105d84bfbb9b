import Foundation

/// A flag that any thread may set and read: for `onChange` callbacks and watchdogs in tests.
final class SendableFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Sets the flag.
    func set() { lock.withLock { value = true } }

    /// Whether the flag was set.
    var isSet: Bool { lock.withLock { value } }
}
