#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// One backtracking entry of the portable matcher; the meaning of `a` and `b` depends on the kind.
struct PortableBacktrackEntry {
    enum Kind: UInt8 {
        /// `memoMark`: a memo point inside a lookaround body was entered (`a`: its bit); still on the stack
        /// when the body succeeds, it led to that success.
        /// `string`: a `strings` instruction at `pc` matched at position `a`; `b` is the next string to try.
        /// `dispatch`: the `dispatch` instruction at `pc` ran at position `a`; `b` is the next candidate's
        /// index in its table's candidates.
        case branch, restore, greedy, lazy, marker, memoMark, string, dispatch
    }

    var kind: Kind
    var pc: Int
    var a: Int
    var b: Int
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
/// One backtracking-stack mapping kept between searches (process-wide, at most ``spareStackLimit``
/// bytes): a deep search takes it instead of mapping, and committing, fresh pages.
private let spareStackMapping = Locked<(address: Int, bytes: Int)>((0, 0))
/// The largest mapping kept: a 64 KiB subject's deepest stack (about 7.7 MB) fits.
private let spareStackLimit = 8 << 20
#endif

/// The portable matcher's explicit backtracking stack: a caller-provided first stretch, then heap
/// storage. Not copyable in meaning: one machine owns it and calls ``release()``.
///
/// The heap storage is one anonymous memory mapping reserved for the deepest stack the search may
/// build (its depth limit, plus a margin for the entries one step may push before the limit is
/// checked): the kernel commits a page when it is first touched, so a deep search neither copies
/// its stack as it grows nor pays for depth it does not reach. One mapping of up to 8 MiB is kept
/// for the next deep search (its touched pages stay committed until then). Where there is no
/// `mmap`, storage doubles through `realloc`.
struct PortableBacktrackStack {
    private(set) var base: UnsafeMutablePointer<PortableBacktrackEntry>
    private(set) var count = 0
    private var capacity: Int
    /// The most entries the heap storage is reserved for.
    private let maximum: Int
    private var ownsStorage = false
    /// The mapping's length in bytes, when the storage is a mapping.
    private var mappedBytes = 0

    init(initial: UnsafeMutablePointer<PortableBacktrackEntry>, capacity: Int, maximum: Int) {
        base = initial
        self.capacity = capacity
        self.maximum = Swift.max(maximum, capacity) + 64
    }

    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    @inline(__always)
    mutating func append(_ entry: PortableBacktrackEntry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count &+= 1
    }

    @inline(__always)
    mutating func removeLast() {
        count &-= 1
    }

    /// Drops every entry from `index` on.
    @inline(__always)
    mutating func truncate(to index: Int) {
        count = index
    }

    @inline(__always)
    subscript(_ index: Int) -> PortableBacktrackEntry {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Moves the stack to heap storage (the mapping, reserved once), or grows that storage where
    /// there is no mapping. Entries are plain values: moving their bytes moves them.
    @inline(never)
    private mutating func grow() {
        let stride = MemoryLayout<PortableBacktrackEntry>.stride
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if !ownsStorage {
            let bytes = maximum * stride
            var mapped: UnsafeMutableRawPointer?
            var length = bytes
            let spare = spareStackMapping.withLock { slot -> (address: Int, bytes: Int) in
                guard slot.bytes >= bytes else { return (0, 0) }
                defer { slot = (0, 0) }
                return slot
            }
            if let reused = UnsafeMutableRawPointer(bitPattern: spare.address) {
                mapped = reused
                length = spare.bytes
            } else if let fresh = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                      fresh != MAP_FAILED {
                mapped = fresh
            }
            if let mapped {
                mapped.copyMemory(from: UnsafeRawPointer(base), byteCount: count * stride)
                base = mapped.bindMemory(to: PortableBacktrackEntry.self, capacity: maximum)
                capacity = maximum
                mappedBytes = length
                ownsStorage = true
                return
            }
        }
        guard mappedBytes == 0 else {
            // The search pushed past its reserved depth: the depth check runs every step, and one
            // step pushes far fewer entries than the margin.
            fatalError("PortableBacktrackStack: deeper than its depth limit (\(count) entries)")
        }
        #endif
        let bytes = capacity * 2 * stride
        let raw: UnsafeMutableRawPointer?
        if ownsStorage {
            raw = realloc(UnsafeMutableRawPointer(base), bytes)
        } else {
            raw = malloc(bytes)
            raw?.copyMemory(from: UnsafeRawPointer(base), byteCount: count * stride)
        }
        guard let raw else { fatalError("PortableBacktrackStack: out of memory for \(bytes) bytes") }
        base = raw.bindMemory(to: PortableBacktrackEntry.self, capacity: capacity * 2)
        capacity *= 2
        ownsStorage = true
    }

    /// Frees heap storage, if any.
    mutating func release() {
        if ownsStorage {
            #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            if mappedBytes > 0 {
                // The largest mapping up to `spareLimit` is kept for the next deep search, whose
                // pages are then already committed; the other one is unmapped.
                var unmapped = (address: Int(bitPattern: UnsafeMutableRawPointer(base)), bytes: mappedBytes)
                if mappedBytes <= spareStackLimit {
                    spareStackMapping.withLock { slot in
                        if slot.bytes < unmapped.bytes { swap(&slot, &unmapped) }
                    }
                }
                if let address = UnsafeMutableRawPointer(bitPattern: unmapped.address) {
                    munmap(address, unmapped.bytes)
                }
            } else {
                free(UnsafeMutableRawPointer(base))
            }
            #else
            free(UnsafeMutableRawPointer(base))
            #endif
        }
        ownsStorage = false
        mappedBytes = 0
        count = 0
    }
}
