#if canImport(os)
import os
#else
import Synchronization
#endif

/// A value behind a lock, with API that exists at the package's declared minimums on every platform.
///
/// `Synchronization.Mutex` needs macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2, later than the
/// package's floor (macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1). So on Apple platforms the value
/// sits behind `OSAllocatedUnfairLock` (macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1); elsewhere
/// (Linux, where no Apple availability applies) behind `Mutex`. `Tools/availability-check` keeps it so.
package struct Locked<Value: Sendable>: ~Copyable, Sendable {
    #if canImport(os)
    private let lock: OSAllocatedUnfairLock<Value>

    package init(_ value: Value) {
        lock = OSAllocatedUnfairLock(uncheckedState: value)
    }

    /// Runs `body` with the value, holding the lock; `body` must not call back into this lock.
    @inline(__always)
    package borrowing func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLockUnchecked(body)
    }
    #else
    private let mutex: Mutex<Value>

    package init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock; `body` must not call back into this lock.
    @inline(__always)
    package borrowing func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        // Mutex's closure returns a `sending` result, which a generic result cannot promise; the result
        // leaves through this local instead (it is read after the lock is released, on this thread).
        nonisolated(unsafe) var result: Result?
        mutex.withLock { value in result = body(&value) }
        return result.unsafelyUnwrapped
    }
    #endif
}
