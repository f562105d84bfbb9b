import ECMARegex

/// A set of printable ASCII characters (U+0020 to U+007E): the alphabet the password-rules language names.
package struct PrintableASCIISet: Sendable, Hashable {
    /// Bit `c - 0x20` for `c` below U+0060.
    private var low: UInt64
    /// Bit `c - 0x60` for `c` from U+0060.
    private var high: UInt64

    /// The set of the given bit words (bit `c - 0x20`, as ``/ECMARegex/ClassSet`` reports members).
    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high & Self.highMask
    }

    /// The set of the characters in `characters` that are printable ASCII.
    package init(_ characters: String) {
        self.init(low: 0, high: 0)
        for scalar in characters.unicodeScalars { insert(UInt8(truncatingIfNeeded: scalar.value), if: scalar.value) }
    }

    /// The set of every code unit from `first` through `last`.
    package init(from first: UInt8, through last: UInt8) {
        self.init(low: 0, high: 0)
        for code in first...last { insert(code, if: UInt32(code)) }
    }

    private mutating func insert(_ code: UInt8, if value: UInt32) {
        guard (0x20...0x7E).contains(value) else { return }
        let bit = Int(code) - 0x20
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    /// Bits of `high` that stand for characters (U+0060 to U+007E).
    private static let highMask: UInt64 = (1 << 31) - 1

    package static let empty = PrintableASCIISet(low: 0, high: 0)
    /// Every printable ASCII character, space included (the rules language's `ascii-printable`).
    package static let all = PrintableASCIISet(from: 0x20, through: 0x7E)
    /// Printable ASCII without the space, the most a derived descriptor allows (servers trim spaces).
    package static let visible = PrintableASCIISet(from: 0x21, through: 0x7E)
    /// `A` to `Z` (the rules language's `upper`).
    package static let upper = PrintableASCIISet(from: 0x41, through: 0x5A)
    /// `a` to `z` (`lower`).
    package static let lower = PrintableASCIISet(from: 0x61, through: 0x7A)
    /// `0` to `9` (`digit`).
    package static let digit = PrintableASCIISet(from: 0x30, through: 0x39)
    /// Every printable ASCII character that is not a letter or digit, space included: `special` in
    /// Apple's rules language.
    package static let special = all.subtracting(upper).subtracting(lower).subtracting(digit)

    package var isEmpty: Bool { low == 0 && high == 0 }
    package var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    package func contains(_ code: UInt8) -> Bool {
        guard (0x20...0x7E).contains(code) else { return false }
        let bit = Int(code) - 0x20
        return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }

    package func union(_ other: PrintableASCIISet) -> PrintableASCIISet {
        PrintableASCIISet(low: low | other.low, high: high | other.high)
    }

    package func intersection(_ other: PrintableASCIISet) -> PrintableASCIISet {
        PrintableASCIISet(low: low & other.low, high: high & other.high)
    }

    package func subtracting(_ other: PrintableASCIISet) -> PrintableASCIISet {
        PrintableASCIISet(low: low & ~other.low, high: high & ~other.high)
    }

    package func isSubset(of other: PrintableASCIISet) -> Bool { subtracting(other).isEmpty }

    package func isDisjoint(with other: PrintableASCIISet) -> Bool { intersection(other).isEmpty }

    package var members: [UInt8] { (0x20...0x7E).filter(contains) }

    /// The set as the rules language writes it: `upper`, `lower`, `digit`, `special` for whole groups,
    /// the rest as one custom class with `-` first and `]` last. A space outside a whole `special` is
    /// left out.
    package var rulesText: String {
        var parts: [String] = []
        var rest = self
        for (name, group) in [("upper", Self.upper), ("lower", Self.lower), ("digit", Self.digit), ("special", Self.special)]
        where group.isSubset(of: rest) {
            parts.append(name)
            rest = rest.subtracting(group)
        }
        rest = rest.subtracting(PrintableASCIISet(" "))
        if !rest.isEmpty {
            var characters = rest.members.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "]") }
            if rest.contains(UInt8(ascii: "-")) { characters.insert(UInt8(ascii: "-"), at: 0) }
            if rest.contains(UInt8(ascii: "]")) { characters.append(UInt8(ascii: "]")) }
            parts.append("[" + String(decoding: characters, as: UTF8.self) + "]")
        }
        return parts.joined(separator: ", ")
    }

    /// The characters ``rulesText`` denotes: this set, without a space that no whole `special` brings.
    package var rulesDenotation: PrintableASCIISet {
        Self.special.isSubset(of: self) ? self : subtracting(PrintableASCIISet(" "))
    }
}
