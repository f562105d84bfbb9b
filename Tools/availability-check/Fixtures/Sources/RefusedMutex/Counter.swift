import Synchronization

/// Synchronization's Mutex (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) with no guard.
public final class Counter: Sendable {
    private let count = Mutex(0)

    public init() {}

    public func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
