#if os(Linux)
import Synchronization

/// Compiled only on Linux, where Mutex always exists.
public final class LinuxCounter: Sendable {
    private let count = Mutex(0)

    public init() {}

    public func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
#endif
