/// A seeded generator of random ECMAScript patterns, flags and subjects for differential runs of the two
/// backends. Patterns come from a small grammar that favours the constructs where the dialects differ
/// (case folding, astral characters, line terminators, lookarounds, back-references, quantified groups);
/// subjects come from the same small alphabet, so matches are frequent.
///
/// With `es2025`, it also writes ES2025's syntax: pattern modifiers (`(?i:…)`, `(?-i:…)`,
/// `(?ims-…:…)`, now and then an invalid one such as `(?ii:…)` or `(?-:…)`), duplicate named groups in
/// different alternatives with `\k<name>` across them (now and then twice in one alternative, an early
/// error), and under `v` set operations with `\q{…}` and properties, which matter most with `i`.
package struct DifferentialGenerator {
    private var state: UInt64
    private let es2025: Bool
    private var flags = ""
    private var duplicateNames = 0

    /// A generator whose output depends only on `seed` (and `es2025`: whether it writes ES2025 syntax).
    package init(seed: UInt64, es2025: Bool = false) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
        self.es2025 = es2025
    }

    /// splitmix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    private static let literals = [
        "a", "b", "c", "A", "B", "k", "K", "s", "S", "\u{17F}", "\u{212A}", "\u{DF}", "\u{E9}", "\u{C9}", "\u{3A3}",
        "\u{3C3}", "\u{3C2}", "0", "7", " ", "-", "\\n", "\u{1F600}", "\\u{1F600}", "\\x41", "\\u0131", ".",
    ]
    private static let alphabet: [String] = [
        "a", "b", "c", "A", "B", "k", "K", "s", "S", "\u{17F}", "\u{212A}", "\u{DF}", "\u{E9}", "\u{C9}", "\u{3A3}",
        "\u{3C3}", "\u{3C2}", "0", "7", " ", "-", "\n", "\r", "\u{2028}", "\u{1F600}", "\u{131}", "_", "!",
    ]
    private static let flagSets = ["", "", "i", "u", "ui", "v", "vi", "m", "s", "im", "us", "uim", "vs"]

    /// One pattern with its flags.
    package mutating func pattern() -> (pattern: String, flags: String) {
        var groups = 0
        if es2025 {
            // The flags first, so that v-only syntax is written only under v.
            flags = pick(Self.flagSets)
            duplicateNames = 0
            let text = disjunction(depth: 0, groups: &groups)
            return (text, flags)
        }
        let text = disjunction(depth: 0, groups: &groups)
        return (text, pick(Self.flagSets))
    }

    private static let modifierLetters: [Character] = ["i", "m", "s"]

    /// `(?add-remove:` with letters from i, m, s; about one in eight is an early error (a letter twice,
    /// on both sides, or both sides empty).
    private mutating func modifierPrefix() -> String {
        switch below(16) {
        case 0: return pick(["(?ii:", "(?i-i:", "(?-:", "(?m-m:", "(?-ss:", "(?I:"])
        case 1, 2, 3, 4, 5: return "(?i:"
        case 6, 7, 8: return "(?-i:"
        default:
            var add = "", remove = ""
            for letter in Self.modifierLetters {
                switch below(3) {
                case 0: add.append(letter)
                case 1: remove.append(letter)
                default: break
                }
            }
            if add.isEmpty && remove.isEmpty { add = "i" }
            return remove.isEmpty ? "(?\(add):" : "(?\(add)-\(remove):"
        }
    }

    /// Two or three alternatives that each define the group `name`, followed (mostly) by `\k<name>`;
    /// now and then the name twice in one alternative (an early error).
    private mutating func duplicateNamedGroups(depth: Int, groups: inout Int) -> String {
        duplicateNames += 1
        let name = "d\(duplicateNames)"
        var alternatives: [String] = []
        for _ in 0..<(2 + below(2)) {
            groups += 1
            let body = alternative(depth: depth + 1, groups: &groups)
            alternatives.append(below(3) == 0 ? pick(Self.literals) + "(?<\(name)>\(body))" : "(?<\(name)>\(body))")
        }
        if below(12) == 0 {
            groups += 1
            alternatives[0] += "(?<\(name)>\(pick(Self.literals)))"
        }
        let reference = below(4) == 0 ? "" : "\\k<\(name)>"
        return below(5) == 0 ? reference + "(?:" + alternatives.joined(separator: "|") + ")"
            : "(?:" + alternatives.joined(separator: "|") + ")" + reference
    }

    /// A `v`-mode class with a set operation, `\q{…}` strings or a property, the cases ES2025 fixed under `i`.
    private mutating func setOperationClass() -> String {
        let operands = [
            "\\p{Lu}", "\\p{Ll}", "\\p{L}", "\\P{Lu}", "\\p{ASCII}", "\\w", "\\q{b}", "\\q{B}", "\\q{k|ss}", "\\q{ab|c}", "[a-z]", "[A-Z]",
            "[k]", "[\u{212A}]", "[\u{17F}s]", "B", "b", "K", "\u{DF}",
        ]
        let left = pick(operands), right = pick(operands)
        let body: String
        switch below(4) {
        case 0: body = left + "&&" + right
        case 1, 2: body = left + "--" + right
        default: body = left + right
        }
        return "[" + (below(4) == 0 ? "^" : "") + body + "]"
    }

    /// One subject.
    package mutating func subject() -> String {
        var text = ""
        for _ in 0..<below(9) { text += pick(Self.alphabet) }
        return text
    }

    private mutating func disjunction(depth: Int, groups: inout Int) -> String {
        var alternatives = [alternative(depth: depth, groups: &groups)]
        while depth < 3 && below(4) == 0 { alternatives.append(alternative(depth: depth, groups: &groups)) }
        return alternatives.joined(separator: "|")
    }

    private mutating func alternative(depth: Int, groups: inout Int) -> String {
        var text = ""
        for _ in 0..<(1 + below(4)) { text += term(depth: depth, groups: &groups) }
        return text
    }

    private mutating func term(depth: Int, groups: inout Int) -> String {
        switch below(36) {
        case 0: return pick(["^", "$", "\\b", "\\B"])
        case 1 where depth < 3: return "(?=" + disjunction(depth: depth + 1, groups: &groups) + ")"
        case 2 where depth < 3: return "(?!" + disjunction(depth: depth + 1, groups: &groups) + ")"
        case 3 where depth < 3: return "(?<=" + fixedAlternative() + "|" + fixedAlternative() + ")"
        case 4 where depth < 3: return "(?<!" + disjunction(depth: depth + 1, groups: &groups) + ")"
        case 5 where groups > 0: return "\\\(1 + below(groups))"
        case 6 where depth < 3: return "(?=" + disjunction(depth: depth + 1, groups: &groups) + ")"
        case 7 where depth < 3: return "(?<=" + fixedAlternative() + ")"
        case 8 where depth < 3: return "(?<!" + fixedAlternative() + ")"
        default: return atom(depth: depth, groups: &groups) + maybeQuantifier()
        }
    }

    /// A lookbehind body PCRE2 can take: fixed-length literals and classes.
    private mutating func fixedAlternative() -> String {
        var text = ""
        for _ in 0..<(1 + below(3)) { text += below(3) == 0 ? characterClass() : pick(Self.literals) }
        return text
    }

    private mutating func atom(depth: Int, groups: inout Int) -> String {
        // About one atom in eight is ES2025 syntax, so most patterns still compare the classic constructs.
        if es2025 && depth < 3 {
            switch below(24) {
            case 0: return modifierPrefix() + disjunction(depth: depth + 1, groups: &groups) + ")"
            case 1: return duplicateNamedGroups(depth: depth, groups: &groups)
            case 2 where flags.contains("v"): return setOperationClass()
            default: break
            }
        }
        switch below(12) {
        case 0, 1, 2, 3: return pick(Self.literals)
        case 4: return pick(["\\d", "\\w", "\\s", "\\W", "\\D", "\\S", "."])
        case 5, 6: return characterClass()
        case 7 where depth < 3:
            groups += 1
            return "(" + disjunction(depth: depth + 1, groups: &groups) + ")"
        case 8 where depth < 3:
            groups += 1
            return "(?<g\(groups)>" + disjunction(depth: depth + 1, groups: &groups) + ")"
        case 9 where depth < 3:
            return "(?:" + disjunction(depth: depth + 1, groups: &groups) + ")"
        default: return pick(Self.literals)
        }
    }

    private mutating func characterClass() -> String {
        var body = below(3) == 0 ? "^" : ""
        for _ in 0..<(1 + below(3)) {
            switch below(6) {
            case 0: body += pick(["a-z", "A-Z", "0-9", "\u{E0}-\u{FF}", "\u{3B1}-\u{3C9}", "j-l", "r-t"])
            case 1: body += pick(["\\d", "\\w", "\\s", "\\W"])
            default: body += pick(["a", "K", "k", "s", "\u{17F}", "\u{212A}", "\u{DF}", "\u{E9}", "\u{3C3}", "_", "\\-", "\u{1F600}"])
            }
        }
        return "[" + body + "]"
    }

    private mutating func maybeQuantifier() -> String {
        switch below(10) {
        case 0: return "*"
        case 1: return "+"
        case 2: return "?"
        case 3: return pick(["{2}", "{1,3}", "{0,2}", "{2,}"]) + (below(2) == 0 ? "?" : "")
        case 4: return pick(["*?", "+?", "??"])
        default: return ""
        }
    }
}
