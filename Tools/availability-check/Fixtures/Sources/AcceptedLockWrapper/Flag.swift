#if canImport(Darwin)
import Darwin
#else
import Synchronization
#endif

/// A one-way flag: Synchronization's Atomic only where `canImport(Darwin)` is false.
public final class Flag: Sendable {
    #if canImport(Darwin)
    private let lock = Lock(false)
    #else
    private let raised = Atomic(false)
    #endif

    public init() {}

    public func raise() {
        #if canImport(Darwin)
        lock.withLock { $0 = true }
        #else
        raised.store(true, ordering: .releasing)
        #endif
    }

    public var isRaised: Bool {
        #if canImport(Darwin)
        lock.withLock { $0 }
        #else
        raised.load(ordering: .acquiring)
        #endif
    }
}
