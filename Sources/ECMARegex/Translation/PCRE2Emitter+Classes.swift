#if PCRE2_BACKEND
// MARK: - Classes

extension PCRE2Emitter {
    /// A class lowered to what PCRE2 sees: one set of single characters and the strings (`v`-mode `\q{}`
    /// and properties of strings) whose length is not one.
    ///
    /// Under `i` the sets are closed under ECMAScript's `Canonicalize` with the tables' Unicode data. With
    /// `v`, every operand is closed before the set operations and multi-character strings are folded code
    /// point by code point: ES2025's `MaybeSimpleCaseFolding` of each operand, with `CharacterComplement`
    /// within the characters that fold to themselves, gives exactly the closure of that (node 24:
    /// /[\p{Lu}--\q{b}]/vi does not match "b", /^[\w--k]$/vi does not match "K"). Without set operations
    /// (u mode, no flag) this is the same as closing every member. The result is emitted case-sensitively,
    /// so PCRE2's own (Unicode 14) case folding never decides a class.
    struct Lowered {
        var characters: CodePointSet
        /// Strings whose length is not one, deduplicated.
        var strings: [[UInt32]]
        /// PCRE2 built-in properties whose union is probably close to `characters` (a hint for a compact
        /// emission; the emitted class is exact whatever the hint).
        var bases: [PropertyBase] = []
    }

    /// `\p{…}` (or `\P{…}`) of a property PCRE2 10.42 knows.
    struct PropertyBase {
        var property: UnicodeProperty
        var negated: Bool
    }

    /// `set` closed under `Canonicalize` with `i` (the set a class matches), unchanged without `i`.
    func closed(_ set: CodePointSet) -> CodePointSet {
        flags.ignoreCase ? UnicodeTables.caseClosure(of: set, unicode: flags.isUnicodeAware) : set
    }

    /// The characters a class matches, as emitted: its lowered set closed under `Canonicalize`, or, where
    /// `\p{ASCII}` or a one-character `\q{}` under `v` and `i` makes the browsers read it otherwise,
    /// ``CaseInsensitiveSetReadings``'s set (then without property bases).
    func matchedCharacters(_ set: ClassSet, _ lowered: Lowered) -> (characters: CodePointSet, bases: [PropertyBase]) {
        if let characters = CaseInsensitiveSetReadings.characters(of: set, flags: flags) {
            return (CodePointSet(normalized: characters), [])
        }
        return (closed(lowered.characters), lowered.bases)
    }

    /// Under `v` and `i`: every operand is closed (the spec's `MaybeSimpleCaseFolding`, see ``Lowered``).
    private var closesOperands: Bool { flags.unicodeSets && flags.ignoreCase }

    private func operand(_ set: CodePointSet) -> CodePointSet {
        closesOperands ? closed(set) : set
    }

    func lower(_ set: ClassSet) -> Lowered {
        switch set {
        case .character(let value):
            return Lowered(characters: operand(CodePointSet([value...value])), strings: [])
        case .range(let low, let high):
            return Lowered(characters: operand(CodePointSet([low...high])), strings: [])
        case .builtin(let kind, let negated):
            let base = operand(CodePointSet(kind.ranges(flags: flags)))
            return Lowered(characters: negated ? base.complement(maximum: maximum) : base, strings: [])
        case .property(let property, let negated):
            // The tables' data, never PCRE2's: `\p{…}` becomes explicit ranges. `\P{X}` is the complement
            // before case closure in `u` mode, and of the closed set under `v` and `i` (`CharacterComplement`).
            let members = UnicodeTables.codePoints(of: property)
            let base = PropertyBase(property: property, negated: negated)
            let characters = closesOperands
                ? (negated ? closed(members).complement(maximum: maximum) : closed(members))
                : closed(negated ? members.complement(maximum: maximum) : members)
            return Lowered(
                characters: characters, strings: [],
                bases: PCRE2PropertyBase.spelling(of: property, negated: negated) == nil ? [] : [base])
        case .strings(let strings):
            var characters = CodePointSet()
            var multiple: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            for written in strings {
                let string = closesOperands ? written.map { UnicodeTables.simpleCaseFolding($0) } : written
                if string.count == 1 {
                    characters.insert(string[0]...string[0])
                } else if seen.insert(string).inserted {
                    multiple.append(string)
                }
            }
            return Lowered(characters: closed(characters), strings: multiple)
        case .stringProperty(let property):
            // The shared table's strings (one array for the whole process, not copied here).
            return Lowered(characters: closed(property.table.singles), strings: property.table.strings)
        case .union(let members):
            var characters = CodePointSet()
            var strings: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            var bases: [PropertyBase] = []
            // Small members (single characters, short ranges) are inserted into one small set first, so a
            // large property is merged once rather than once per member.
            var small = CodePointSet()
            var stringMembers = 0
            for member in members {
                let lowered = lower(member)
                if !lowered.strings.isEmpty {
                    // One member with strings keeps its array as it is (a property's shared one); only a
                    // second one needs the merge.
                    stringMembers += 1
                    if stringMembers == 1 {
                        strings = lowered.strings
                    } else {
                        if stringMembers == 2 { seen = Set(strings) }
                        for string in lowered.strings where seen.insert(string).inserted { strings.append(string) }
                    }
                }
                if lowered.characters.ranges.count <= 4 {
                    for range in lowered.characters.ranges { small.insert(range) }
                } else {
                    characters.formUnion(lowered.characters)
                }
                bases += lowered.bases
            }
            characters.formUnion(small)
            return Lowered(characters: closed(characters), strings: strings, bases: bases)
        case .complement(let inner):
            // Parser guarantee: a complemented class never contains strings. The complement of a closed set
            // is closed.
            let lowered = lower(inner)
            var bases: [PropertyBase] = []
            if lowered.bases.count == 1, var base = lowered.bases.first {
                base.negated.toggle()
                bases = [base]
            }
            return Lowered(characters: closed(lowered.characters).complement(maximum: maximum), strings: [], bases: bases)
        case .intersection(let operands):
            let lowered = operands.map(lower)
            var strings = lowered.first?.strings ?? []
            for operand in lowered.dropFirst() where !strings.isEmpty {
                // By a hash set: an array search made 150 nested `[\p{RGI_Emoji}--…]` quadratic in its strings.
                let kept = Set(operand.strings)
                strings = strings.filter { kept.contains($0) }
            }
            var result = lowered.first?.characters ?? CodePointSet()
            for operand in lowered.dropFirst() { result = result.intersection(operand.characters, maximum: maximum) }
            return Lowered(characters: result, strings: strings, bases: lowered.first?.bases ?? [])
        case .subtraction(let operands):
            let lowered = operands.map(lower)
            var strings = lowered.first?.strings ?? []
            for operand in lowered.dropFirst() where !strings.isEmpty && !operand.strings.isEmpty {
                let removed = Set(operand.strings)
                strings = strings.filter { !removed.contains($0) }
            }
            var result = lowered.first?.characters ?? CodePointSet()
            for operand in lowered.dropFirst() { result = result.subtracting(operand.characters, maximum: maximum) }
            return Lowered(characters: result, strings: strings, bases: lowered.first?.bases ?? [])
        }
    }

    mutating func emitClass(_ set: ClassSet) {
        if let text = emittedClasses[set] {
            output += text
            return
        }
        let start = output.utf8.count
        emitClassOnce(set)
        let utf8 = output.utf8
        emittedClasses[set] = String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)...]))
    }

    private mutating func emitClassOnce(_ set: ClassSet) {
        var lowered = lower(set)
        (lowered.characters, lowered.bases) = matchedCharacters(set, lowered)
        guard !lowered.strings.isEmpty else {
            emitCharacters(lowered.characters, bases: lowered.bases)
            return
        }
        // v-mode strings: longest first, then the single characters, then the empty string. Strings of
        // equal length never both match at one position, so their order among themselves is free.
        let ordered = lowered.strings.sorted { $0.count > $1.count }
        output += "(?:"
        let multiple = ordered.filter { !$0.isEmpty }
        if multiple.count > 16, multiple.allSatisfy({ $0.allSatisfy(isCaseExclusive) }) {
            // As a trie (a property of strings has thousands): the strings that can match at one position
            // all lie on one path, where the longer branch is tried before a string ending there, so this
            // is still longest first, and PCRE2 compiles it in a fraction of the time.
            emitTrie(multiple)
        } else {
            for (index, string) in multiple.enumerated() {
                if index > 0 { output += "|" }
                for value in string { emitLiteral(value) }
            }
        }
        output += "|"
        emitCharacters(lowered.characters, bases: lowered.bases)
        if ordered.contains(where: \.isEmpty) { output += "|" }
        output += ")"
    }

    /// Whether different first characters of trie branches stay mutually exclusive for `value`: always
    /// without `i`; with `i` only for a character without case partners.
    private func isCaseExclusive(_ value: UInt32) -> Bool {
        guard flags.ignoreCase else { return true }
        let partners = flags.isUnicodeAware
            ? UnicodeTables.simpleCaseFoldingClass(of: value) : UnicodeTables.canonicalizeWithoutUnicodeClass(of: value)
        return partners.count == 1 && pcre2FoldsLikeECMAScript(value)
    }

    /// Whether PCRE2's caseless matching of the literal `value` gives ECMAScript's class (measured).
    func pcre2FoldsLikeECMAScript(_ value: UInt32) -> Bool {
        trustsPCRE2Data && !CaseFoldPatches.patched(unicode: flags.isUnicodeAware).contains(value)
    }

    /// Emits non-empty `strings` as a prefix tree: at each node the branches to longer strings come
    /// before the end of a string there.
    private mutating func emitTrie(_ strings: [[UInt32]]) {
        var children: [[UInt32: Int]] = [.init()]
        var terminal: [Bool] = [false]
        for string in strings {
            var node = 0
            for value in string {
                if let next = children[node][value] {
                    node = next
                } else {
                    children.append(.init())
                    terminal.append(false)
                    children[node][value] = children.count - 1
                    node = children.count - 1
                }
            }
            terminal[node] = true
        }
        // Rendered bottom-up; branches whose subtrees render alike share one bracket of first characters
        // (the skin-tone and flag branches), which keeps the alternation small.
        func render(_ node: Int, _ emitter: inout PCRE2Emitter) -> String {
            var groups: [(keys: [UInt32], suffix: String)] = []
            for branch in children[node].sorted(by: { $0.key < $1.key }) {
                let suffix = render(branch.value, &emitter)
                if let index = groups.firstIndex(where: { $0.suffix == suffix }) {
                    groups[index].keys.append(branch.key)
                } else {
                    groups.append(([branch.key], suffix))
                }
            }
            var alternatives: [String] = []
            for group in groups {
                let saved = emitter.output
                emitter.output = ""
                if group.keys.count == 1 {
                    emitter.emitLiteral(group.keys[0])
                } else {
                    emitter.emitClassBracket(CodePointSet(group.keys.map { $0...$0 }))
                }
                alternatives.append(emitter.output + group.suffix)
                emitter.output = saved
            }
            if terminal[node] && node != 0 { alternatives.append("") }
            if alternatives.count == 1 { return alternatives[0] }
            return "(?:" + alternatives.joined(separator: "|") + ")"
        }
        output += render(0, &self)
    }

    private func cleaned(_ set: CodePointSet) -> CodePointSet {
        guard targetIsUTF, set.overlaps(0xD800...0xDFFF) else { return set }
        // The UTF-8 library rejects surrogate code points, and a Swift String never holds one.
        return set.subtracting(CodePointSet([0xD800...0xDFFF]), maximum: maximum)
    }

    /// Emits a set of single characters (already closed under `i`) as one atom; under `i` it is wrapped
    /// in `(?-i:…)` so that PCRE2 does not fold it again.
    private mutating func emitCharacters(_ set: CodePointSet, bases: [PropertyBase]) {
        if flags.ignoreCase { output += "(?-i:" }
        emitBareCharacters(set, bases: bases)
        if flags.ignoreCase { output += ")" }
    }

    /// A single-character atom for `set` with no case wrapper: `(?!)`, one character, a bracket, or, when
    /// shorter, PCRE2 built-in properties corrected to the exact set: `[\p{…}extra]`, behind
    /// `(?![excess])` when PCRE2's data has code points the tables do not.
    mutating func emitBareCharacters(_ rawSet: CodePointSet, bases: [PropertyBase] = []) {
        let set = cleaned(rawSet)
        if set.isEmpty {
            output += "(?!)"
            return
        }
        if set.ranges.count == 1, set.ranges[0].count == 1, !flags.ignoreCase {
            appendCharacter(set.ranges[0].lowerBound, inClass: false)
            return
        }
        if trustsPCRE2Data, bases.count <= 8, set.ranges.count > 16, let corrected = correctedBases(set, bases) {
            if !corrected.excess.isEmpty {
                output += "(?:(?!"
                emitClassBracket(corrected.excess)
                output += ")"
            }
            // PCRE2's JIT compiles a class that mixes properties with many ranges slowly (about 250 µs for
            // \p{L}\p{N} and 80 ranges, 25 µs as two classes), so code points above U+00FF go in a second class.
            let low = corrected.extra.intersection(CodePointSet(normalized: [0...0xFF]), maximum: maximum)
            let high = corrected.extra.subtracting(low, maximum: maximum)
            if !high.isEmpty { output += "(?:" }
            emitClassBracket(low, properties: corrected.spellings)
            if !high.isEmpty {
                output += "|"
                emitClassBracket(high)
                output += ")"
            }
            if !corrected.excess.isEmpty { output += ")" }
            return
        }
        emitClassBracket(set)
    }

    /// PCRE2 spellings of `bases` with the ranges they lack (`extra`) and have too many (`excess`) for
    /// `set`, when that is shorter than `set`'s own ranges.
    private func correctedBases(
        _ set: CodePointSet, _ bases: [PropertyBase]
    ) -> (spellings: [String], extra: CodePointSet, excess: CodePointSet)? {
        var spellings: [String] = []
        var covered = CodePointSet()
        for base in bases {
            guard let spelling = PCRE2PropertyBase.spelling(of: base.property, negated: base.negated),
                let builtIn = PCRE2PropertyBase.builtInSet(of: base.property)
            else { return nil }
            if spellings.contains(spelling) { continue }
            spellings.append(spelling)
            covered.formUnion(base.negated ? cleaned(builtIn.complement(maximum: maximum)) : builtIn)
        }
        guard !spellings.isEmpty else { return nil }
        let extra = set.subtracting(covered, maximum: maximum)
        let excess = covered.subtracting(set, maximum: maximum)
        guard extra.ranges.count + excess.ranges.count + spellings.count < set.ranges.count else { return nil }
        return (spellings, extra, excess)
    }

    /// `[…]`; properties come first, since PCRE2 tests a class's items in order (a letter then meets
    /// `\p{L}` before the correcting ranges).
    mutating func emitClassBracket(_ set: CodePointSet, properties: [String] = []) {
        output += "["
        for property in properties { output += property }
        for range in set.ranges {
            appendCharacter(range.lowerBound, inClass: true)
            if range.upperBound > range.lowerBound {
                if range.upperBound > range.lowerBound + 1 { output += "-" }
                appendCharacter(range.upperBound, inClass: true)
            }
        }
        output += "]"
    }
}
#endif
