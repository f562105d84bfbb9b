/// The single characters a `v`-mode class matches under `i`, read the way the web's two engines read it.
///
/// ES2025 folds every operand with `MaybeSimpleCaseFolding` (a character, a range, `\w`, `\p{…}`, `\q{…}`),
/// complements with `CharacterComplement` within the characters that are their own simple case folding,
/// and `CharacterSetMatcher` compares `Canonicalize` of both sides: the same as closing every operand under
/// case and testing membership. V8 13.6 and JavaScriptCore also build the class as a set of code points
/// tested by membership, but each widens only some operands to their case variants:
///
/// - V8 closes every operand except `\p{ASCII}`, which stays its 128 code points (`\P{ASCII}` the rest), and
///   a one-character `\q{X}`, which is X's simple case folding alone.
/// - JavaScriptCore closes characters and one-character `\q{}`, widens a range's ASCII letters to their ASCII
///   partners only (its other characters to their closure), and never widens a property or `\p{ASCII}`; a
///   `\P{…}` operand of `&&` or `--` after the first is added to the class instead of intersected with it or
///   subtracted from it.
///
/// A character belongs to the class when at least two of the three readings hold it: the browsers' answer
/// where they agree (`[^\p{ASCII}]` holds U+212A, `[\p{Ll}&&\q{B}]` does not hold "B"), the specification's
/// where they do not (`[B&&\q{B}]` holds "B"). Where no operand is `\p{ASCII}` or a one-character `\q{}` with
/// case variants, V8's reading is the specification's, and the class is the case closure the compilers
/// build themselves (this returns nil). Multi-character strings are read alike by V8 and the specification
/// (folded, compared by canonical value), so they are left to the compilers.
enum CaseInsensitiveSetReadings {
    typealias Ranges = [ClosedRange<UInt32>]

    /// The class's single characters under `flags` (`v` with `i`), or nil where its closure is the answer.
    static func characters(of set: ClassSet, flags: RegexFlags) -> Ranges? {
        guard flags.unicodeSets, flags.ignoreCase, readingsDiffer(set) else { return nil }
        let v8 = evaluate(set, .v8)
        let javaScriptCore = evaluate(set, .javaScriptCore)
        let specification = evaluate(set, .specification)
        // (V ∩ J) ∪ (S ∩ (V ∪ J)): every character at least two readings hold.
        let both = PortableRanges.intersection(v8, javaScriptCore)
        let either = PortableRanges.union(v8, javaScriptCore)
        return PortableRanges.union(both, PortableRanges.intersection(specification, either))
    }

    private enum Reading {
        case specification, v8, javaScriptCore
    }

    private static let maximum: UInt32 = 0x10FFFF

    /// Whether some operand is read differently by V8 than by the specification: `\p{ASCII}` or `\P{ASCII}`,
    /// or a one-character `\q{}` string with case variants.
    static func readingsDiffer(_ set: ClassSet) -> Bool {
        switch set {
        case .property(let property, _):
            return isASCII(property)
        case .strings(let strings):
            return strings.contains { $0.count == 1 && closure([$0[0]...$0[0]]) != [$0[0]...$0[0]] }
        case .union(let members), .intersection(let members), .subtraction(let members):
            return members.contains(where: readingsDiffer)
        case .complement(let inner):
            return readingsDiffer(inner)
        case .character, .range, .builtin, .stringProperty:
            return false
        }
    }

    private static func isASCII(_ property: UnicodeProperty) -> Bool {
        property.kind == .binary && property.name == "ASCII"
    }

    private static func closure(_ ranges: Ranges) -> Ranges {
        PortableCaseFolding.closure(ranges, unicode: true)
    }

    private static func complement(_ ranges: Ranges) -> Ranges {
        PortableRanges.complement(ranges, maximum: maximum)
    }

    private static func evaluate(_ set: ClassSet, _ reading: Reading) -> Ranges {
        switch set {
        case .character(let value):
            return closure([value...value])
        case .range(let low, let high):
            return reading == .javaScriptCore ? javaScriptCoreRange(low, high) : closure([low...high])
        case .builtin(let kind, let negated):
            // `\d` and `\s` hold no cased letter; `\w` with `u`/`v` and `i` already holds U+017F and U+212A.
            let members = closure(kind.ranges(flags: flags))
            return negated ? complement(members) : members
        case .property(let property, let negated):
            let raw = PortablePropertyCache.ranges(of: property)
            let widened = reading == .javaScriptCore || (reading == .v8 && isASCII(property)) ? raw : closure(raw)
            return negated ? complement(widened) : widened
        case .strings(let strings):
            var singles: Ranges = []
            for string in strings where string.count == 1 {
                if reading == .v8 {
                    let folded = UnicodeTables.simpleCaseFolding(string[0])
                    singles.append(folded...folded)
                } else {
                    singles += closure([string[0]...string[0]])
                }
            }
            return PortableRanges.normalized(singles)
        case .stringProperty(let property):
            return closure(property.table.singles.ranges)
        case .union(let members):
            return PortableRanges.normalized(members.flatMap { evaluate($0, reading) })
        case .intersection(let operands), .subtraction(let operands):
            guard let first = operands.first else { return [] }
            var result = evaluate(first, reading)
            let intersects = if case .intersection = set { true } else { false }
            for operand in operands.dropFirst() {
                let other = evaluate(operand, reading)
                if reading == .javaScriptCore, case .property(_, negated: true) = operand {
                    result = PortableRanges.union(result, other)
                } else if intersects {
                    result = PortableRanges.intersection(result, other)
                } else {
                    result = PortableRanges.subtracting(result, other, maximum: maximum)
                }
            }
            return result
        case .complement(let inner):
            return complement(evaluate(inner, reading))
        }
    }

    /// A range as JavaScriptCore widens it: its ASCII letters gain their ASCII partners, its characters above
    /// ASCII their case closure.
    private static func javaScriptCoreRange(_ low: UInt32, _ high: UInt32) -> Ranges {
        var ranges: Ranges = [low...high]
        if low <= 0x7F {
            let ascii = low...min(high, 0x7F)
            let upper = ascii.clamped(to: 0x41...0x5A)
            let lower = ascii.clamped(to: 0x61...0x7A)
            if ascii.overlaps(0x41...0x5A) { ranges.append((upper.lowerBound + 0x20)...(upper.upperBound + 0x20)) }
            if ascii.overlaps(0x61...0x7A) { ranges.append((lower.lowerBound - 0x20)...(lower.upperBound - 0x20)) }
        }
        if high >= 0x80 { ranges += closure([max(low, 0x80)...high]) }
        return PortableRanges.normalized(ranges)
    }

    /// The flags every reading here is under: `v` with `i`.
    private static let flags: RegexFlags = {
        var flags = RegexFlags()
        flags.unicodeSets = true
        flags.ignoreCase = true
        return flags
    }()
}
