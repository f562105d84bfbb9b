/// A compiled ECMAScript regular expression whose ``test(_:)`` gives exactly the result of
/// JavaScript's `new RegExp(pattern, flags).test(value)`, matched by the system PCRE2 library.
///
/// The pattern is parsed by an ECMAScript parser (ES2024, Annex B without `u`/`v`), translated into
/// canonical PCRE2 source and compiled with JIT. A value is `Sendable` and may be used from many threads.
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

    /// The ECMAScript source pattern.
    public var pattern: String { compiled.pattern }
    /// The flags, as given.
    public var flags: String { compiled.flags }
    /// Search or whole-value matching.
    public var mode: MatchMode { compiled.mode }
    /// The parsed pattern.
    public var parsed: ParsedPattern { compiled.parsed }
    /// The PCRE2 source for the pattern's own dialect (ASCII), for debugging: 8-bit UTF for `u`/`v`,
    /// 16-bit code units otherwise (see ``translate(_:flags:mode:)``).
    public var translatedPattern: String {
        // The tree already passed the emitter once, so this cannot throw in practice.
        (try? PCRE2Emitter.emit(parsed, whole: mode == .whole)) ?? ""
    }
    /// Everything lives in one final class, so copying a regex is a single retain.
    let compiled: CompiledRegex

    /// Compiles `pattern` with JavaScript `flags` (a subset of `dimsuv`) for search (`test`) matching.
    ///
    /// - Throws: ``ECMARegexError``: `syntax` where V8 throws a `SyntaxError`, `unsupported` where the
    ///   pattern is valid but cannot be matched exactly on PCRE2 10.42, `limit` for over-long patterns.
    public init(_ pattern: String, flags: String = "") throws(ECMARegexError) {
        try self.init(pattern, flags: flags, mode: .search)
    }

    /// Compiles `pattern` with JavaScript `flags` for the given matching mode.
    ///
    /// - Throws: ``ECMARegexError`` as ``init(_:flags:)``.
    public init(_ pattern: String, flags: String = "", mode: MatchMode) throws(ECMARegexError) {
        let parsed = try ParsedPattern(pattern, flags: flags)
        self.compiled = try CompiledRegex(pattern: pattern, flags: flags, mode: mode, parsed: parsed)
    }

    /// The result of JavaScript's `RegExp.prototype.test` (or, in ``MatchMode/whole`` mode, whether the
    /// whole value matches).
    ///
    /// - Throws: only ``ECMARegexError/Kind-swift.enum/limit``, when backtracking and the DFA fallback
    ///   both exhaust their budgets, so no exact answer is available, or when `value` is longer than
    ///   ``maximumSubjectLength``.
    public func test(_ value: String) throws(ECMARegexError) -> Bool {
        guard value.utf8.count <= Self.maximumSubjectLength else {
            throw .limit("the value is longer than \(Self.maximumSubjectLength) bytes of UTF-8")
        }
        return try compiled.matches(value)
    }

    /// Whether matching has tiered up from PCRE2's interpreter to JIT code (after the first match).
    var isJITCompiled: Bool { compiled.usesJIT }

    /// A compiled regex from the process-wide bounded cache, keyed by pattern, flags and mode.
    ///
    /// - Throws: ``ECMARegexError`` as ``init(_:flags:mode:)``; failures are not cached.
    public static func cached(
        _ pattern: String, flags: String = "", mode: MatchMode = .search
    ) throws(ECMARegexError) -> ECMARegex {
        try RegexCache.shared.regex(for: RegexCache.Key(pattern: pattern, flags: flags, mode: mode))
    }

    /// The canonical PCRE2 source the engine compiles for `pattern`, for debugging and tooling.
    ///
    /// - Throws: ``ECMARegexError`` for patterns that do not parse or cannot be matched exactly.
    public static func translate(
        _ pattern: String, flags: String = "", mode: MatchMode = .search
    ) throws(ECMARegexError) -> String {
        try PCRE2Emitter.emit(try ParsedPattern(pattern, flags: flags), whole: mode == .whole)
    }
}
