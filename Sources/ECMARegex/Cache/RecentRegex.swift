#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each thread's most recent hit of ``ECMARegex/cached(_:flags:mode:)``, so a caller that asks for the
/// same pattern on every keystroke compares the key's bytes instead of hashing it and taking the shared
/// cache's lock.
///
/// A regex is immutable, so a thread's remembered entry stays a correct answer for its key even after the
/// shared cache evicts or drops that key; each thread keeps at most one regex alive (released when the
/// thread exits or remembers another).
final class RecentRegex: @unchecked Sendable {
    let key: RegexCache.Key
    let regex: ECMARegex

    private init(key: RegexCache.Key, regex: ECMARegex) {
        self.key = key
        self.regex = regex
    }

    #if hasFeature(Embedded)
    // The Embedded Swift build (the 32-bit check, `Tools/int32-check`) has no thread-specific storage:
    // nothing is remembered, and every lookup goes to the shared cache.
    static func lookUp(_ key: RegexCache.Key) -> ECMARegex? { nil }

    static func remember(_ key: RegexCache.Key, _ regex: ECMARegex) {}
    #else
    /// The thread-specific slot holding the retained entry; its destructor releases it.
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<RecentRegex>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "pthread_key_create failed")
        return key
    }()

    /// This thread's remembered regex when its key is `key`.
    static func lookUp(_ key: RegexCache.Key) -> ECMARegex? {
        guard let pointer = pthread_getspecific(slot) else { return nil }
        return Unmanaged<RecentRegex>.fromOpaque(pointer)._withUnsafeGuaranteedRef { entry in
            entry.key == key ? entry.regex : nil
        }
    }

    /// Makes `regex` this thread's remembered entry for `key`.
    static func remember(_ key: RegexCache.Key, _ regex: ECMARegex) {
        let entry = Unmanaged.passRetained(RecentRegex(key: key, regex: regex))
        let previous = pthread_getspecific(slot)
        pthread_setspecific(slot, entry.toOpaque())
        if let previous { Unmanaged<RecentRegex>.fromOpaque(previous).release() }
    }
    #endif
}
