extension ECMARegex {
    /// The verdict for a value given as UTF-16 code units, as JavaScript strings are: a well-formed
    /// value is matched as ``test(_:)`` does; one with a lone surrogate gets JavaScript's answer too (on
    /// code units without `u`/`v`; with them, the lone surrogate is a code point of its own, on the
    /// portable matcher). For tools that read JSON (`ecma-regex --jsonl`).
    package func test(utf16 units: [UInt16]) throws(ECMARegexError) -> Bool {
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return try test(String(scalars))
            case .error: break decoding
            }
        }
        // Divided rather than multiplied: `count * 3` could pass `Int.max` where `Int` has 32 bits.
        guard units.count <= Self.maximumSubjectLength / 3 else {
            throw .limit("the value is longer than \(Self.maximumSubjectLength) bytes of UTF-8")
        }
        return try compiled.matches(codeUnits: units)
    }
}
