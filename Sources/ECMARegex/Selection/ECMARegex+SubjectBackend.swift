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
        if let utf8Count = Self.utf8Count(ofWellFormed: units) {
            return backend(forSubjectOfLength: utf8Count)
        }
        return compiled.backend(forCodeUnitCount: units.count)
    }

    /// The UTF-8 length of `units` when they are well-formed UTF-16, nil when they hold a lone surrogate.
    /// (`String(validating:as:)` would say the same, but needs macOS 15 / iOS 18.)
    static func utf8Count(ofWellFormed units: [UInt16]) -> Int? {
        var count = 0
        var index = 0
        while index < units.count {
            let unit = units[index]
            switch unit {
            case 0..<0x80: count += 1
            case 0x80..<0x800: count += 2
            case 0xD800...0xDBFF:
                guard index + 1 < units.count, (0xDC00...0xDFFF).contains(units[index + 1]) else { return nil }
                count += 4
                index += 1
            case 0xDC00...0xDFFF: return nil
            default: count += 3
            }
            index += 1
        }
        return count
    }
}
