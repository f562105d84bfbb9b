/// A compiled ECMAScript regular expression whose ``test(_:)`` gives exactly the result of
/// JavaScript's `new RegExp(pattern, flags).test(value)`.
///
/// The pattern is parsed by an ECMAScript parser (ES2025, Annex B without `u`/`v`). Where the system
/// PCRE2 library can give the exact answer (the `PCRE2` package trait, Linux and macOS), the pattern is
/// translated into canonical PCRE2 source and compiled with JIT; every other valid pattern, and every
/// pattern in a build without the trait, runs on the portable matcher written in Swift (see ``backend``).
/// A value is `Sendable` and may be used from many threads.
///
/// ```swift
/// let policy = try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$")
/// try policy.test("Secret123")   // true
/// ```
public struct ECMARegex: Sendable {
    /// How a value must match.
    public enum MatchMode: Sendable, Hashable {
        /// `RegExp.prototype.test`: the pattern may match anywhere in the value.
        case search
        /// HTML `pattern` semantics: the whole value must match, as `^(?:pattern)$` built on the syntax tree
        /// (never by string concatenation, so `a)|(b` cannot escape the wrapper).
        case whole
    }

    /// The matcher that answers a regex's ``test(_:)``.
    public enum Backend: String, Sendable {
        /// The system PCRE2 library (JIT), used wherever its answer is exact.
        case pcre2
        /// The portable ECMAScript matcher written in Swift.
        case portable
    }

    /// The ECMAScript source pattern.
    public var pattern: String { compiled.pattern }
    /// The flags, as given.
    public var flags: String { compiled.flags }
    /// Search or whole-value matching.
    public var mode: MatchMode { compiled.mode }
    /// The parsed pattern.
    public var parsed: ParsedPattern { compiled.parsed }
    /// The PCRE2 source for the pattern's own dialect (ASCII), for debugging: 8-bit UTF for `u`/`v`,
    /// 16-bit code units otherwise (see ``translate(_:flags:mode:)``); empty when no exact PCRE2
    /// translation exists (the regex then runs on the portable matcher) and in a build without the PCRE2
    /// backend.
    public var translatedPattern: String {
        (try? Self.translate(parsed, mode: mode)) ?? ""
    }
    /// Which matcher answers ``test(_:)`` for this regex, for diagnostics. With PCRE2 this holds for
    /// subjects up to a pattern-dependent length (where PCRE2's worst case is bounded); longer subjects
    /// run on the portable matcher.
    public var backend: Backend { compiled.backend }
    /// Everything lives in one final class, so copying a regex is a single retain.
    let compiled: RegexEngine

    /// Compiles `pattern` with JavaScript `flags` (a subset of `dimsuv`) for search (`test`) matching.
    ///
    /// - Throws: ``ECMARegexError``: `syntax` where V8 throws a `SyntaxError`, `limit` for over-long or
    ///   over-nested patterns. Valid patterns are never refused: what PCRE2 cannot match exactly runs on
    ///   the portable matcher.
    public init(_ pattern: String, flags: String = "") throws(ECMARegexError) {
        try self.init(pattern, flags: flags, mode: .search)
    }

    /// Compiles `pattern` with JavaScript `flags` for the given matching mode.
    ///
    /// - Throws: ``ECMARegexError`` as ``init(_:flags:)``.
    public init(_ pattern: String, flags: String = "", mode: MatchMode) throws(ECMARegexError) {
        let parsed = try ParsedPattern(pattern, flags: flags)
        self.compiled = try RegexEngine(pattern: pattern, flags: flags, mode: mode, parsed: parsed)
    }

    /// Compiles `pattern` on the given backend, for tests and tools that compare the two.
    ///
    /// - Throws: as ``init(_:flags:mode:)``; with `.pcre2`, `unsupported` when PCRE2 cannot match the
    ///   pattern exactly or this build has no PCRE2 backend, and `limit` for PCRE2's compile limits.
    package init(
        _ pattern: String, flags: String = "", mode: MatchMode = .search, forcing backend: Backend
    ) throws(ECMARegexError) {
        let parsed = try ParsedPattern(pattern, flags: flags)
        self.compiled = try RegexEngine(pattern: pattern, flags: flags, mode: mode, parsed: parsed, forcing: backend)
    }

    /// Compiles `pattern` with the portable matcher limited to `portableStepBudget` steps per match, on
    /// the given backend or (nil) the one ``init(_:flags:mode:)`` selects: for the fuzzers, whose
    /// instrumented builds run each step many times slower than an app's.
    package init(
        _ pattern: String, flags: String = "", mode: MatchMode = .search, forcing backend: Backend?,
        portableStepBudget: Int
    ) throws(ECMARegexError) {
        let parsed = try ParsedPattern(pattern, flags: flags)
        self.compiled = try RegexEngine(
            pattern: pattern, flags: flags, mode: mode, parsed: parsed, forcing: backend,
            portableStepBudget: portableStepBudget)
    }

    /// The result of JavaScript's `RegExp.prototype.test` (or, in ``MatchMode/whole`` mode, whether the
    /// whole value matches).
    ///
    /// - Throws: only ``ECMARegexError/Kind-swift.enum/limit``, when the matchers exhaust their budgets
    ///   (PCRE2's backtracking and DFA limits, then the portable matcher's step budget), so no exact
    ///   answer is available, or when `value` is longer than ``maximumSubjectLength``.
    public func test(_ value: String) throws(ECMARegexError) -> Bool {
        #if PCRE2_BACKEND
            // The per-keystroke path: once the PCRE2 program has tiered up, one JIT search on the String's
            // bytes in place, with no reference counting and no error wrapping (see `quickStatus`).
            // (Optional chaining, not `if let`, so the program is borrowed rather than retained.)
            let status = compiled.pcre2?.quickStatus(value) ?? PCRE2Program.undecided
            if status >= 0 { return true }
            if status == PCRE2Program.noMatch { return false }
            if status != PCRE2Program.undecided { return try compiled.matches(value, afterPCRE2Limit: status) }
        #endif
        guard value.utf8.count <= Self.maximumSubjectLength else {
            throw .limit("the value is longer than \(Self.maximumSubjectLength) bytes of UTF-8")
        }
        return try compiled.matches(value)
    }

    /// Whether matching has tiered up from PCRE2's interpreter to JIT code (after the first match).
    var isJITCompiled: Bool { compiled.usesJIT }

    /// Whether astral subjects of a PCRE2 regex without `u`/`v` that scans for them run JIT code.
    var isAstralJITCompiled: Bool {
        #if PCRE2_BACKEND
            return compiled.pcre2?.astralUsesJIT ?? false
        #else
            return false
        #endif
    }

    /// Whether matching scans each subject for astral characters (a PCRE2 regex without `u`/`v` whose
    /// items can tell an astral character from its two code units; see `AstralAnalysis`).
    var scansForAstral: Bool {
        #if PCRE2_BACKEND
            return compiled.pcre2?.scansForAstral ?? false
        #else
            return false
        #endif
    }

    /// A compiled regex from the process-wide bounded cache, keyed by pattern, flags and mode.
    ///
    /// The cache keeps at most 512 regexes and 16 MiB of them, by an estimate of the bytes each keeps alive
    /// (pattern, syntax tree, portable program, PCRE2 and JIT code; the shared Unicode tables not counted),
    /// and evicts the least recently used first. A regex estimated above 16 MiB is returned without being kept.
    ///
    /// Each thread also remembers its last hit, so asking for the same pattern again (as a per-keystroke
    /// check does) compares the pattern's bytes and takes no lock. Holding the regex is cheaper still.
    ///
    /// - Throws: ``ECMARegexError`` as ``init(_:flags:mode:)``; failures are not cached.
    public static func cached(
        _ pattern: String, flags: String = "", mode: MatchMode = .search
    ) throws(ECMARegexError) -> ECMARegex {
        let key = RegexCache.Key(pattern: pattern, flags: flags, mode: mode)
        if let recent = RecentRegex.lookUp(key) { return recent }
        let regex = try RegexCache.shared.regex(for: key)
        RecentRegex.remember(key, regex)
        return regex
    }

    /// The canonical PCRE2 source the engine compiles for `pattern`, for debugging and tooling.
    ///
    /// Only a build with the PCRE2 backend has the translator: Linux with the default `PCRE2` trait, macOS
    /// with `PCRE2OnMacOS`. Elsewhere (every app on iOS, tvOS, watchOS and visionOS, macOS by default, Linux
    /// with the trait off) every pattern runs on the portable matcher, and the translator is left out of the
    /// binary: the call still parses `pattern` and then throws `unsupported`.
    ///
    /// - Throws: ``ECMARegexError`` for patterns that do not parse, and `unsupported` for patterns PCRE2
    ///   cannot match exactly (``init(_:flags:mode:)`` runs those on the portable matcher) or when this build
    ///   has no PCRE2 backend.
    public static func translate(
        _ pattern: String, flags: String = "", mode: MatchMode = .search
    ) throws(ECMARegexError) -> String {
        try translate(try ParsedPattern(pattern, flags: flags), mode: mode)
    }

    private static func translate(_ parsed: ParsedPattern, mode: MatchMode) throws(ECMARegexError) -> String {
        #if PCRE2_BACKEND
        try DeepStack.run(nesting: parsed.nesting) { () throws(ECMARegexError) -> String in
            try parsed.analysis.validate(flags: parsed.flags)
            try RegexEngine.checkEmptyIterations(parsed)
            return try PCRE2Emitter.emit(parsed, whole: mode == .whole)
        }
        #else
        throw .unsupported(Self.noPCRE2Backend, at: nil)
        #endif
    }

    /// Why ``translate(_:flags:mode:)`` refuses every pattern in a build without the PCRE2 backend.
    static let noPCRE2Backend =
        "this build has no PCRE2 backend (Apple platforms by default, or the PCRE2 trait off), so no PCRE2 translation"
}
