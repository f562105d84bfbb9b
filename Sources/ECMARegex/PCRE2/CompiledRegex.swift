#if PCRE2 && (os(Linux) || os(macOS))
import Synchronization

/// The compiled programs behind one ``ECMARegex`` and the choice between them per subject.
///
/// `u`/`v` patterns have one 8-bit UTF program. Patterns without those flags are defined on UTF-16
/// code units and run on the 16-bit library; when they do not use `i`, they first get an 8-bit program
/// that answers identically for subjects without astral characters (there, code points and code units
/// coincide), so the common case matches the String's UTF-8 in place instead of transcoding. The 16-bit
/// program is then compiled on the first astral subject.
final class CompiledRegex: Sendable {
    private enum Strategy {
        /// `u`/`v`: code points over UTF-8.
        case codePoints
        /// No `u`/`v`, with `i`: always UTF-16 code units.
        case codeUnits
        /// No `u`/`v`, no `i`: UTF-8 for subjects in the Basic Multilingual Plane, else UTF-16 code units.
        case basicPlaneFirst
    }

    let pattern: String
    let flags: String
    let mode: ECMARegex.MatchMode
    let parsed: ParsedPattern
    private let strategy: Strategy
    private let program: PCRE2Program
    /// The 16-bit source for ``Strategy/basicPlaneFirst``, compiled on the first astral subject.
    private let unitsSource: String
    private let dfaFallback: Bool
    private let lazyUnitsProgram = Mutex<PCRE2Program?>(nil)
    /// The address of the program in ``lazyUnitsProgram`` once it exists (0 before), for the fast path to
    /// read without the lock. The slot keeps the program alive as long as this regex, and is never cleared.
    private let unitsProgramAddress = Atomic<Int>(0)

    init(pattern: String, flags text: String, mode: ECMARegex.MatchMode, parsed: ParsedPattern) throws(ECMARegexError) {
        self.pattern = pattern
        self.flags = text
        self.mode = mode
        self.parsed = parsed
        let whole = mode == .whole
        let flags = parsed.flags
        let dfaFallback = !parsed.analysis.hasBackreferences
        self.dfaFallback = dfaFallback
        if flags.isUnicodeAware {
            let source = try PCRE2Emitter.emit(parsed, whole: whole, target: .utf8CodePoints)
            strategy = .codePoints
            program = try PCRE2Program(
                translated: source, target: .utf8CodePoints, caseless: flags.ignoreCase, dfaFallback: dfaFallback)
            unitsSource = ""
        } else if flags.ignoreCase {
            let source = try PCRE2Emitter.emit(parsed, whole: whole, target: .utf16CodeUnits)
            strategy = .codeUnits
            program = try PCRE2Program(
                translated: source, target: .utf16CodeUnits, caseless: true, dfaFallback: dfaFallback)
            unitsSource = ""
        } else {
            let source = try PCRE2Emitter.emit(parsed, whole: whole, target: .utf8BasicPlane)
            strategy = .basicPlaneFirst
            program = try PCRE2Program(
                translated: source, target: .utf8BasicPlane, caseless: false, dfaFallback: dfaFallback)
            unitsSource = try PCRE2Emitter.emit(parsed, whole: whole, target: .utf16CodeUnits)
        }
    }

    func matches(_ value: String) throws(ECMARegexError) -> Bool {
        // Fast path: once the 8-bit program is JIT-compiled and the String's UTF-8 is contiguous, one
        // closure does the whole search with no reference counting and no error wrapping. A limit is
        // finished by the DFA fallback without a second search; an astral subject goes to the 16-bit
        // JIT code when it is ready. Anything else (a program not tiered up yet, a non-contiguous
        // string) takes the full path below, which decides exactly as before.
        if strategy != .codeUnits, let jit = program.readyJIT {
            let scratch = MatchScratch.current
            let checksAstral = strategy == .basicPlaneFirst
            let status =
                value.utf8.withContiguousStorageIfAvailable { bytes in
                    PCRE2Program.quickSearch(jit: jit, utf8: bytes, scratch: scratch, checksAstral: checksAstral)
                } ?? PCRE2Program.undecided
            if status >= 0 { return true }
            if status == PCRE2Program.noMatch { return false }
            if status != PCRE2Program.undecided {
                // The JIT stopped at a limit: finish as the full path would, without searching again.
                return try PCRE2Program.withUTF8(value) { (bytes) throws(ECMARegexError) -> Bool in
                    try program.resolve(status, utf8: bytes)
                }
            }
            if checksAstral, let unitsJIT = readyUnitsJIT() {
                // An astral subject: transcode to UTF-16 in the same pass and ask the 16-bit program.
                let units =
                    value.utf8.withContiguousStorageIfAvailable { bytes in
                        PCRE2Program.quickSearch(jit: unitsJIT, transcoding: bytes, scratch: scratch)
                    } ?? PCRE2Program.undecided
                if units >= 0 { return true }
                if units == PCRE2Program.noMatch { return false }
                if units != PCRE2Program.undecided {
                    let program = try unitsProgram()
                    return try PCRE2Program.withUTF16(value) { (buffer) throws(ECMARegexError) -> Bool in
                        try program.resolve(units, utf16: buffer)
                    }
                }
            }
        }
        return try fullMatch(value)
    }

    /// The JIT code of the 16-bit program of ``Strategy/basicPlaneFirst`` when it exists and has tiered
    /// up, read without locking; nil otherwise (the full path then compiles or tiers it).
    @inline(__always)
    private func readyUnitsJIT() -> OpaquePointer? {
        let address = unitsProgramAddress.load(ordering: .acquiring)
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<PCRE2Program>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.readyJIT }
    }

    /// Every case of ``matches(_:)``: tiering, limits, the DFA fallback and the UTF-16 programs.
    private func fullMatch(_ value: String) throws(ECMARegexError) -> Bool {
        switch strategy {
        case .codePoints:
            return try PCRE2Program.withUTF8(value) { (bytes) throws(ECMARegexError) -> Bool in
                try program.matches(utf8: bytes)
            }
        case .codeUnits:
            return try PCRE2Program.withUTF16(value) { (units) throws(ECMARegexError) -> Bool in
                try program.matches(utf16: units)
            }
        case .basicPlaneFirst:
            let answer = try PCRE2Program.withUTF8(value) { (bytes) throws(ECMARegexError) -> Bool? in
                PCRE2Program.containsAstral(bytes) ? nil : try program.matches(utf8: bytes)
            }
            if let answer { return answer }
            let units = try unitsProgram()
            return try PCRE2Program.withUTF16(value) { (buffer) throws(ECMARegexError) -> Bool in
                try units.matches(utf16: buffer)
            }
        }
    }

    /// The verdict for a value given as UTF-16 code units that need not be well-formed (a lone
    /// surrogate is a code unit of its own, as in JavaScript). Patterns without `u`/`v` run on their
    /// 16-bit program; `u`/`v` patterns read code points, which PCRE2's UTF mode cannot do for lone
    /// surrogates, so they are refused as `unsupported` (well-formed values go through ``matches(_:)``).
    func matches(codeUnits units: [UInt16]) throws(ECMARegexError) -> Bool {
        let program: PCRE2Program
        switch strategy {
        case .codePoints:
            throw .unsupported("the value holds a lone surrogate, which the PCRE2 UTF program cannot read as a code point", at: nil)
        case .codeUnits:
            program = self.program
        case .basicPlaneFirst:
            program = try unitsProgram()
        }
        return try units.withUnsafeBufferPointer { (buffer) throws(ECMARegexError) -> Bool in
            try program.matches(utf16: buffer)
        }
    }

    /// Whether the primary program has tiered up to JIT code.
    var usesJIT: Bool { program.usesJIT }

    private func unitsProgram() throws(ECMARegexError) -> PCRE2Program {
        let source = unitsSource
        let attempt = lazyUnitsProgram.withLock { (slot) -> Result<PCRE2Program, ECMARegexError> in
            if let program = slot { return .success(program) }
            do throws(ECMARegexError) {
                let program = try PCRE2Program(
                    translated: source, target: .utf16CodeUnits, caseless: false, dfaFallback: dfaFallback)
                slot = program
                unitsProgramAddress.store(
                    Int(bitPattern: Unmanaged.passUnretained(program).toOpaque()), ordering: .releasing)
                return .success(program)
            } catch {
                return .failure(error)
            }
        }
        switch attempt {
        case .success(let program): return program
        case .failure(let error): throw .limit("the UTF-16 program could not be compiled: \(error.message)")
        }
    }
}
#endif
