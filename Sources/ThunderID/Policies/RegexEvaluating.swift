import ECMARegex

/// How `SchemaRegexRule` matches a value against a schema regex: compile once, test each value.
/// The default, ``ECMARegexEvaluator``, answers as JavaScript's `new RegExp(pattern).test(value)`.
package protocol RegexEvaluating: Sendable {
    /// `pattern` made ready for many tests. A test throws when the engine refused the pattern or
    /// gave up on the value.
    func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool
}

/// The default `RegexEvaluating`: the package's ECMAScript engine.
package struct ECMARegexEvaluator: RegexEvaluating {
    /// The ECMAScript flags every pattern is compiled with.
    package var flags: String

    package init(flags: String = "") {
        self.flags = flags
    }

    /// Compiles through the process-wide cache; a refused pattern becomes a test that throws.
    package func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool {
        do {
            let regex = try ECMARegex.cached(pattern, flags: flags)
            return { value throws(ECMARegexError) in try regex.test(value) }
        } catch {
            return { _ throws(ECMARegexError) in throw error }
        }
    }
}
