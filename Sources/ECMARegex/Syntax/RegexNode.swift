/// The syntax tree of a parsed ECMAScript pattern.
///
/// Characters are Unicode code points in `u`/`v` mode and UTF-16 code units without those flags
/// (so an astral literal is two ``character(_:)`` nodes there). Escapes are resolved: `\x41`, `\u0041`
/// and `A` all become `.character(0x41)`; named back-references become group numbers.
public indirect enum RegexNode: Sendable, Equatable {
    /// Matches the empty string.
    case empty
    /// One code point (`u`/`v`) or one UTF-16 code unit (no flag).
    case character(UInt32)
    /// `.`: any character except line terminators (any character at all with `s`).
    case dot
    /// `^`: start of input, or of a line with `m`.
    case lineStart
    /// `$`: end of input, or of a line with `m`.
    case lineEnd
    /// Start of input regardless of `m`. Not produced by the parser; used by whole-value mode.
    case inputStart
    /// End of input regardless of `m`. Not produced by the parser; used by whole-value mode.
    case inputEnd
    /// `\b` (`negated: false`) or `\B` (`negated: true`).
    case wordBoundary(negated: Bool)
    /// A character class, a class escape such as `\d` or `\p{L}`, or a `v`-mode set expression.
    case characterClass(ClassSet)
    /// Terms matched one after another.
    case sequence([RegexNode])
    /// `a|b|c`: alternatives tried left to right.
    case alternation([RegexNode])
    /// `(?:…)`.
    case group(RegexNode)
    /// `(…)` or `(?<name>…)`, numbered from 1 in order of the opening parenthesis.
    case capture(index: Int, name: String?, RegexNode)
    /// `(?=…)` or `(?!…)`.
    case lookahead(RegexNode, negative: Bool)
    /// `(?<=…)` or `(?<!…)`.
    case lookbehind(RegexNode, negative: Bool)
    /// A quantified atom; `max == nil` means unbounded.
    case quantified(RegexNode, min: Int, max: Int?, greedy: Bool)
    /// `\N` or `\k<name>`, resolved to the group number. A name that several groups in different
    /// alternatives share (ES2025) becomes a ``sequence(_:)`` of one back-reference per group: at most
    /// one of them has participated, and a group that has not matches the empty string.
    case backreference(Int)
    /// `(?ims-ims:…)` (ES2025 pattern modifiers): the body matched with the `i`, `m` and `s` settings
    /// given, which replace the enclosing ones for the body only.
    case modified(RegexNode, RegexModifiers)
}

/// The settings a pattern modifier group `(?ims-ims:…)` gives its body (each the enclosing setting
/// when the group does not name it).
public struct RegexModifiers: Sendable, Equatable {
    /// `i`: case-insensitive matching (`Canonicalize` with and without `u`/`v` as the pattern's flags say).
    public var ignoreCase: Bool
    /// `m`: `^` and `$` match at line terminators.
    public var multiline: Bool
    /// `s`: `.` matches line terminators too.
    public var dotAll: Bool

    /// Creates modifier settings.
    public init(ignoreCase: Bool, multiline: Bool, dotAll: Bool) {
        self.ignoreCase = ignoreCase
        self.multiline = multiline
        self.dotAll = dotAll
    }
}

extension RegexFlags {
    /// These flags with the `i`, `m` and `s` settings of `modifiers`.
    func applying(_ modifiers: RegexModifiers) -> RegexFlags {
        var flags = self
        flags.ignoreCase = modifiers.ignoreCase
        flags.multiline = modifiers.multiline
        flags.dotAll = modifiers.dotAll
        return flags
    }

    /// The `i`, `m` and `s` settings of these flags.
    var modifiers: RegexModifiers {
        RegexModifiers(ignoreCase: ignoreCase, multiline: multiline, dotAll: dotAll)
    }
}

/// A set of characters (and, with `v`, strings) as written in a pattern.
public indirect enum ClassSet: Sendable, Hashable {
    /// One character.
    case character(UInt32)
    /// An inclusive range `a-z`.
    case range(UInt32, UInt32)
    /// `\d`, `\s`, `\w` or their negations.
    case builtin(BuiltinClass, negated: Bool)
    /// `\p{…}` (`negated: false`) or `\P{…}` (`negated: true`).
    case property(UnicodeProperty, negated: Bool)
    /// `\q{abc|d}` (`v` only): alternatives that may be longer than one character.
    case strings([[UInt32]])
    /// `\p{RGI_Emoji}` and the other properties of strings (`v` only): the class of the property's strings,
    /// single code points included. Every occurrence shares the property's one table.
    case stringProperty(StringProperty)
    /// Members joined: a class body, or a nested class.
    case union([ClassSet])
    /// `A&&B&&…` (`v` only).
    case intersection([ClassSet])
    /// `A--B--…` (`v` only).
    case subtraction([ClassSet])
    /// `[^…]`.
    case complement(ClassSet)
}

/// The three ECMAScript class escapes whose sets are fixed.
public enum BuiltinClass: Sendable, Hashable {
    /// `\d`: `[0-9]` in every mode.
    case digit
    /// `\s`: the 25 WhiteSpace and LineTerminator code points.
    case space
    /// `\w`: `[A-Za-z0-9_]` (plus U+017F and U+212A with `u`/`v` and `i`).
    case word

    /// The code points of `\s`: ECMAScript's WhiteSpace and LineTerminator.
    package static let spaceRanges: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ]

    /// The class's code points under `flags`, before any negation: `\w` gains U+017F and U+212A
    /// when a Unicode-aware pattern ignores case (they fold to `s` and `k`).
    package func ranges(flags: RegexFlags) -> [ClosedRange<UInt32>] {
        switch self {
        case .digit:
            return [0x30...0x39]
        case .space:
            return Self.spaceRanges
        case .word:
            var ranges: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
            if flags.isUnicodeAware && flags.ignoreCase {
                ranges += [0x17F...0x17F, 0x212A...0x212A]
            }
            return ranges
        }
    }
}

/// A validated Unicode property from `\p{…}`, mapped to its canonical name (its code points at the
/// engine's Unicode version come from the node-measured tables in `Tools/regex-tables`).
public struct UnicodeProperty: Sendable, Hashable {
    /// What the property selects.
    public enum Kind: Sendable, Hashable {
        /// A General_Category value (short name such as `Lu`, or a group such as `L`).
        case generalCategory
        /// A Script value (long name such as `Greek` or `Nag_Mundari`).
        case script
        /// A Script_Extensions value (long name).
        case scriptExtensions
        /// A binary property (long name such as `Alphabetic`), including `Any`, `ASCII` and `Assigned`.
        case binary
    }

    /// What the property selects.
    public let kind: Kind
    /// The canonical name (General_Category short name, Script long name, binary property long name).
    public let name: String

    /// Creates a property reference.
    public init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }
}
