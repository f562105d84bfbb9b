/// Evaluates a ``ClassSet`` into the characters and strings a class matches, as ECMA-262's
/// `CompileToCharSet` and `CharacterClass` semantics define them.
///
/// Members are kept as written and a `[^…]` complements their case closure under `i` (the `invert` of
/// `CharacterSetMatcher`). With `v` and `i`, ES2025's `CompileToCharSet` folds every operand with
/// `MaybeSimpleCaseFolding` (a character, a range, `\w`, `\p{…}`, `\q{…}`), complements within the
/// characters that fold to themselves (`AllCharacters`), and `CharacterSetMatcher` then compares
/// canonical values: that is the same as closing every operand under case before the set operations,
/// which this compiler does (node 24: `/[\p{Lu}--\q{b}]/vi` does not match "b", `/^[\w--k]$/vi` does not
/// match "K"; node 20 left bare characters, ranges and `\w` unfolded). Multi-character strings are
/// folded code point by code point. The result's characters are closed under `Canonicalize`, so matching
/// is a plain membership test; where `\p{ASCII}` or a one-character `\q{}` makes the browsers read the
/// class otherwise, its characters are ``CaseInsensitiveSetReadings``'s instead.
struct PortableClassCompiler {
    /// What a class matches.
    struct Compiled {
        /// Single characters, closed under `Canonicalize` when the pattern has `i`.
        var characters: [ClosedRange<UInt32>]
        /// Strings of any length other than one (`v` only), without duplicates (folded with `v` and `i`).
        var strings: [[UInt32]]
        /// The property of strings whose strings ``strings`` are, when they are exactly one property's (a
        /// class of `\p{RGI_Emoji}`, alone or with single characters): the program then uses the
        /// property's shared table instead of a table of its own.
        var stringProperty: StringPropertyTable? = nil

        init(characters: [ClosedRange<UInt32>], strings: [[UInt32]], stringProperty: StringPropertyTable? = nil) {
            self.characters = characters
            self.strings = strings
            self.stringProperty = stringProperty
        }
    }

    let flags: RegexFlags
    private let maximum: UInt32
    /// `v` with `i`: nested classes and set operations are closed under case as they are built.
    private let closesOperands: Bool

    init(flags: RegexFlags) {
        self.flags = flags
        self.maximum = flags.isUnicodeAware ? 0x10FFFF : 0xFFFF
        self.closesOperands = flags.unicodeSets && flags.ignoreCase
    }

    func compile(_ set: ClassSet) -> Compiled {
        var result = evaluate(set)
        if let characters = CaseInsensitiveSetReadings.characters(of: set, flags: flags) {
            // `\p{ASCII}` or a one-character `\q{}` under `v` and `i`: the browsers' reading, not the closure.
            result.characters = characters
        } else if flags.ignoreCase {
            result.characters = PortableCaseFolding.closure(result.characters, unicode: flags.isUnicodeAware)
        }
        return result
    }

    private func closed(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        closesOperands ? PortableCaseFolding.closure(ranges, unicode: true) : ranges
    }

    private func evaluate(_ set: ClassSet) -> Compiled {
        switch set {
        case .character(let value):
            return Compiled(characters: closed([value...value]), strings: [])
        case .range(let low, let high):
            return Compiled(characters: closed([low...high]), strings: [])
        case .builtin(let kind, let negated):
            let base = closed(kind.ranges(flags: flags))
            return Compiled(characters: negated ? PortableRanges.complement(base, maximum: maximum) : base, strings: [])
        case .property(let property, let negated):
            let members = PortableRanges.intersection(PortablePropertyCache.ranges(of: property), [0...maximum])
            if closesOperands {
                // `\P{…}` under `v` and `i`: the complement of the folded set (`CharacterComplement`).
                let folded = closed(members)
                return Compiled(
                    characters: negated ? PortableRanges.complement(folded, maximum: maximum) : folded, strings: [])
            }
            return Compiled(
                characters: negated ? PortableRanges.complement(members, maximum: maximum) : members, strings: [])
        case .strings(let strings):
            var characters: [ClosedRange<UInt32>] = []
            var multiple: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            for written in strings {
                let string = closesOperands
                    ? written.map { PortableCaseFolding.canonicalize($0, unicode: true) } : written
                if string.count == 1 {
                    characters += closed([string[0]...string[0]])
                } else if seen.insert(string).inserted {
                    multiple.append(string)
                }
            }
            return Compiled(characters: PortableRanges.normalized(characters), strings: multiple)
        case .stringProperty(let property):
            // The shared table's form: built once per process, never per occurrence.
            let form = property.table.form(folded: closesOperands)
            return Compiled(characters: form.characters, strings: form.strings, stringProperty: property.table)
        case .union(let members):
            var characters: [ClosedRange<UInt32>] = []
            var compiledMembers: [Compiled] = []
            compiledMembers.reserveCapacity(members.count)
            for member in members {
                let compiled = evaluate(member)
                characters += compiled.characters
                compiledMembers.append(compiled)
            }
            let withStrings = compiledMembers.filter { !$0.strings.isEmpty }
            if withStrings.count <= 1 {
                // One member with strings (or none): its strings as they are, still the property's if they were.
                return Compiled(
                    characters: closed(PortableRanges.normalized(characters)), strings: withStrings.first?.strings ?? [],
                    stringProperty: withStrings.first?.stringProperty)
            }
            var strings: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            for compiled in withStrings {
                for string in compiled.strings where seen.insert(string).inserted { strings.append(string) }
            }
            return Compiled(characters: closed(PortableRanges.normalized(characters)), strings: strings)
        case .intersection(let operands):
            guard let first = operands.first else { return Compiled(characters: [], strings: []) }
            var result = evaluate(first)
            for operand in operands.dropFirst() {
                let other = evaluate(operand)
                result.characters = PortableRanges.intersection(result.characters, other.characters)
                if result.stringProperty != nil && result.stringProperty === other.stringProperty { continue }
                result.stringProperty = nil
                if other.strings.isEmpty || result.strings.isEmpty {
                    result.strings = []
                    continue
                }
                let kept = Set(other.strings)
                result.strings = result.strings.filter { kept.contains($0) }
            }
            result.characters = closed(result.characters)
            return result
        case .subtraction(let operands):
            guard let first = operands.first else { return Compiled(characters: [], strings: []) }
            var result = evaluate(first)
            for operand in operands.dropFirst() {
                let other = evaluate(operand)
                result.characters = PortableRanges.subtracting(result.characters, other.characters, maximum: maximum)
                if other.strings.isEmpty || result.strings.isEmpty { continue }
                result.stringProperty = nil
                let removed = Set(other.strings)
                result.strings = result.strings.filter { !removed.contains($0) }
            }
            result.characters = closed(result.characters)
            return result
        case .complement(let inner):
            // The parser guarantees that a complemented class holds no strings.
            var characters = evaluate(inner).characters
            if flags.ignoreCase {
                // `[^…]`: outside the case closure (CharacterSetMatcher's invert; with v, the closed set's complement).
                characters = PortableCaseFolding.closure(characters, unicode: flags.isUnicodeAware)
            }
            return Compiled(characters: PortableRanges.complement(characters, maximum: maximum), strings: [])
        }
    }
}
