import Synchronization

/// Guarded for macOS and iOS only: the `*` leaves tvOS, watchOS and visionOS at the floors, where
/// Mutex is not available yet (the shape of JSONParser's String(validating:as:) guard).
public func countedTwice() -> Int {
    if #available(macOS 15, iOS 18, *) {
        let count = Mutex(1)
        return count.withLock { value in
            value *= 2
            return value
        }
    }
    return 2
}
