#if PCRE2_BACKEND
import CPCRE2
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thread-specific slot holding each thread's retained ``MatchScratch``; its destructor releases it.
/// Regexes copy the key into a stored property (``MatchScratch/key``), so the matching fast path reads
/// it without the lazy global's check.
private let scratchKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<MatchScratch>.fromOpaque(pointer).release()
    }
    precondition(status == 0, "pthread_key_create failed")
    return key
}()

/// Per-call matching resources: match data, a match context carrying the limits, a JIT stack and a
/// DFA workspace, for both code-unit widths. Each thread has its own (``current``), so matching
/// allocates nothing after a thread's first match.
final class MatchScratch: @unchecked Sendable {
    /// The raw resources, handed to the matcher without reference counting.
    struct Handles {
        let matchData8: OpaquePointer
        let matchData16: OpaquePointer
        let context8: OpaquePointer
        let context16: OpaquePointer
        let dfaWorkspace: UnsafeMutablePointer<Int32>
    }

    /// Backtracking steps before the answer is `limit` (or the DFA fallback runs).
    static let matchLimit: UInt32 = 300_000
    /// The same for PCRE2's interpreter, which runs a pattern's first match (see ``PCRE2Program``).
    static let interpreterMatchLimit: UInt32 = 30_000
    /// Backtracking depth for the interpreter.
    static let depthLimit: UInt32 = 100_000
    /// Heap for backtracking frames, in KiB.
    static let heapLimitKiB: UInt32 = 32 * 1024
    /// JIT stack bounds in bytes.
    static let jitStackStart = 32 * 1024
    static let jitStackMaximum = 1024 * 1024
    /// Entries in the DFA workspace.
    static let dfaWorkspaceCount = 4096

    /// One width's match data, match context (with the limits above) and JIT stack
    /// (``PCRE2Width/makeMatchResources()``).
    struct Resources {
        let matchData: OpaquePointer
        let context: OpaquePointer
        let jitStack: OpaquePointer
    }

    private let resources8: Resources
    private let resources16: Resources
    private let dfaWorkspace: UnsafeMutablePointer<Int32>
    /// Borrowed views of the resources above, valid while this scratch lives.
    let handles: Handles

    init() {
        // Allocation failures here mean the process is out of memory; there is no useful recovery.
        guard let resources8 = PCRE2Width8.makeMatchResources() else {
            fatalError("PCRE2 could not allocate match resources")
        }
        guard let resources16 = PCRE2Width16.makeMatchResources() else {
            PCRE2Width8.freeMatchResources(resources8)
            fatalError("PCRE2 could not allocate match resources")
        }
        self.resources8 = resources8
        self.resources16 = resources16
        dfaWorkspace = .allocate(capacity: Self.dfaWorkspaceCount)
        handles = Handles(
            matchData8: resources8.matchData, matchData16: resources16.matchData, context8: resources8.context,
            context16: resources16.context, dfaWorkspace: dfaWorkspace)
    }

    deinit {
        PCRE2Width8.freeMatchResources(resources8)
        PCRE2Width16.freeMatchResources(resources16)
        dfaWorkspace.deallocate()
    }

    /// This thread's scratch, created on first use and freed when the thread exits. Matching never
    /// re-enters on one thread (PCRE2 callouts are never used), so one scratch per thread suffices and
    /// taking it costs no lock.
    static var current: Handles { current(key: scratchKey)._withUnsafeGuaranteedRef { $0.handles } }

    /// The key of the thread-specific slot, for a regex to keep (see ``current(key:)``).
    static var key: pthread_key_t { scratchKey }

    /// This thread's scratch through a key read from ``key`` earlier: one `pthread_getspecific` and no
    /// reference counting once the thread has matched before (the thread's slot keeps it alive). Read
    /// it with `_withUnsafeGuaranteedRef`, so a caller loads only the handles it uses.
    @inline(__always)
    static func current(key: pthread_key_t) -> Unmanaged<MatchScratch> {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<MatchScratch>.fromOpaque(existing)
        }
        return create(key: key)
    }

    @inline(never)
    private static func create(key: pthread_key_t) -> Unmanaged<MatchScratch> {
        let scratch = Unmanaged.passRetained(MatchScratch())
        pthread_setspecific(key, scratch.toOpaque())
        return scratch
    }
}
#endif
