import Synchronization

/// A guard that admits too early a release (iOS 17 is before Mutex's iOS 18), and a use in the
/// branch that runs when the API is missing.
public func countedThrice() -> Int {
    if #available(macOS 15, iOS 17, tvOS 18, watchOS 11, visionOS 2, *) {
        let count = Mutex(3)
        return count.withLock { $0 }
    }
    if #unavailable(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) {
        let count = Mutex(3)
        return count.withLock { $0 }
    }
    return 3
}
