extension ECMARegex {
    /// The backend that answers ``test(_:)`` for a value of `utf8Count` bytes of UTF-8: ``backend`` up
    /// to the pattern's PCRE2 subject limit (see `RegexEngine`), the portable matcher beyond it. For
    /// diagnostics and benchmarks.
    package func backend(forSubjectOfLength utf8Count: Int) -> Backend {
        compiled.backend(forSubjectOfLength: utf8Count)
    }
}
