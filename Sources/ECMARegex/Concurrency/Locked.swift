#if canImport(os)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// A value behind a lock, with API that exists at the package's declared minimums on every platform.
///
/// `Synchronization.Mutex` needs macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2, later than the
/// package's floor (macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1). So on Apple platforms the value
/// sits behind `OSAllocatedUnfairLock` (macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1); elsewhere
/// (Linux) behind a pthread mutex. `Tools/availability-check` keeps it so. (`@unchecked Sendable`:
/// the value is reached only through the lock.)
package struct Locked<Value: Sendable>: ~Copyable, @unchecked Sendable {
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
    #elseif hasFeature(Embedded)
    // The Embedded Swift build (the 32-bit check, `Tools/int32-check`) has no threads: the value sits
    // in a box with no lock.
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value.
    @inline(__always)
    package borrowing func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        body(&value.pointee)
    }
    #else
    // A pthread mutex rather than Synchronization.Mutex: the same cost uncontended, and ThreadSanitizer
    // intercepts pthread_mutex_lock/unlock, so it sees the lock's ordering and checks every access the
    // lock protects (Mutex locks with futexes inside the uninstrumented runtime, so TSan reported the
    // protected accesses as races and needed suppressions).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; `body` must not call back into this lock.
    @inline(__always)
    package borrowing func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value.pointee)
    }
    #endif
}
