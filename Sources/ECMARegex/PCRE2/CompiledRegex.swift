#if PCRE2_BACKEND

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
        /// No `u`/`v`, with `i`, and an item that can consume a surrogate: always UTF-16 code units.
        case codeUnits
        /// No `u`/`v`, no `i`: UTF-8 for subjects in the Basic Multilingual Plane, else UTF-16 code units.
        case basicPlaneFirst
        /// No `u`/`v` (with or without `i`), and nothing in the pattern can tell an astral character from
        /// its two code units (``AstralAnalysis``): the 8-bit program answers every well-formed subject,
        /// with no scan and no transcoding. The 16-bit program is compiled only for values holding a lone
        /// surrogate.
        case planeBlind
    }

    let pattern: String
    let flags: String
    let mode: ECMARegex.MatchMode
    let parsed: ParsedPattern
    private let strategy: Strategy
    private let program: PCRE2Program
    private let dfaFallback: Bool
    /// The longest subject, in UTF-8 bytes, this program answers (the selection's bound from
    /// ``BacktrackingCost``, at most ``ECMARegex/maximumSubjectLength``); longer ones are undecided here.
    let subjectLimit: Int
    /// This process's thread-specific slot of ``MatchScratch``, kept here so the fast path skips the
    /// lazy global's check.
    private let scratchKey = MatchScratch.key
    /// The fewest characters a match consumes (``PortableCompiler/minimumLength(_:)``): a subject
    /// with fewer UTF-8 bytes has fewer code points and code units too, and is answered "no match"
    /// before PCRE2 runs. PCRE2 makes this check itself, except for patterns with a lookaround,
    /// which are compiled without its start-of-match optimizations (see ``PCRE2Program``).
    private let minimumLength: Int
    /// ``Strategy/codeUnits``: every subject is transcoded for the 16-bit program.
    private let readsCodeUnits: Bool
    /// ``Strategy/basicPlaneFirst``: subjects with an astral character go to the 16-bit program.
    private let scansAstral: Bool
    /// The primary program's JIT code once it has tiered up (0 before), copied here by the full path so
    /// the fast path reads it with one load instead of going through the program.
    private let primaryJIT = AtomicWord(0)
    /// The same as ``primaryJIT`` for ``Strategy/codePoints`` and ``Strategy/planeBlind``, where it answers
    /// every subject without a scan; 0 for the other strategies.
    private let directJIT = AtomicWord(0)
    private let lazyUnitsProgram = Locked<PCRE2Program?>(nil)
    /// The address of the program in ``lazyUnitsProgram`` once it exists (0 before), for the fast path to
    /// read without the lock. The slot keeps the program alive as long as this regex, and is never cleared.
    private let unitsProgramAddress = AtomicWord(0)

    init(
        pattern: String, flags text: String, mode: ECMARegex.MatchMode, parsed: ParsedPattern,
        subjectLimit: Int = ECMARegex.maximumSubjectLength
    ) throws(ECMARegexError) {
        self.subjectLimit = Swift.min(subjectLimit, ECMARegex.maximumSubjectLength)
        minimumLength = PortableCompiler.minimumLength(parsed.root)
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
        } else if flags.ignoreCase && AstralAnalysis.needsAstralScan(parsed) {
            let source = try PCRE2Emitter.emit(parsed, whole: whole, target: .utf16CodeUnits)
            strategy = .codeUnits
            program = try PCRE2Program(
                translated: source, target: .utf16CodeUnits, caseless: true, dfaFallback: dfaFallback)
        } else {
            let source = try PCRE2Emitter.emit(parsed, whole: whole, target: .utf8BasicPlane)
            strategy = AstralAnalysis.needsAstralScan(parsed) ? .basicPlaneFirst : .planeBlind
            program = try PCRE2Program(
                translated: source, target: .utf8BasicPlane, caseless: flags.ignoreCase, dfaFallback: dfaFallback)
        }
        readsCodeUnits = strategy == .codeUnits
        scansAstral = strategy == .basicPlaneFirst
    }

    /// Whether each subject is scanned for astral characters before matching (``Strategy/basicPlaneFirst``);
    /// false when the verdict cannot depend on it, so matching time does not grow with an early-exit
    /// pattern's subject.
    var scansForAstral: Bool { scansAstral }

    /// One search on JIT code that has already tiered up, with nothing reference counted and nothing
    /// thrown: PCRE2's status (non-negative for a match, ``PCRE2Program/noMatch``), another negative
    /// status when a limit stopped it (``matches(_:)`` or ``resolve(_:_:)`` must decide), or
    /// ``PCRE2Program/undecided`` when no JIT code is ready for this subject yet, the subject is longer
    /// than this program's subject limit (see ``RegexEngine``) or its UTF-8 is not contiguous.
    ///
    /// A subject with an astral character under ``Strategy/basicPlaneFirst`` goes to the 16-bit JIT code
    /// as soon as that has tiered up, whether or not the 8-bit program ever ran, so a regex that only
    /// sees astral subjects runs JIT code too.
    @inline(__always)
    func quickStatus(_ value: String) -> Int32 {
        // Code points, or a pattern blind to astral characters: one load decides, and the 8-bit JIT code
        // answers every subject. Everything else (a scan, UTF-16, no JIT code yet) is out of line.
        let direct = directJIT.load()
        guard direct != 0 else { return quickIndirectStatus(value) }
        return value.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count <= subjectLimit, let jit = OpaquePointer(bitPattern: direct) else {
                return PCRE2Program.undecided
            }
            guard bytes.count >= minimumLength else { return PCRE2Program.noMatch }
            return PCRE2Program.quickSearch(jit: jit, utf8: bytes, scratch: MatchScratch.current(key: scratchKey))
        } ?? PCRE2Program.undecided
    }

    /// ``quickStatus(_:)`` for ``Strategy/basicPlaneFirst`` and ``Strategy/codeUnits``, and before tier-up.
    private func quickIndirectStatus(_ value: String) -> Int32 {
        value.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count <= subjectLimit else { return PCRE2Program.undecided }
            guard bytes.count >= minimumLength else { return PCRE2Program.noMatch }
            let scratch = MatchScratch.current(key: scratchKey)
            if readsCodeUnits || (scansAstral && PCRE2Program.containsAstral(bytes)) {
                let jit = readsCodeUnits ? OpaquePointer(bitPattern: primaryJIT.load()) : readyUnitsJIT()
                guard let jit else { return PCRE2Program.undecided }
                return PCRE2Program.quickSearch(jit: jit, transcoding: bytes, scratch: scratch)
            }
            guard let jit = OpaquePointer(bitPattern: primaryJIT.load()) else {
                return PCRE2Program.undecided
            }
            return PCRE2Program.quickSearch(jit: jit, utf8: bytes, scratch: scratch)
        } ?? PCRE2Program.undecided
    }

    /// Every case: the fast path, then tiering, limits, the DFA fallback and the UTF-16 programs.
    func matches(_ value: String) throws(ECMARegexError) -> Bool {
        let status = quickStatus(value)
        if status >= 0 { return true }
        if status == PCRE2Program.noMatch { return false }
        if status != PCRE2Program.undecided { return try resolve(status, value) }
        let answer = try fullMatch(value)
        if primaryJIT.load() == 0, let jit = program.readyJIT {
            let address = Int(bitPattern: UnsafeRawPointer(jit))
            primaryJIT.store(address)
            if strategy == .codePoints || strategy == .planeBlind { directJIT.store(address) }
        }
        return answer
    }

    /// The answer after ``quickStatus(_:)`` stopped at a limit (`status`), exactly as ``matches(_:)``
    /// gives it, without searching again: the DFA fallback, or `limit`.
    func resolve(_ status: Int32, _ value: String) throws(ECMARegexError) -> Bool {
        let wide: Bool
        switch strategy {
        case .codePoints, .planeBlind:
            wide = false
        case .codeUnits:
            wide = true
        case .basicPlaneFirst:
            wide = try PCRE2Program.withUTF8(value) { (bytes) throws(ECMARegexError) -> Bool in
                PCRE2Program.containsAstral(bytes)
            }
        }
        if !wide {
            return try PCRE2Program.withUTF8(value) { (bytes) throws(ECMARegexError) -> Bool in
                try program.resolve(status, utf8: bytes)
            }
        }
        let units = strategy == .codeUnits ? program : try unitsProgram()
        return try PCRE2Program.withUTF16(value) { (buffer) throws(ECMARegexError) -> Bool in
            try units.resolve(status, utf16: buffer)
        }
    }

    /// The JIT code of the 16-bit program of ``Strategy/basicPlaneFirst`` when it exists and has tiered
    /// up, read without locking; nil otherwise (the full path then compiles or tiers it).
    @inline(__always)
    private func readyUnitsJIT() -> OpaquePointer? {
        let address = unitsProgramAddress.load()
        guard let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<PCRE2Program>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.readyJIT }
    }

    /// The path before JIT code is ready: the interpreter, tiering up, limits and the DFA fallback.
    private func fullMatch(_ value: String) throws(ECMARegexError) -> Bool {
        switch strategy {
        case .codePoints, .planeBlind:
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
        case .basicPlaneFirst, .planeBlind:
            program = try unitsProgram()
        }
        return try units.withUnsafeBufferPointer { (buffer) throws(ECMARegexError) -> Bool in
            try program.matches(utf16: buffer)
        }
    }

    /// Whether the 16-bit program that answers astral subjects (``Strategy/basicPlaneFirst``) exists and
    /// has tiered up to JIT code.
    var astralUsesJIT: Bool { readyUnitsJIT() != nil }

    /// Whether the primary program has tiered up to JIT code.
    var usesJIT: Bool { program.usesJIT }

    /// The 16-bit program of ``Strategy/basicPlaneFirst`` and ``Strategy/planeBlind``, emitted and
    /// compiled on the first subject that needs it (most regexes never see one, so creating a regex emits
    /// and compiles one program).
    /// Bytes of PCRE2 code this regex holds or may hold (for ``RegexCache``'s byte bound): the primary
    /// program's ``PCRE2Program/estimatedBytes``, and for strategies that compile a 16-bit program on
    /// demand, that program's (or, before it exists, the primary's figure again).
    var estimatedBytes: Int {
        let primary = program.estimatedBytes
        switch strategy {
        case .codePoints, .codeUnits:
            return primary
        case .basicPlaneFirst, .planeBlind:
            let units = lazyUnitsProgram.withLock { $0?.estimatedBytes }
            return primary + (units ?? primary)
        }
    }

    private func unitsProgram() throws(ECMARegexError) -> PCRE2Program {
        let attempt = lazyUnitsProgram.withLock { (slot) -> Result<PCRE2Program, ECMARegexError> in
            if let program = slot { return .success(program) }
            do throws(ECMARegexError) {
                let source = try PCRE2Emitter.emit(parsed, whole: mode == .whole, target: .utf16CodeUnits)
                let program = try PCRE2Program(
                    translated: source, target: .utf16CodeUnits, caseless: parsed.flags.ignoreCase,
                    dfaFallback: dfaFallback)
                slot = program
                unitsProgramAddress.store(
                    Int(bitPattern: Unmanaged.passUnretained(program).toOpaque()))
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
