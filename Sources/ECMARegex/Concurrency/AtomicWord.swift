#if canImport(os)
import os
#else
import Synchronization
#endif

/// A word-sized integer read and written from any thread, with API that exists at the package's
/// declared minimums on every platform.
///
/// `Synchronization.Atomic` needs macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2. On Apple
/// platforms the word therefore sits behind `OSAllocatedUnfairLock` (a few nanoseconds uncontended;
/// the only Apple build that reaches the PCRE2 paths using it is a macOS build with the
/// `PCRE2OnMacOS` trait); elsewhere it is a lock-free `Atomic<Int>`. Loads acquire and stores release.
package struct AtomicWord: ~Copyable, Sendable {
    #if canImport(os)
    private let lock: OSAllocatedUnfairLock<Int>

    package init(_ value: Int) { lock = OSAllocatedUnfairLock(uncheckedState: value) }

    @inline(__always) package borrowing func load() -> Int { lock.withLockUnchecked { $0 } }

    @inline(__always) package borrowing func store(_ value: Int) { lock.withLockUnchecked { $0 = value } }

    /// Stores `desired` if the word holds `expected`; whether it did.
    @inline(__always)
    package borrowing func compareExchange(expected: Int, desired: Int) -> Bool {
        lock.withLockUnchecked { word in
            guard word == expected else { return false }
            word = desired
            return true
        }
    }

    /// Adds `delta` (wrapping) and returns the new value.
    @inline(__always)
    package borrowing func add(_ delta: Int) -> Int {
        lock.withLockUnchecked { word in
            word &+= delta
            return word
        }
    }
    #else
    private let atomic: Atomic<Int>

    package init(_ value: Int) { atomic = Atomic(value) }

    @inline(__always) package borrowing func load() -> Int { atomic.load(ordering: .acquiring) }

    @inline(__always) package borrowing func store(_ value: Int) { atomic.store(value, ordering: .releasing) }

    /// Stores `desired` if the word holds `expected`; whether it did.
    @inline(__always)
    package borrowing func compareExchange(expected: Int, desired: Int) -> Bool {
        atomic.compareExchange(expected: expected, desired: desired, ordering: .acquiringAndReleasing).exchanged
    }

    /// Adds `delta` (wrapping) and returns the new value.
    @inline(__always)
    package borrowing func add(_ delta: Int) -> Int { atomic.add(delta, ordering: .relaxed).newValue }
    #endif
}
