
/// The compiled form behind one ``ECMARegex``: the PCRE2 fast path where it is exact, else the portable
/// matcher, and the choice between them.
///
/// With the `PCRE2` package trait (Linux and macOS), a pattern whose PCRE2 translation is exact runs on
/// PCRE2 for subjects up to ``pcre2SubjectLimit`` characters: the longest subject on which the pattern's
/// ``BacktrackingCost`` stays within ``pcre2StepBudget``, so PCRE2's worst case is bounded before matching
/// (backtracking inside lookarounds escapes PCRE2's JIT match limit, and without lookarounds reaching that
/// limit, then the DFA fallback, then the portable matcher took up to 200 ms on 64 KiB, where the memoized
/// portable matcher alone answers within its budget). Longer subjects, patterns
/// PCRE2 refuses (`unsupported`) or cannot compile within its limits (including a translation longer than
/// ``PCRE2Emitter/maximumLength``), and patterns exponential even on the empty subject run on the portable
/// matcher, whose deterministic step budget bounds every match. When a PCRE2 match stops at a resource
/// limit, the portable matcher (compiled on first need) tries the same subject before `limit` is
/// answered. Without the trait every pattern runs on the portable matcher.
final class RegexEngine: Sendable {
    let pattern: String
    let flags: String
    let mode: ECMARegex.MatchMode
    let parsed: ParsedPattern
    /// The backend for subjects up to ``pcre2SubjectLimit`` characters (longer ones run on the portable
    /// matcher).
    let backend: ECMARegex.Backend
    /// The longest subject (in UTF-8 bytes, an upper bound of its characters) that runs on PCRE2: the
    /// compiled program's own bound; 0 on the portable backend.
    var pcre2SubjectLimit: Int {
        #if PCRE2_BACKEND
            return pcre2?.subjectLimit ?? 0
        #else
            return 0
        #endif
    }
    /// The estimated steps (``BacktrackingCost``) PCRE2 may spend on one subject: about 1.5 ms in its
    /// interpreter and well under 1 ms in its JIT on this project's reference machine.
    static let pcre2StepBudget = 250_000.0
    #if PCRE2_BACKEND
        let pcre2: CompiledRegex?
    #endif
    /// The portable program when it is compiled with the engine (always without PCRE2; with it, on the
    /// portable backend and for a deep pattern): it never changes afterwards, so a match reads it without
    /// taking a lock.
    private let eagerPortable: PortableSlot
    #if PCRE2_BACKEND
        /// The portable program of a shallow pattern on PCRE2, compiled on first need (a subject past
        /// ``pcre2SubjectLimit``, or a PCRE2 limit) by whichever thread needs it first.
        private let lazyPortable = Locked<PortableProgram?>(nil)
    #endif
    /// The portable matcher's step budget for each match: ``PortableMatcher/defaultStepBudget`` unless
    /// a tool asks for less (the fuzzers, whose instrumented builds run each step many times slower).
    private let portableStepBudget: Int

    /// Whether this build carries the PCRE2 backend.
    static var hasPCRE2: Bool {
        #if PCRE2_BACKEND
            return true
        #else
            return false
        #endif
    }

    /// Selects the backend: PCRE2 when it is built and exact, else portable; `forcing` overrides the choice
    /// (a forced PCRE2 throws what PCRE2 throws, `unsupported` when it is not built).
    init(
        pattern: String, flags: String, mode: ECMARegex.MatchMode, parsed: ParsedPattern,
        forcing forced: ECMARegex.Backend? = nil, portableStepBudget: Int = PortableMatcher.defaultStepBudget
    ) throws(ECMARegexError) {
        self.portableStepBudget = portableStepBudget
        self.pattern = pattern
        self.flags = flags
        self.mode = mode
        self.parsed = parsed
        // Every step below walks the tree recursively: a deep pattern compiles on a stack of its own.
        let selected = try DeepStack.run(nesting: parsed.nesting) {
            () throws(ECMARegexError) -> (pcre2: PCRE2Slot, portable: PortableSlot) in
            try Self.select(parsed: parsed, pattern: pattern, flags: flags, mode: mode, forcing: forced)
        }
        #if PCRE2_BACKEND
            pcre2 = selected.pcre2
            backend = selected.pcre2 == nil ? .portable : .pcre2
        #else
            backend = .portable
        #endif
        eagerPortable = selected.portable
    }

    #if PCRE2_BACKEND
        typealias PCRE2Slot = CompiledRegex?
        typealias PortableSlot = PortableProgram?
    #else
        typealias PCRE2Slot = Never?
        typealias PortableSlot = PortableProgram
    #endif

    /// The backend choice of ``init(pattern:flags:mode:parsed:forcing:portableStepBudget:)``: the PCRE2
    /// program where it is exact, else the portable program.
    private static func select(
        parsed: ParsedPattern, pattern: String, flags: String, mode: ECMARegex.MatchMode,
        forcing forced: ECMARegex.Backend?
    ) throws(ECMARegexError) -> (pcre2: PCRE2Slot, portable: PortableSlot) {
        #if PCRE2_BACKEND
            var compiled: CompiledRegex?
            let limit: Int?
            switch forced {
            case .pcre2?: limit = Int.max
            case .portable?: limit = nil
            case nil:
                // Backtracking inside lookarounds escapes the JIT's match limit; without lookarounds the limit
                // holds, but reaching it, then PCRE2's DFA fallback, then the portable matcher, takes tens of
                // milliseconds on long subjects where the memoized portable matcher alone answers in a few.
                // So PCRE2 runs only where the pattern's estimated backtracking stays small.
                limit = BacktrackingCost(parsed.root, flags: parsed.flags, whole: mode == .whole)
                    .longestSubject(within: Self.pcre2StepBudget, ceiling: ECMARegex.maximumSubjectLength)
            }
            if let limit, limit > 0 {
                do throws(ECMARegexError) {
                    try parsed.analysis.validate(flags: parsed.flags)
                    try Self.checkEmptyIterations(parsed)
                    compiled = try CompiledRegex(
                        pattern: pattern, flags: flags, mode: mode, parsed: parsed, subjectLimit: limit)
                } catch {
                    if forced == .pcre2 { throw error }
                }
            }
            if let compiled {
                // A deep pattern's portable program (needed after a PCRE2 limit) is compiled now, on the
                // deep stack, rather than later on the matching thread's.
                let deep = parsed.nesting > DeepStack.callerThreadNesting
                return (compiled, deep ? PortableCompiler.compile(parsed, whole: mode == .whole) : nil)
            }
        #else
            if forced == .pcre2 {
                throw .unsupported("this build has no PCRE2 backend (the PCRE2 package trait is off)", at: nil)
            }
        #endif
        return (nil, PortableCompiler.compile(parsed, whole: mode == .whole))
    }

    /// The backend that answers a subject of `utf8Count` bytes.
    func backend(forSubjectOfLength utf8Count: Int) -> ECMARegex.Backend {
        backend == .pcre2 && utf8Count <= pcre2SubjectLimit ? .pcre2 : .portable
    }

    /// The backend that answers a subject of `count` UTF-16 code units holding a lone surrogate
    /// (``matches(codeUnits:)``).
    func backend(forCodeUnitCount count: Int) -> ECMARegex.Backend {
        backend == .pcre2 && !parsed.flags.isUnicodeAware && count <= pcre2SubjectLimit ? .pcre2 : .portable
    }

    /// ECMAScript rejects an empty iteration past a quantifier's minimum, PCRE2 accepts it; with a
    /// back-reference that can change what a group holds (`(?=((?:K*?)?))…\1` captures "K" in JavaScript,
    /// "" in PCRE2; found by regex-diff). Such patterns are not exact on PCRE2.
    static func checkEmptyIterations(_ parsed: ParsedPattern) throws(ECMARegexError) {
        guard parsed.analysis.hasBackreferences, hasNullableQuantifiedAtom(parsed.root) else { return }
        throw .unsupported(
            "a quantified atom that can match empty, with a back-reference: JavaScript rejects empty iterations, PCRE2 does not",
            at: nil)
    }

    private static func hasNullableQuantifiedAtom(_ node: RegexNode) -> Bool {
        switch node {
        case .quantified(let inner, _, let max, _):
            // Unknown counts as nullable: the pattern then runs on the portable matcher, which is exact.
            if max != 0 && (PortableCompiler.minimumLength(inner, visiting: PortableCompiler.localVisitLimit) ?? 0) == 0 {
                return true
            }
            return hasNullableQuantifiedAtom(inner)
        case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .characterClass,
            .backreference:
            return false
        case .sequence(let nodes), .alternation(let nodes): return nodes.contains(where: hasNullableQuantifiedAtom)
        case .group(let inner), .capture(_, _, let inner), .lookahead(let inner, _), .lookbehind(let inner, _),
            .modified(let inner, _):
            return hasNullableQuantifiedAtom(inner)
        }
    }

    func matches(_ value: String) throws(ECMARegexError) -> Bool {
        #if PCRE2_BACKEND
            if let pcre2, value.utf8.count <= pcre2SubjectLimit {
                do throws(ECMARegexError) {
                    return try pcre2.matches(value)
                } catch where error.kind == .limit {
                    return try PortableMatcher.matches(portableProgram(), value, budget: portableStepBudget)
                }
            }
        #endif
        return try PortableMatcher.matches(portableProgram(), value, budget: portableStepBudget)
    }

    /// The verdict for a value given as UTF-16 code units that may hold a lone surrogate (JavaScript
    /// strings can). PCRE2 reads them only without `u`/`v`; with those flags, and after a PCRE2 limit,
    /// the portable matcher answers, treating a lone surrogate as the code point it is, as JavaScript does.
    func matches(codeUnits units: [UInt16]) throws(ECMARegexError) -> Bool {
        #if PCRE2_BACKEND
            if let pcre2, !parsed.flags.isUnicodeAware, units.count <= pcre2SubjectLimit {
                do throws(ECMARegexError) {
                    return try pcre2.matches(codeUnits: units)
                } catch where error.kind == .limit {
                    return try PortableMatcher.matches(portableProgram(), codeUnits: units, budget: portableStepBudget)
                }
            }
        #endif
        return try PortableMatcher.matches(portableProgram(), codeUnits: units, budget: portableStepBudget)
    }

    func portableProgram() -> PortableProgram {
        #if PCRE2_BACKEND
            if let eagerPortable { return eagerPortable }
            return lazyPortable.withLock { slot in
                if let program = slot { return program }
                // Only for shallow patterns on PCRE2: every other pattern's program was compiled with it (`select`).
                let program = PortableCompiler.compile(parsed, whole: mode == .whole)
                slot = program
                return program
            }
        #else
            return eagerPortable
        #endif
    }

    /// The portable program if it has been compiled (no compile here).
    var portableProgramIfCompiled: PortableProgram? {
        #if PCRE2_BACKEND
            return eagerPortable ?? lazyPortable.withLock { $0 }
        #else
            return eagerPortable
        #endif
    }

    /// Whether the PCRE2 program has tiered up to JIT code (false on the portable backend).
    var usesJIT: Bool {
        #if PCRE2_BACKEND
            return pcre2?.usesJIT ?? false
        #else
            return false
        #endif
    }
}
