#if canImport(os)
import os
#else
import Synchronization
#endif

/// A lock that builds at the package's minimums: OSAllocatedUnfairLock on Apple platforms (`canImport(os)`),
/// Synchronization's Mutex only in the branch no Apple build compiles. (The `os` branch is not
/// compiled on Linux, so this check cannot see it; OSAllocatedUnfairLock itself needs iOS 16.)
public final class Lock<Value: Sendable>: Sendable {
    #if canImport(os)
    private let lock: OSAllocatedUnfairLock<Value>
    #else
    private let mutex: Mutex<Value>
    #endif

    public init(_ value: Value) {
        #if canImport(os)
        lock = OSAllocatedUnfairLock(initialState: value)
        #else
        mutex = Mutex(value)
        #endif
    }

    public func withLock<Result: Sendable>(_ body: @Sendable (inout Value) -> Result) -> Result {
        #if canImport(os)
        return lock.withLock(body)
        #else
        return mutex.withLock { value in body(&value) }
        #endif
    }
}
