
/// The process-wide bounded cache behind ``ECMARegex/cached(_:flags:mode:)``.
///
/// Keyed by pattern, flags and mode. Bounded by bytes and by entries: the regexes it holds account for at
/// most ``maximumBytes`` (each by ``RegexEngine/estimatedBytes``, taken when it enters; the shared Unicode
/// tables are counted nowhere) and number at most ``capacity``. Past either bound the least recently used
/// entries are evicted; a regex larger than the whole byte bound is returned without being kept.
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

    private struct Entry {
        var regex: ECMARegex
        var bytes: Int
        /// When the entry was last used; the queue's element for that use carries the same stamp.
        var stamp: UInt64
    }

    private struct Storage {
        var entries: [Key: Entry] = .init()
        /// Uses in order, oldest first from `head`: an element is current when its stamp is its entry's.
        var queue: [(key: Key, stamp: UInt64)] = []
        var head = 0
        var clock: UInt64 = 0
        var bytes = 0

        /// Marks `key`'s entry as used now.
        mutating func touch(_ key: Key) {
            clock += 1
            entries[key]?.stamp = clock
            queue.append((key, clock))
            if queue.count - head > 2 * entries.count + 64 { compact() }
        }

        /// Drops the queue's stale elements.
        mutating func compact() {
            queue = queue[head...].filter { entries[$0.key]?.stamp == $0.stamp }
            head = 0
        }

        /// Evicts the least recently used entry.
        mutating func evictOldest() {
            while head < queue.count {
                let (key, stamp) = queue[head]
                head += 1
                if let entry = entries[key], entry.stamp == stamp {
                    entries[key] = nil
                    bytes -= entry.bytes
                    break
                }
            }
            if head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
        }
    }

    /// The shared instance: 16 MiB and 512 entries.
    static let shared = RegexCache(capacity: 512, maximumBytes: 16 << 20)

    /// The most entries kept.
    let capacity: Int
    /// The most bytes the kept regexes account for.
    let maximumBytes: Int
    private let storage = Locked(Storage())

    init(capacity: Int, maximumBytes: Int = Int.max) {
        self.capacity = max(1, capacity)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The cached regex for `key`, compiling and inserting it on a miss. Errors are not cached.
    func regex(for key: Key) throws(ECMARegexError) -> ECMARegex {
        let hit = storage.withLock { storage -> ECMARegex? in
            guard let regex = storage.entries[key]?.regex else { return nil }
            storage.touch(key)
            return regex
        }
        if let hit { return hit }
        let compiled = try ECMARegex(key.pattern, flags: key.flags, mode: key.mode)
        let bytes = compiled.compiled.estimatedBytes
        return storage.withLock { storage in
            if let existing = storage.entries[key]?.regex {
                storage.touch(key)
                return existing
            }
            guard bytes <= maximumBytes else { return compiled }
            while !storage.entries.isEmpty
                && (storage.entries.count >= capacity || storage.bytes + bytes > maximumBytes)
            {
                storage.evictOldest()
            }
            storage.entries[key] = Entry(regex: compiled, bytes: bytes, stamp: 0)
            storage.bytes += bytes
            storage.touch(key)
            return compiled
        }
    }

    /// The bytes the kept regexes account for.
    var accountedBytes: Int { storage.withLock { $0.bytes } }

    /// Whether `key` is kept (without marking it used).
    func contains(_ key: Key) -> Bool { storage.withLock { $0.entries[key] != nil } }

    /// Number of cached patterns.
    var count: Int { storage.withLock { $0.entries.count } }

    /// Empties the cache.
    func removeAll() {
        storage.withLock { $0 = Storage() }
    }
}
