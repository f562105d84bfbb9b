extension ECMARegex {
    /// The backend that answers ``test(_:)`` for a value of `utf8Count` bytes of UTF-8: ``backend`` up
    /// to the pattern's PCRE2 subject limit (see `RegexEngine`), the portable matcher beyond it. For
    /// diagnostics and benchmarks.
    package func backend(forSubjectOfLength utf8Count: Int) -> Backend {
        compiled.backend(forSubjectOfLength: utf8Count)
    }

    /// The backend that first gets a value given as UTF-16 code units (``test(utf16:)``): as
    /// ``backend(forSubjectOfLength:)`` for a well-formed value; for one with a lone surrogate, PCRE2's
    /// 16-bit program only without `u`/`v` and within the subject limit, else the portable matcher.
    package func backend(forUTF16 units: [UInt16]) -> Backend {
        if let text = String(validating: units, as: UTF16.self) {
            return backend(forSubjectOfLength: text.utf8.count)
        }
        return compiled.backend(forCodeUnitCount: units.count)
    }
}
