import Synchronization

/// Mutex behind a guard naming every Apple platform; the fallback uses nothing new.
public func countedOnce() -> Int {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let count = Mutex(1)
        return count.withLock { $0 }
    } else {
        return 1
    }
}

/// The other branch of an `#unavailable` check is where the API exists.
public func countedAgain() -> Int {
    if #unavailable(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) {
        return 1
    } else {
        let count = Mutex(1)
        return count.withLock { $0 }
    }
}
