/// Validates the text inside `\p{…}` against the ECMA-262 tables and resolves it to a ``ClassSet``.
///
/// Every name ECMAScript accepts resolves (the sets come from ``UnicodeTables`` at its Unicode version);
/// nothing here depends on what PCRE2 knows.
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
        } else if flags.unicodeSets, !negated, let property = StringProperty(named: text) {
            // A property of strings is the class of its strings (single code points included); a `v`
            // class matches the longest first. The strings are the process-wide table's, never a copy.
            return .stringProperty(property)
        } else {
            throw invalid
        }
        return lowered(property, negated: negated, flags: flags)
    }

    /// `Any` is a plain range, and so is `ASCII` outside `v` mode; `\P{…}` is the property's complement
    /// (`.property(_, negated: true)`): taken before case closure in `u` mode (V8 and ES2025 agree: `\P{X}`
    /// gains X's members whose other case is outside X), and of the closed set in `v` mode under `i` (ES2025's
    /// `CharacterComplement` of `MaybeSimpleCaseFolding`). In `v` mode `ASCII` stays a property, because under
    /// `i` (the flag's or a modifier group's) the browsers read it unfolded (``CaseInsensitiveSetReadings``).
    private static func lowered(_ property: UnicodeProperty, negated: Bool, flags: RegexFlags) -> ClassSet {
        switch (property.kind, property.name) {
        case (.binary, "Any"):
            return negated ? .complement(.range(0, 0x10FFFF)) : .range(0, 0x10FFFF)
        case (.binary, "ASCII") where !flags.unicodeSets:
            // V8 complements ASCII before case closure in `u` mode, so `\P{ASCII}` with `i` also matches k
            // and s through U+212A and U+017F (node: /^\P{ASCII}$/ui matches "k").
            return negated ? .range(0x80, 0x10FFFF) : .range(0, 0x7F)
        default:
            return .property(property, negated: negated)
        }
    }
}
