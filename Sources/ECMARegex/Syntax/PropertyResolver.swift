/// Validates the text inside `\p{…}` against the ECMA-262 tables and maps it to what PCRE2 10.42 knows.
enum PropertyResolver {
    /// Properties PCRE2 ignores case for (`\p` is never case-closed there) whose set is not closed under
    /// simple case folding, measured with node: under `i` they would match differently, so they are refused.
    private static let notCaseClosedCategories: Set<String> = ["Lu", "Ll", "Lt", "LC", "L", "M", "Mn"]
    private static let notCaseClosedBinary: Set<String> = [
        "Lowercase", "Uppercase", "Changes_When_Casefolded", "Changes_When_Lowercased", "Changes_When_Uppercased",
        "Changes_When_Titlecased", "Case_Ignorable", "Diacritic", "Soft_Dotted", "Math", "Emoji",
        "Extended_Pictographic", "Grapheme_Base", "Grapheme_Extend", "ID_Start", "XID_Start",
    ]
    private static let notCaseClosedScripts: Set<String> = ["Greek", "Common"]
    private static let notCaseClosedScriptOnly: Set<String> = ["Inherited"]

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
                if PropertyNameTable.newerScripts.contains(value) {
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
        guard flags.ignoreCase else { return }
        let notClosed: Bool
        switch property.kind {
        case .generalCategory: notClosed = notCaseClosedCategories.contains(property.name)
        case .binary: notClosed = notCaseClosedBinary.contains(property.name)
        case .script:
            notClosed = notCaseClosedScripts.contains(property.name) || notCaseClosedScriptOnly.contains(property.name)
        case .scriptExtensions: notClosed = notCaseClosedScripts.contains(property.name)
        }
        if notClosed {
            throw .unsupported(
                "\\p{\(property.name)} with the 'i' flag: the property is not closed under case folding and "
                    + "PCRE2 ignores case for \\p, so the match would differ",
                at: offset)
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
            return .property(property, negated: negated)
        }
        return negated ? .complement(set) : set
    }
}
