import Synchronization

/// After `guard #available(...) else { ... }` the rest of the scope may use what the guard names.
public func doubled(_ value: Int) -> Int {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
        return value * 2
    }
    let cell = Mutex(value)
    return cell.withLock { stored in
        stored *= 2
        return stored
    }
}

/// The else of `guard #unavailable(...)` is where the API exists.
public func halved(_ value: Int) -> Int {
    guard #unavailable(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) else {
        let cell = Mutex(value)
        return cell.withLock { $0 / 2 }
    }
    return value / 2
}
