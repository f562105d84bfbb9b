#if PCRE2_BACKEND
/// Where PCRE2 10.42's caseless matching must not decide: the code points whose caseless class in PCRE2
/// (Unicode 14 data; simple case folding in every mode) differs from ECMAScript's `Canonicalize` class at
/// the tables' Unicode version (`PCRE2CaseDifferences`, measured by `Tools/regex-tables`).
///
/// A literal in these sets is emitted case-sensitively as its ECMAScript class. Classes never reach
/// PCRE2's folding at all: the emitter closes them with ``UnicodeTables`` and emits them with `(?-i:…)`.
enum CaseFoldPatches {
    /// The code points PCRE2 folds differently: `unicode` for `u`/`v` patterns, else UTF-16 units.
    static func patched(unicode: Bool) -> CodePointSet {
        unicode ? PCRE2CaseDifferences.unicode : PCRE2CaseDifferences.withoutUnicode
    }

    /// ECMAScript's equivalents of `value` under `i` (itself included), sorted.
    static func equivalents(of value: UInt32, unicode: Bool) -> [UInt32] {
        unicode
            ? UnicodeTables.simpleCaseFoldingClass(of: value)
            : UnicodeTables.canonicalizeWithoutUnicodeClass(of: value)
    }
}
#endif
