/// Decides, once per pattern at compile time, whether a pattern without `u`/`v` can tell an astral
/// character (one code point, four bytes of UTF-8) from the two UTF-16 code units JavaScript reads it as.
///
/// Such a pattern runs first on an 8-bit UTF program that reads the String's UTF-8 in place, where an
/// astral character is one character; JavaScript (and the 16-bit program) sees a high and a low
/// surrogate. The two readings give the same verdict on every subject unless some character-consuming
/// item of the pattern, anywhere (inside lookarounds too), can match a surrogate code unit, or is `.`, or the
/// pattern can match the empty string:
///
/// - Every item the emitter writes for the 8-bit program matches only code points up to U+FFFF outside
///   the surrogates, except `.`, so without those no item consumes an astral character there; and
///   without an item that accepts a surrogate, neither half of it is consumed in JavaScript. The
///   character is then a barrier in both readings (one position wide or two), and a match lies
///   entirely in the text between barriers, which is the same text in both.
/// - Assertions agree at a barrier: it is neither a line terminator (`^`/`$` with `m`) nor a word
///   character (`\b`), and a lookaround's own items are under the same rule. A back-reference matches
///   only text a group consumed, so never a barrier.
/// - With `i` the same holds: `Canonicalize` without `u` maps a surrogate only to itself and no other
///   code unit to a surrogate, so case closure never adds one to a class, and an astral character is a
///   barrier under both readings. Such a pattern runs on an 8-bit UTF program with PCRE2's caseless
///   matching, whose case-equivalence sets are the same as the 16-bit program's (the emitter corrects the
///   measured differences from ECMAScript in both).
///
/// - One position exists only in JavaScript's reading: the one between the two halves. No item can
///   consume either half, so only an empty match can sit there, and assertions can succeed there that
///   succeed nowhere else (`/(?!^)\B/` on "A😀": between two non-word units). A pattern that can match
///   the empty string therefore needs the scan; one whose every match consumes a character cannot start,
///   end or pass there (found by `regex-diff`).
///
/// Only when this answers true does matching scan each subject for astral characters (O(n)); otherwise
/// an early-exit pattern such as `^\d` answers in time independent of the subject's length, as in V8.
enum AstralAnalysis {
    /// Whether matching `parsed` must look for astral characters in each subject (see the type).
    /// Patterns with `u`/`v` read code points and never need it.
    static func needsAstralScan(_ parsed: ParsedPattern) -> Bool {
        let flags = parsed.flags
        if flags.isUnicodeAware { return false }
        if PortableCompiler.minimumLength(parsed.root) == 0 { return true }
        return consumesSurrogate(parsed.root, PortableClassCompiler(flags: flags))
    }

    private static let surrogates: ClosedRange<UInt32> = 0xD800...0xDFFF

    private static func consumesSurrogate(_ node: RegexNode, _ classes: PortableClassCompiler) -> Bool {
        switch node {
        case .empty, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .backreference:
            return false
        case .dot:
            // Without `s` it accepts every code unit but the line terminators, surrogates included.
            return true
        case .character(let value):
            return surrogates.contains(value)
        case .characterClass(let set):
            let compiled = classes.compile(set)
            return compiled.characters.contains { $0.overlaps(surrogates) }
                || compiled.strings.contains { $0.contains(where: surrogates.contains) }
        case .sequence(let nodes), .alternation(let nodes):
            return nodes.contains { consumesSurrogate($0, classes) }
        case .group(let inner), .capture(_, _, let inner), .lookahead(let inner, _), .lookbehind(let inner, _),
            .quantified(let inner, _, _, _):
            return consumesSurrogate(inner, classes)
        case .modified(let inner, let modifiers):
            return consumesSurrogate(inner, PortableClassCompiler(flags: classes.flags.applying(modifiers)))
        }
    }
}
