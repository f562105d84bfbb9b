import Synchronization

/// A type that is itself only available where Mutex is.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ModernCounter: Sendable {
    private let count = Mutex(0)

    public init() {}

    public func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}

public struct Timer: Sendable {
    public init() {}
}

/// An extension whose members need the Duration releases.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Timer {
    public func timeout() -> Duration {
        .seconds(30)
    }
}

/// A member unavailable on the Apple platforms where its API is missing altogether.
extension Timer {
    @available(macOS, unavailable)
    @available(iOS, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    @available(visionOS, unavailable)
    public func portableTimeout() -> Duration {
        .milliseconds(30_000)
    }
}
