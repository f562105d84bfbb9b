extension ECMARegex {
    /// The longest value ``test(_:)`` matches: 1 MiB of UTF-8. A longer value gets
    /// ``ECMARegexError/Kind-swift.enum/limit`` at once, before any matching work; credential values
    /// and form fields are far shorter, and the bound keeps the DFA fallback's work bounded too.
    public static let maximumSubjectLength = 1 << 20
}
