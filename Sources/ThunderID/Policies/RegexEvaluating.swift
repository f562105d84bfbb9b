import ECMARegex

/// How `SchemaRegexRule` matches a value against a schema regex: compile a pattern once, then test
/// each value with it. The default, ``ECMARegexEvaluator``, answers as the ThunderID web SDKs do
/// (JavaScript's `new RegExp(pattern).test(value)`: no flags, unanchored search); tests plug in
/// engines that count or script their answers.
package protocol RegexEvaluating: Sendable {
    /// `pattern` made ready for many tests: called when the context's regex changes, not per
    /// keystroke. A test throws when the engine refused the pattern (`syntax`, `unsupported`) or
    /// gave up on the value (`limit`).
    func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool
}

/// The default `RegexEvaluating`: the package's ECMAScript engine, with no flags unless given
/// (the spec runner's policy rows may give some).
package struct ECMARegexEvaluator: RegexEvaluating {
    /// The ECMAScript flags every pattern is compiled with.
    package var flags: String

    /// Creates the evaluator.
    package init(flags: String = "") {
        self.flags = flags
    }

    /// Compiles through the process-wide cache, so states sharing a schema share the program; a
    /// pattern the engine refuses becomes a test that throws its error.
    package func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool {
        do {
            let regex = try ECMARegex.cached(pattern, flags: flags)
            return { value throws(ECMARegexError) in try regex.test(value) }
        } catch {
            return { _ throws(ECMARegexError) in throw error }
        }
    }
}
