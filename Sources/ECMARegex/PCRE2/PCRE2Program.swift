#if PCRE2_BACKEND
import CPCRE2

/// A translated pattern compiled (and JIT-compiled) by PCRE2; owns the `pcre2_code` and frees it.
///
/// Compiled code is immutable and PCRE2 documents it as safe to match from many threads at once;
/// per-call state lives in ``MatchScratch``.
///
/// JIT compilation is tiered: the first match runs PCRE2's interpreter, and the second JIT-compiles a
/// private copy of the code (`pcre2_code_copy`, so threads matching the original are never disturbed),
/// published through an atomic pointer. Creating a regex therefore costs parsing, translation and
/// `pcre2_compile` only; a pattern used once never pays for machine code.
final class PCRE2Program: @unchecked Sendable {
    private enum Code {
        case utf8(OpaquePointer)
        case utf16(OpaquePointer)
    }

    private let code: Code
    /// 0: not JIT-compiled yet; 1: being compiled (or JIT unavailable); otherwise the JIT copy's address.
    private let jitCode = AtomicWord(0)
    /// Interpreter runs so far, to decide when to JIT.
    private let interpretedRuns = AtomicWord(0)
    /// Interpreter runs before JIT compilation starts.
    static let runsBeforeJIT = 1
    private let dfaFallback: Bool

    /// Largest nesting of parentheses PCRE2 may see (the parser caps source nesting well below it).
    static let parenthesesNestLimit: UInt32 = 1000

    /// Compiles `translated` (ASCII PCRE2 source) with the fixed option set:
    /// 8-bit targets use `UTF|NEVER_UCP`, the 16-bit target `UCP|NEVER_UTF`; all use
    /// `MATCH_UNSET_BACKREF|ALLOW_EMPTY_CLASS|DOLLAR_ENDONLY|NEVER_BACKSLASH_C`, plus `CASELESS` for `i`.
    ///
    /// - Parameter dfaFallback: whether `pcre2_dfa_match` may answer when backtracking hits a limit
    ///   (only without back-references, which the DFA matcher cannot run).
    init(translated: String, target: PCRE2Emitter.Target, caseless: Bool, dfaFallback: Bool) throws(ECMARegexError) {
        var options = UInt32(PCRE2_MATCH_UNSET_BACKREF | PCRE2_ALLOW_EMPTY_CLASS | PCRE2_DOLLAR_ENDONLY)
            | UInt32(PCRE2_NEVER_BACKSLASH_C)
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        if Self.hasLookaround(translated) {
            // PCRE2 10.42's start-of-match optimization misses matches after a lookaround followed by an
            // optional item: `(?=0)a?0` finds no match in "0" (found by regex-diff; node: true).
            options |= UInt32(PCRE2_NO_START_OPTIMIZE)
        }
        var errorCode: Int32 = 0
        var errorOffset = 0
        switch target {
        case .utf8CodePoints, .utf8BasicPlane:
            options |= UInt32(PCRE2_UTF | PCRE2_NEVER_UCP | PCRE2_NO_UTF_CHECK)
            let compiled = Array(translated.utf8).withUnsafeBufferPointer { buffer in
                PCRE2Width8.compile(buffer, options: options, errorCode: &errorCode, errorOffset: &errorOffset)
            }
            guard let compiled else { throw Self.compileError(errorCode) }
            code = .utf8(compiled)
        case .utf16CodeUnits:
            options |= UInt32(PCRE2_UCP | PCRE2_NEVER_UTF)
            let compiled = Array(translated.utf16).withUnsafeBufferPointer { buffer in
                PCRE2Width16.compile(buffer, options: options, errorCode: &errorCode, errorOffset: &errorOffset)
            }
            guard let compiled else { throw Self.compileError(errorCode) }
            code = .utf16(compiled)
        }
        self.dfaFallback = dfaFallback
    }

    /// Whether the ASCII PCRE2 source has `(?=`, `(?!` or `(?<` (the emitter writes no named groups, so
    /// `(?<` is a lookbehind). One pass over the bytes: `String.contains` searched a 2 KB class three
    /// times in about 100 µs.
    static func hasLookaround(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2) where bytes[index] == 0x28 && bytes[index + 1] == 0x3F {
                let next = bytes[index + 2]
                if next == 0x3D || next == 0x21 || next == 0x3C { return true }
            }
            return false
        }
    }

    deinit {
        let jitted = jitCode.load()
        let copy = jitted > 1 ? OpaquePointer(bitPattern: jitted) : nil
        switch code {
        case .utf8(let compiled): Self.free(compiled, copy, PCRE2Width8.self)
        case .utf16(let compiled): Self.free(compiled, copy, PCRE2Width16.self)
        }
    }

    private static func free<Width: PCRE2Width>(_ compiled: OpaquePointer, _ copy: OpaquePointer?, _: Width.Type) {
        Width.free(compiled)
        if let copy { Width.free(copy) }
    }

    /// Whether matching now runs JIT-compiled code.
    var usesJIT: Bool { jitCode.load() > 1 }

    /// Bytes of PCRE2 code this program holds or will hold (for ``RegexCache``'s byte bound): the compiled
    /// code (`PCRE2_INFO_SIZE`), and the JIT tier: once it exists, its copy of the code and its machine code
    /// (`PCRE2_INFO_JITSIZE`); before, an estimate of both (the code again and ``jitBytesPerCodeByte`` times
    /// its size), since the tier-up comes after a regex enters the cache.
    var estimatedBytes: Int {
        let size = Self.info(code, UInt32(PCRE2_INFO_SIZE))
        let jitted = jitCode.load()
        guard jitted > 1, let copy = OpaquePointer(bitPattern: jitted) else {
            return size * (2 + Self.jitBytesPerCodeByte)
        }
        let copied: Code
        switch code {
        case .utf8: copied = .utf8(copy)
        case .utf16: copied = .utf16(copy)
        }
        return size * 2 + Self.info(copied, UInt32(PCRE2_INFO_JITSIZE))
    }

    /// The JIT machine code's size per byte of compiled code assumed before the tier-up (measured by
    /// `RegexCacheTests`: JIT code is at most this many times the interpreter code on the worst-case family).
    static let jitBytesPerCodeByte = 8

    private static func info(_ code: Code, _ what: UInt32) -> Int {
        var value = 0
        switch code {
        case .utf8(let compiled): _ = pcre2_pattern_info_8(compiled, what, &value)
        case .utf16(let compiled): _ = pcre2_pattern_info_16(compiled, what, &value)
        }
        return value
    }

    /// The JIT-compiled copy, or nil while the interpreter must be used (this may start the JIT compile).
    @inline(__always)
    private func jitted() -> OpaquePointer? {
        let current = jitCode.load()
        if current > 1 { return OpaquePointer(bitPattern: current) }
        if current == 0 { tierUp() }
        return nil
    }

    private func tierUp(force: Bool = false) {
        let runs = interpretedRuns.add(1)
        guard force || runs > Self.runsBeforeJIT,
            jitCode.compareExchange(expected: 0, desired: 1)
        else { return }
        let copy: OpaquePointer?
        switch code {
        case .utf8(let compiled): copy = PCRE2Width8.jitCompiledCopy(of: compiled)
        case .utf16(let compiled): copy = PCRE2Width16.jitCompiledCopy(of: compiled)
        }
        // Without a copy (JIT unavailable) matching stays on the interpreter (state 1).
        if let copy {
            jitCode.store(Int(bitPattern: UnsafeRawPointer(copy)))
        }
    }

    private static func compileError(_ code: Int32) -> ECMARegexError {
        let message = errorMessage(code)
        let lowered = message.lowercased()
        if lowered.contains("too large") || lowered.contains("too complicated") || lowered.contains("too deep")
            || lowered.contains("nested too") || lowered.contains("too many")
        {
            return .limit("the translated pattern exceeds a PCRE2 compile limit: \(message)")
        }
        return .unsupported("PCRE2 10.42 rejected the translated pattern: \(message)", at: nil)
    }

    static func errorMessage(_ code: Int32) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            let length = pcre2_get_error_message_8(code, buffer.baseAddress, buffer.count)
            guard length > 0 else { return "PCRE2 error \(code)" }
            return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
        }
    }

    // MARK: - Subjects

    /// Calls `body` with the value's UTF-8 bytes, in place for native strings.
    static func withUTF8<Result>(
        _ value: String, _ body: (UnsafeBufferPointer<UInt8>) throws(ECMARegexError) -> Result
    ) throws(ECMARegexError) -> Result {
        // `withContiguousStorageIfAvailable` is `rethrows`, so carry the typed error out in a Result.
        let attempt = value.utf8.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(ECMARegexError) -> Result in try body(buffer) }
        }
        if let attempt { return try attempt.get() }
        var copy = value
        copy.makeContiguousUTF8()
        let retry = copy.utf8.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(ECMARegexError) -> Result in try body(buffer) }
        }
        guard let retry else { throw .limit("the subject could not be read as contiguous UTF-8") }
        return try retry.get()
    }

    /// True when the UTF-8 bytes contain a four-byte sequence (an astral code point), that is a byte
    /// `0xF0` or above.
    ///
    /// This runs before every match of a pattern without `u`, so it avoids a data-dependent branch per
    /// byte: bytes are read as at most a few (possibly overlapping) words, each word is reduced with
    /// ``astralLeads(_:)``, and the results are combined with OR and tested once. Only the length picks
    /// the path.
    @inline(__always)
    static func containsAstral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var leads: UInt64
        if count >= 8 {
            // The last eight bytes, then every whole word before them (overlap is harmless).
            leads = astralLeads(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            var offset = 0
            while offset < count &- 8 {
                leads |= astralLeads(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 8
            }
        } else if count >= 4 {
            let head = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let tail = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            leads = astralLeads(head | tail &<< 32)
        } else if count > 0 {
            // One to three bytes: first, middle and last cover them all.
            let first = UInt64(base[0])
            let middle = UInt64(base[count &>> 1])
            let last = UInt64(base[count &- 1])
            leads = astralLeads(first | middle &<< 8 | last &<< 16)
        } else {
            return false
        }
        return leads != 0
    }

    /// The high bit of every byte of `word` whose top four bits are all set (a byte `0xF0` or above);
    /// zero when there is none. Shifting left by one to three bytes' worth of bits moves bits 6, 5 and 4
    /// of a byte onto its bit 7 without reaching a neighbour's bit 7.
    @inline(__always)
    static func astralLeads(_ word: UInt64) -> UInt64 {
        word & (word &<< 1) & (word &<< 2) & (word &<< 3) & 0x8080_8080_8080_8080
    }

    /// Calls `body` with the value transcoded to UTF-16 in a temporary buffer (on the stack when small).
    static func withUTF16<Result>(
        _ value: String, _ body: (UnsafeBufferPointer<UInt16>) throws(ECMARegexError) -> Result
    ) throws(ECMARegexError) -> Result {
        let capacity = max(1, value.utf8.count)
        return try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) {
            (buffer) throws(ECMARegexError) -> Result in
            var count = 0
            for unit in value.utf16 {
                buffer[count] = unit
                count += 1
            }
            return try body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    // MARK: - Matching

    /// The JIT-compiled code when matching has already tiered up, else nil. Unlike ``jitted()`` this never
    /// counts a run or starts compilation, so the fast path below leaves tiering to the full path.
    @inline(__always)
    var readyJIT: OpaquePointer? {
        let current = jitCode.load()
        return current > 1 ? OpaquePointer(bitPattern: current) : nil
    }

    /// A status no PCRE2 call returns: the full path (``matches(utf8:)``) must decide.
    static let undecided = Int32.min
    /// PCRE2's "no match" status.
    static let noMatch = Int32(PCRE2_ERROR_NOMATCH)

    /// One JIT search over UTF-8 bytes: PCRE2's status (non-negative for a match, ``noMatch``), or any
    /// other negative status when the full path must decide (a limit, so the DFA fallback or the error
    /// message is needed).
    ///
    /// `jit` must be an 8-bit program's ``readyJIT``. Nothing here is reference counted or throws, so
    /// callers can run it inside `withContiguousStorageIfAvailable` without retaining the program.
    @inline(__always)
    static func quickSearch(
        jit: OpaquePointer, utf8 subject: UnsafeBufferPointer<UInt8>, scratch: Unmanaged<MatchScratch>
    ) -> Int32 {
        let start = subject.baseAddress ?? UnsafePointer(emptySubject8)
        return scratch._withUnsafeGuaranteedRef { scratch in
            PCRE2Width8.jitMatch(jit, start, subject.count, scratch.handles)
        }
    }

    /// One JIT search of a 16-bit program over `bytes` transcoded to UTF-16 in a temporary buffer: PCRE2's
    /// status, as for ``quickSearch(jit:utf8:scratch:)``.
    ///
    /// `bytes` must be valid UTF-8 (a String's contiguous storage is), so each lead byte announces its
    /// sequence length; a UTF-16 form never has more units than the UTF-8 form has bytes.
    static func quickSearch(
        jit: OpaquePointer, transcoding bytes: UnsafeBufferPointer<UInt8>, scratch: Unmanaged<MatchScratch>
    ) -> Int32 {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(1, bytes.count)) { units in
            let count = bytes.count
            var index = 0
            var written = 0
            while index < count {
                let lead = UInt32(bytes[index])
                if lead < 0x80 {
                    units[written] = UInt16(truncatingIfNeeded: lead)
                    index &+= 1
                } else if lead < 0xE0 {
                    let scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1]) & 0x3F
                    units[written] = UInt16(truncatingIfNeeded: scalar)
                    index &+= 2
                } else if lead < 0xF0 {
                    let scalar = (lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6
                        | UInt32(bytes[index + 2]) & 0x3F
                    units[written] = UInt16(truncatingIfNeeded: scalar)
                    index &+= 3
                } else {
                    let scalar = (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12
                        | (UInt32(bytes[index + 2]) & 0x3F) << 6 | UInt32(bytes[index + 3]) & 0x3F
                    let offset = scalar &- 0x10000
                    units[written] = UInt16(truncatingIfNeeded: 0xD800 | offset >> 10)
                    written &+= 1
                    units[written] = UInt16(truncatingIfNeeded: 0xDC00 | offset & 0x3FF)
                    index &+= 4
                }
                written &+= 1
            }
            guard let start = units.baseAddress else { return undecided }
            return scratch._withUnsafeGuaranteedRef { scratch in
                PCRE2Width16.jitMatch(jit, UnsafePointer(start), written, scratch.handles)
            }
        }
    }

    /// An unanchored search from offset 0 over UTF-8 bytes (8-bit programs only).
    func matches(utf8 subject: UnsafeBufferPointer<UInt8>) throws(ECMARegexError) -> Bool {
        guard case .utf8(let compiled) = code else {
            preconditionFailure("a 16-bit program was given UTF-8")
        }
        return try search(compiled, subject, PCRE2Width8.self)
    }

    /// An unanchored search from offset 0 over UTF-16 code units (16-bit programs only).
    func matches(utf16 subject: UnsafeBufferPointer<UInt16>) throws(ECMARegexError) -> Bool {
        guard case .utf16(let compiled) = code else {
            preconditionFailure("an 8-bit program was given UTF-16")
        }
        return try search(compiled, subject, PCRE2Width16.self)
    }

    /// The answer for a JIT search status other than a match or no match (a limit), exactly as
    /// ``matches(utf8:)`` gives it after its own JIT search: the DFA fallback, or an error.
    func resolve(_ rc: Int32, utf8 subject: UnsafeBufferPointer<UInt8>) throws(ECMARegexError) -> Bool {
        guard case .utf8(let compiled) = code else {
            preconditionFailure("a 16-bit program was given UTF-8")
        }
        return try resolve(rc, compiled, subject, PCRE2Width8.self)
    }

    /// The same as ``resolve(_:utf8:)`` for a 16-bit program, as ``matches(utf16:)`` gives it.
    func resolve(_ rc: Int32, utf16 subject: UnsafeBufferPointer<UInt16>) throws(ECMARegexError) -> Bool {
        guard case .utf16(let compiled) = code else {
            preconditionFailure("an 8-bit program was given UTF-16")
        }
        return try resolve(rc, compiled, subject, PCRE2Width16.self)
    }

    /// The full path of one search, for either width: the JIT code once it is ready, else the
    /// interpreter (which may tier up), then the DFA fallback when backtracking stopped at a limit.
    private func search<Width: PCRE2Width>(
        _ compiled: OpaquePointer, _ subject: UnsafeBufferPointer<Width.Unit>, _: Width.Type
    ) throws(ECMARegexError) -> Bool {
        let start = subject.baseAddress ?? Width.emptySubject
        let length = subject.count
        let scratch = MatchScratch.current
        let rc: Int32
        if let jit = jitted() {
            rc = Width.jitMatch(jit, start, length, scratch)
        } else {
            // The interpreter gets a smaller budget (it is slower per step); when it runs out and the DFA
            // cannot answer, the JIT (with the full budget) decides instead, so answers never depend on tier.
            Width.setMatchLimit(MatchScratch.interpreterMatchLimit, scratch)
            var interpreted = Width.match(compiled, start, length, scratch)
            Width.setMatchLimit(MatchScratch.matchLimit, scratch)
            if Self.isLimit(interpreted), !dfaFallback {
                tierUp(force: true)
                if let jit = jitted() {
                    interpreted = Width.jitMatch(jit, start, length, scratch)
                }
            }
            rc = interpreted
        }
        return try resolve(rc, compiled, subject, Width.self)
    }

    /// A match or no match for `rc`; after a limit, the DFA fallback's answer or an error.
    private func resolve<Width: PCRE2Width>(
        _ rc: Int32, _ compiled: OpaquePointer, _ subject: UnsafeBufferPointer<Width.Unit>, _: Width.Type
    ) throws(ECMARegexError) -> Bool {
        if let answer = try interpret(rc) { return answer }
        let dfa = Width.dfaMatch(
            compiled, subject.baseAddress ?? Width.emptySubject, subject.count, MatchScratch.current)
        return try interpretDFA(dfa, backtrackingCode: rc)
    }

    /// A valid address for empty subjects (PCRE2 10.42 rejects a NULL subject even with length 0).
    nonisolated(unsafe) static let emptySubject8 = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    nonisolated(unsafe) static let emptySubject16 = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)

    /// The answer for a backtracking result code, or nil when a limit was hit and the DFA may try.
    private static func isLimit(_ rc: Int32) -> Bool {
        rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT
            || rc == PCRE2_ERROR_JIT_STACKLIMIT
    }

    @inline(__always)
    private func interpret(_ rc: Int32) throws(ECMARegexError) -> Bool? {
        if rc >= 0 { return true }
        if rc == PCRE2_ERROR_NOMATCH { return false }
        if Self.isLimit(rc) && dfaFallback { return nil }
        throw .limit("matching stopped at a backtracking limit (\(Self.errorMessage(rc))); no exact answer")
    }

    private func interpretDFA(_ rc: Int32, backtrackingCode: Int32) throws(ECMARegexError) -> Bool {
        if rc >= 0 { return true }
        if rc == PCRE2_ERROR_NOMATCH { return false }
        throw .limit(
            "matching stopped at a backtracking limit (\(Self.errorMessage(backtrackingCode))) and the DFA "
                + "fallback also stopped (\(Self.errorMessage(rc))); no exact answer")
    }
}
#endif
