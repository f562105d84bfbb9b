#if PCRE2_BACKEND

/// PCRE2 10.42's built-in property sets, used only as a compact *base* for an exact set: the emitter may
/// write `[\p{L}…]` for a set close to PCRE2's `\p{L}` and correct the difference with explicit ranges,
/// so PCRE2's Unicode 14 data is used only where it was measured to agree with the tables.
///
/// PCRE2's set is the tables' set corrected by `PCRE2PropertyDifferences` (measured by
/// `Tools/regex-tables/pcre2-case-probe.py`); surrogate code points are left out (never in a subject).
enum PCRE2PropertyBase {
    /// PCRE2's spelling of `\p{…}` (or `\P{…}` when `negated`), or nil when PCRE2 10.42 lacks the property.
    static func spelling(of property: UnicodeProperty, negated: Bool) -> String? {
        guard differences[UnicodeTables.key(property)] != nil else { return nil }
        let letter = negated ? "\\P" : "\\p"
        switch property.kind {
        case .generalCategory, .binary: return "\(letter){\(property.name)}"
        case .script: return "\(letter){sc:\(property.name)}"
        case .scriptExtensions: return "\(letter){scx:\(property.name)}"
        }
    }

    /// The code points PCRE2 10.42's `\p{…}` matches (surrogates aside), or nil when it lacks the property.
    static func builtInSet(of property: UnicodeProperty) -> CodePointSet? {
        let key = UnicodeTables.key(property)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let line = differences[key], let bar = line.firstIndex(of: "|") else { return nil }
        let added = UnicodeTables.decodeRanges(line[..<bar])
        let removed = UnicodeTables.decodeRanges(line[line.index(after: bar)...])
        var set = UnicodeTables.codePoints(of: property)
            .subtracting(CodePointSet(normalized: [0xD800...0xDFFF]), maximum: 0x10FFFF)
            .subtracting(added, maximum: 0x10FFFF)
        set.formUnion(removed)
        cache.withLock { $0[key] = set }
        return set
    }

    private static let cache = Locked<[String: CodePointSet]>(.init())

    /// The encoded "added|removed" part of each line, by property key.
    private static let differences: [String: Substring] = {
        var table: [String: Substring] = .init()
        for line in PCRE2PropertyDifferences.lines.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            table[String(line[..<space])] = line[line.index(after: space)...]
        }
        return table
    }()
}
#endif
