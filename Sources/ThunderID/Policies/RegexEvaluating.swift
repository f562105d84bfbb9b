import ECMARegex

/// Answers whether a value matches a schema regex, the way the ThunderID web SDKs do:
/// JavaScript's `new RegExp(pattern).test(value)` (no flags, unanchored search).
///
/// Implement ``test(pattern:value:)``; an evaluator that can compile a pattern once and keep it
/// also implements ``prepare(pattern:)``, which `SchemaRegexRule` calls when the pattern
/// changes (not per keystroke). The default ``prepare(pattern:)`` calls
/// ``test(pattern:value:)`` on every evaluation, so an evaluator written before it existed
/// works unchanged.
package protocol RegexEvaluating: Sendable {
    /// Whether `value` matches `pattern`; throws when the engine refuses the pattern
    /// (`syntax`, `unsupported`) or gives up (`limit`).
    func test(pattern: String, value: String) throws(ECMARegexError) -> Bool

    /// `pattern` made ready for many ``PreparedRegex/test(_:)`` calls (compiled once, where the
    /// evaluator can). Never throws: a pattern the engine refuses is prepared as that error, which
    /// each test reports.
    func prepare(pattern: String) -> PreparedRegex
}

extension RegexEvaluating {
    /// Keeps the evaluator and the pattern: each test calls ``test(pattern:value:)``.
    package func prepare(pattern: String) -> PreparedRegex {
        PreparedRegex(pattern: pattern, evaluator: self)
    }
}

/// A pattern as a `RegexEvaluating` prepared it: a compiled ``/ECMARegex/ECMARegex`` held for every
/// evaluation, the error the engine refused it with, or an evaluator to ask each time.
package struct PreparedRegex: Sendable {
    /// The pattern it answers for.
    package let pattern: String
    /// The compiled pattern, when the evaluator compiled it (kept outside `fallback`, so a test
    /// reaches the engine without unpacking an enum).
    let compiled: ECMARegex?
    private let fallback: Fallback

    private enum Fallback: Sendable {
        case none
        case refused(ECMARegexError)
        case evaluator(any RegexEvaluating)
    }

    /// A pattern compiled once: every ``test(_:)`` runs `regex`.
    package init(compiled regex: ECMARegex) {
        self.init(pattern: regex.pattern, compiled: regex)
    }

    /// `regex`, compiled from `pattern` (kept as given, so comparing it with the same string is
    /// immediate).
    init(pattern: String, compiled regex: ECMARegex) {
        self.pattern = pattern
        compiled = regex
        fallback = .none
    }

    /// A pattern the engine refused: every ``test(_:)`` throws `error`.
    package init(pattern: String, refused error: ECMARegexError) {
        self.pattern = pattern
        compiled = nil
        fallback = .refused(error)
    }

    /// A pattern `evaluator` answers for on every ``test(_:)``.
    package init(pattern: String, evaluator: any RegexEvaluating) {
        self.pattern = pattern
        compiled = nil
        fallback = .evaluator(evaluator)
    }

    /// Whether `value` matches the pattern: with a compiled pattern, straight to the engine.
    package func test(_ value: String) throws(ECMARegexError) -> Bool {
        // Optional chaining borrows the engine; `if let` or `guard let` would retain and release it.
        if let answer = try compiled?.test(value) { return answer }
        return try testWithoutCompiled(value)
    }

    /// The answer of a pattern without a compiled regex (kept out of ``test(_:)``, so the per-keystroke
    /// call stays a few instructions around the engine's).
    @inline(never)
    private func testWithoutCompiled(_ value: String) throws(ECMARegexError) -> Bool {
        switch fallback {
        case .none: return false  // Unreachable: a pattern without fallback is compiled.
        case .refused(let error): throw error
        case .evaluator(let evaluator): return try evaluator.test(pattern: pattern, value: value)
        }
    }
}

/// The default `RegexEvaluating`: the package's ECMAScript engine with no flags.
package struct ECMARegexEvaluator: RegexEvaluating {
    /// Creates the evaluator.
    package init() {}

    package func test(pattern: String, value: String) throws(ECMARegexError) -> Bool {
        // Without a prepared pattern: the process-wide cache compiles each pattern once.
        try ECMARegex.cached(pattern, flags: "").test(value)
    }

    /// Compiles `pattern` once (through the process-wide cache, so states sharing a schema share
    /// the compiled program); the rule then holds it and runs it directly.
    package func prepare(pattern: String) -> PreparedRegex {
        do {
            return PreparedRegex(pattern: pattern, compiled: try ECMARegex.cached(pattern, flags: ""))
        } catch {
            return PreparedRegex(pattern: pattern, refused: error)
        }
    }
}
