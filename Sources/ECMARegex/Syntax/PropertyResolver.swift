/// Validates the text inside `\p{…}` against the ECMA-262 tables and maps it to what PCRE2 10.42 knows.
enum PropertyResolver {
    static func resolve(
        _ text: String, negated: Bool, flags: RegexFlags, offset: Int
    ) throws(ECMARegexError) -> ClassSet {
        let invalid = ECMARegexError.syntax("Invalid property name", at: offset)
        let property: UnicodeProperty
        if let equals = text.firstIndex(of: "=") {
            let key = String(text[..<equals])
            let value = String(text[text.index(after: equals)...])
            switch key {
            case "General_Category", "gc":
                guard let name = PropertyNameTable.generalCategories[value] else { throw invalid }
                property = UnicodeProperty(kind: .generalCategory, name: name)
            case "Script", "sc", "Script_Extensions", "scx":
                if let name = PropertyNameTable.scripts[value], Self.newerScripts.contains(name) {
                    throw .unsupported(
                        "script '\(value)' is newer than Unicode 14, the data PCRE2 10.42 carries", at: offset)
                }
                guard let name = PropertyNameTable.scripts[value] else { throw invalid }
                let extensions = key == "Script_Extensions" || key == "scx"
                property = UnicodeProperty(kind: extensions ? .scriptExtensions : .script, name: name)
            default:
                throw invalid
            }
        } else if let name = PropertyNameTable.generalCategories[text] {
            property = UnicodeProperty(kind: .generalCategory, name: name)
        } else if let name = PropertyNameTable.binaryProperties[text] {
            property = UnicodeProperty(kind: .binary, name: name)
        } else if PropertyNameTable.propertiesOfStrings.contains(text), flags.unicodeSets, !negated {
            throw .unsupported(
                "property of strings '\(text)': PCRE2 10.42 has no emoji sequence data", at: offset)
        } else {
            throw invalid
        }
        try checkSupported(property, flags: flags, offset: offset)
        return lowered(property, negated: negated, flags: flags)
    }

    /// Scripts newer than Unicode 14 (long names), which PCRE2 10.42 has no data for.
    private static let newerScripts: Set<String> = [
        "Kawi", "Nag_Mundari", "Garay", "Gurung_Khema", "Kirat_Rai", "Ol_Onal", "Sunuwar", "Todhri", "Tulu_Tigalari",
        "Beria_Erfe", "Sidetic", "Tai_Yo", "Tolong_Siki",
    ]

    private static func checkSupported(
        _ property: UnicodeProperty, flags: RegexFlags, offset: Int
    ) throws(ECMARegexError) {
        switch property.name {
        case "Changes_When_NFKC_Casefolded":
            throw .unsupported("Changes_When_NFKC_Casefolded is not available in PCRE2 10.42", at: offset)
        case "Bidi_Mirrored":
            throw .unsupported(
                "Bidi_Mirrored: PCRE2 10.42's set differs from Unicode's on 126 long-assigned code points", at: offset)
        default:
            break
        }
    }

    /// `Any`, `ASCII` and `Assigned` have no PCRE2 spelling with the same meaning; express them directly.
    private static func lowered(_ property: UnicodeProperty, negated: Bool, flags: RegexFlags) -> ClassSet {
        let set: ClassSet
        switch (property.kind, property.name) {
        case (.binary, "Any"):
            set = .range(0, 0x10FFFF)
        case (.binary, "ASCII") where negated:
            // V8 complements ASCII before case closure in both u and v mode, so `\P{ASCII}` with `i` also
            // matches k and s through U+212A and U+017F (node: /^\P{ASCII}$/vi matches "k").
            return .range(0x80, 0x10FFFF)
        case (.binary, "ASCII"):
            set = .range(0, 0x7F)
        case (.binary, "Assigned"):
            return .property(UnicodeProperty(kind: .generalCategory, name: "Cn"), negated: !negated)
        default:
            guard flags.ignoreCase, let positive = CaseClosureTable.additions(for: property, negated: false) else {
                return .property(property, negated: negated)
            }
            // PCRE2 ignores case for \p, so add what ECMAScript's case closure adds (measured with node).
            // u complements before closing (\P{X} gains X's members whose other case is outside X);
            // v complements the closed set (catalogue I4), except that V8 (node 20) treats binary properties
            // in v as in u (measured: /^\P{Uppercase}$/vi matches "a").
            if !negated {
                return .union([.property(property, negated: false)] + positive.map { .range($0.lowerBound, $0.upperBound) })
            }
            if flags.unicodeSets && property.kind != .binary {
                return .complement(
                    .union([.property(property, negated: false)] + positive.map { .range($0.lowerBound, $0.upperBound) }))
            }
            let negative = CaseClosureTable.additions(for: property, negated: true) ?? []
            return .union([.property(property, negated: true)] + negative.map { .range($0.lowerBound, $0.upperBound) })
        }
        return negated ? .complement(set) : set
    }
}
