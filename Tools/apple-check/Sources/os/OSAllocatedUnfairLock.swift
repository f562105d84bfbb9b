// Stand-in for Apple's os module: only OSAllocatedUnfairLock, which ECMARegex's `Locked` and
// `AtomicWord` use on Apple platforms, with the signatures and availability of Apple's current SDK.
// Each declaration names the Apple documentation symbol it models
// (https://developer.apple.com/documentation/os/...). With this module built, `canImport(os)` is true
// when the main package's targets compile, so their Apple-only branches type-check and run here.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Apple: /documentation/os/OSAllocatedUnfairLock — @frozen struct OSAllocatedUnfairLock<State>
//   (iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0); @unchecked Sendable.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    private final class Storage {
        var state: State
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        init(_ state: State) {
            self.state = state
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }
    }

    private let storage: Storage

    // Apple: /documentation/os/OSAllocatedUnfairLock/init(uncheckedState:)
    //   init(uncheckedState initialState: State)
    public init(uncheckedState initialState: State) {
        storage = Storage(initialState)
    }

    // Apple: /documentation/os/OSAllocatedUnfairLock/init(initialState:) — where State : Sendable
    public init(initialState: State) where State: Sendable {
        storage = Storage(initialState)
    }

    // Apple: /documentation/os/OSAllocatedUnfairLock/withLockUnchecked(_:)-7qywq
    //   func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R
    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(storage.mutex)
        defer { pthread_mutex_unlock(storage.mutex) }
        return try body(&storage.state)
    }

    // Apple: /documentation/os/OSAllocatedUnfairLock/withLock(_:)
    //   func withLock<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R where R : Sendable
    public func withLock<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R where R: Sendable {
        try withLockUnchecked(body)
    }
}
