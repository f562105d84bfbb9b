import ECMARegex

/// Answers whether a value matches a schema regex, the way the ThunderID web SDKs do:
/// JavaScript's `new RegExp(pattern).test(value)` (no flags, unanchored search).
public protocol RegexEvaluating: Sendable {
    /// Whether `value` matches `pattern`; throws when the engine refuses the pattern
    /// (`syntax`, `unsupported`) or gives up (`limit`).
    func test(pattern: String, value: String) throws(ECMARegexError) -> Bool
}

/// The default ``RegexEvaluating``: the package's ECMAScript engine with no flags.
public struct ECMARegexEvaluator: RegexEvaluating {
    /// Creates the evaluator.
    public init() {}

    public func test(pattern: String, value: String) throws(ECMARegexError) -> Bool {
        // One keystroke, one evaluation: the process-wide cache compiles each pattern once.
        try ECMARegex.cached(pattern, flags: "").test(value)
    }
}
