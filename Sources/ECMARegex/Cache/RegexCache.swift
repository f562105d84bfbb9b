
/// The process-wide bounded cache behind ``ECMARegex/cached(_:flags:mode:)``.
///
/// Keyed by pattern, flags and mode; when full, the oldest entry is evicted first.
final class RegexCache: Sendable {
    struct Key: Hashable, Sendable {
        var pattern: String
        var flags: String
        var mode: ECMARegex.MatchMode

        // By code units, not by String equality: canonically equivalent patterns such as `^\u{1FD3}$` and
        // `^\u{390}$` are different regexes.
        static func == (left: Key, right: Key) -> Bool {
            guard left.mode == right.mode, left.flags == right.flags else { return false }
            let a = left.pattern.utf8
            let b = right.pattern.utf8
            guard a.count == b.count else { return false }
            // Per keystroke this runs on every lookup: compare contiguous bytes a word at a time (the
            // generic `elementsEqual` took about 55 instructions per byte).
            let fast = a.withContiguousStorageIfAvailable { x in
                b.withContiguousStorageIfAvailable { y in Key.bytesEqual(x, y) }
            }
            if let fast, let equal = fast { return equal }
            return a.elementsEqual(b)
        }

        /// Whether two byte buffers hold the same bytes, compared eight at a time.
        static func bytesEqual(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
            let count = x.count
            guard count == y.count else { return false }
            guard let first = x.baseAddress, let second = y.baseAddress else { return count == 0 }
            if first == second { return true }
            let left = UnsafeRawPointer(first)
            let right = UnsafeRawPointer(second)
            var offset = 0
            while offset &+ 8 <= count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset &+= 8
            }
            while offset < count {
                if first[offset] != second[offset] { return false }
                offset &+= 1
            }
            return true
        }

        func hash(into hasher: inout Hasher) {
            let hashed: Void? = pattern.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for unit in pattern.utf8 { hasher.combine(unit) }
            }
            hasher.combine(flags)
            hasher.combine(mode)
        }
    }

    private struct Storage {
        var entries: [Key: ECMARegex] = [:]
        var order: [Key] = []
        var head = 0
    }

    /// The shared instance.
    static let shared = RegexCache(capacity: 512)

    let capacity: Int
    private let storage = Locked(Storage())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The cached regex for `key`, compiling and inserting it on a miss. Errors are not cached.
    func regex(for key: Key) throws(ECMARegexError) -> ECMARegex {
        if let hit = storage.withLock({ $0.entries[key] }) { return hit }
        let compiled = try ECMARegex(key.pattern, flags: key.flags, mode: key.mode)
        return storage.withLock { storage in
            if let existing = storage.entries[key] { return existing }
            if storage.entries.count >= capacity {
                // Evict in insertion order; `order` is compacted once half of it is stale.
                let evicted = storage.order[storage.head]
                storage.head += 1
                storage.entries[evicted] = nil
                if storage.head * 2 >= storage.order.count {
                    storage.order.removeFirst(storage.head)
                    storage.head = 0
                }
            }
            storage.entries[key] = compiled
            storage.order.append(key)
            return compiled
        }
    }

    /// Number of cached patterns.
    var count: Int { storage.withLock { $0.entries.count } }

    /// Empties the cache.
    func removeAll() {
        storage.withLock { $0 = Storage() }
    }
}
