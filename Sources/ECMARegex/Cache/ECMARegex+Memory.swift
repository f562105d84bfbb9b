extension ECMARegex {
    /// The longest pattern accepted, in UTF-16 code units (for tools that build patterns at the cap).
    package static var patternLengthCap: Int { RegexParser.maximumPatternLength }

    /// The deepest nesting of groups and classes accepted (for tools that build patterns at the cap).
    package static var nestingCap: Int { RegexParser.maximumNesting }

    /// The deepest nesting of classes accepted (for tools that build nested `v` classes at the cap).
    package static var classNestingCap: Int { RegexParser.maximumClassNesting }

    /// The shared cache's entries, the bytes it accounts for them, and its bound in bytes.
    package static var cacheStatistics: (count: Int, accountedBytes: Int, maximumBytes: Int) {
        (RegexCache.shared.count, RegexCache.shared.accountedBytes, RegexCache.shared.maximumBytes)
    }
}
