#if PCRE2_BACKEND
/// Emits canonical PCRE2 source for a parsed pattern, spelling out each construct where ECMAScript and
/// PCRE2 differ (the rows of the difference catalogue, `Tools/regex-corpus/catalogue.js`).
///
/// The output is ASCII only: ASCII letters and digits stand for themselves, every other literal is
/// `\x{…}`, every class is built explicitly from ranges (no `\d \s \w \v \h` or POSIX classes), names are
/// dropped in favour of numbers, and `m`/`s` are decided here, so the fixed compile options of
/// ``PCRE2Program`` never change a meaning.
struct PCRE2Emitter {
    /// The PCRE2 library and mode the output is compiled for.
    enum Target: Sendable, Equatable {
        /// `u`/`v` patterns: 8-bit library, UTF mode, code points.
        case utf8CodePoints
        /// Patterns without `u`/`v`: 16-bit library, non-UTF, UTF-16 code units.
        case utf16CodeUnits
        /// Patterns without `u`/`v`, for subjects with no astral character: 8-bit UTF mode, where each
        /// code point is then exactly one code unit, so the answers equal the 16-bit program's.
        case utf8BasicPlane
    }

    /// The flags at the node being emitted (the pattern's, with the `m` and `s` of enclosing modifier groups).
    private var flags: RegexFlags
    private let maximum: UInt32
    private let targetIsUTF: Bool
    /// Whether PCRE2's Unicode data may be used where `Tools/regex-tables` measured it to agree with the
    /// tables (`PCRE2Library.matchesMeasurement`); if not, no literal is folded by PCRE2 and no `\p` is used.
    private let trustsPCRE2Data: Bool
    private var output = ""
    /// Class atoms already emitted, by their syntax (a pattern at the length cap may repeat one thousands
    /// of times; its case closure is computed once).
    private var emittedClasses: [ClassSet: String] = .init()

    /// The longest PCRE2 source the emitter produces, in bytes. PCRE2 10.42 compiles large classes at
    /// roughly 0.2 µs per byte of source (a `\S` under `iu` is a 200-byte class): beyond this the pattern
    /// would cost more than 15 ms to compile (and more to JIT-compile), so emission stops with `limit`
    /// and the selection runs the pattern on the portable matcher.
    static let maximumLength = 1 << 16
    /// Capturing groups by number, collected only for `u`/`v` patterns with `i` (see `emitBackreference`).
    private var captures: [Int: RegexNode] = .init()

    private init(flags: RegexFlags, target: Target, trustsPCRE2Data: Bool) {
        self.flags = flags
        self.trustsPCRE2Data = trustsPCRE2Data
        self.maximum = flags.isUnicodeAware ? 0x10FFFF : 0xFFFF
        self.targetIsUTF = target != .utf16CodeUnits
    }

    /// The PCRE2 pattern for `parsed`; `whole` wraps it as `\A(?:…)\z` on the tree.
    ///
    /// - Parameter trustingPCRE2Data: whether the linked library is the one the tables were measured
    ///   against (tests pass `false` to check the fallback that trusts none of its Unicode data).
    static func emit(
        _ parsed: ParsedPattern, whole: Bool, target: Target? = nil,
        trustingPCRE2Data: Bool = PCRE2Library.matchesMeasurement
    ) throws(ECMARegexError) -> String {
        let target = target ?? (parsed.flags.isUnicodeAware ? .utf8CodePoints : .utf16CodeUnits)
        var emitter = PCRE2Emitter(flags: parsed.flags, target: target, trustsPCRE2Data: trustingPCRE2Data)
        let root: RegexNode = whole ? .sequence([.inputStart, .group(parsed.root), .inputEnd]) : parsed.root
        if parsed.flags.ignoreCase && parsed.flags.isUnicodeAware { emitter.collectCaptures(root) }
        try emitter.emitBody(root)
        return emitter.output
    }

    // MARK: - Nodes

    /// Emits `node`; an alternation is emitted bare (the caller provides the group).
    private mutating func emitBody(_ node: RegexNode) throws(ECMARegexError) {
        if case .alternation(let nodes) = node {
            for (index, alternative) in nodes.enumerated() {
                if index > 0 { output += "|" }
                try emit(alternative)
            }
        } else {
            try emit(node)
        }
    }

    private mutating func emit(_ node: RegexNode) throws(ECMARegexError) {
        guard output.utf8.count <= Self.maximumLength else {
            throw .limit("the PCRE2 translation is longer than \(Self.maximumLength) bytes")
        }
        switch node {
        case .empty:
            break
        case .character(let value):
            emitLiteral(value)
        case .dot:
            if flags.dotAll {
                output += anyCharacter
            } else {
                output += "[^\\n\\r\\x{2028}\\x{2029}]"
            }
        case .lineStart:
            output += flags.multiline ? "(?<![^\\n\\r\\x{2028}\\x{2029}])" : "\\A"
        case .lineEnd:
            output += flags.multiline ? "(?![^\\n\\r\\x{2028}\\x{2029}])" : "\\z"
        case .inputStart:
            output += "\\A"
        case .inputEnd:
            output += "\\z"
        case .wordBoundary(let negated):
            emitWordBoundary(negated: negated)
        case .characterClass(let set):
            emitClass(set)
        case .sequence(let nodes):
            for node in nodes {
                if case .alternation = node {
                    output += "(?:"
                    try emitBody(node)
                    output += ")"
                } else {
                    try emit(node)
                }
            }
        case .alternation:
            output += "(?:"
            try emitBody(node)
            output += ")"
        case .group(let inner):
            output += "(?:"
            try emitBody(inner)
            output += ")"
        case .capture(_, _, let inner):
            output += "("
            try emitBody(inner)
            output += ")"
        case .lookahead(let inner, let negative):
            output += negative ? "(?!" : "(?="
            try emitBody(inner)
            output += ")"
        case .lookbehind(let inner, let negative):
            guard let branches = LookbehindExpander.alternatives(of: inner, unicode: flags.isUnicodeAware) else {
                throw .unsupported("variable-length lookbehind that cannot be expanded", at: nil)
            }
            output += negative ? "(?<!" : "(?<="
            for (index, branch) in branches.enumerated() {
                if index > 0 { output += "|" }
                try emit(branch)
            }
            output += ")"
        case .quantified(let inner, let min, let max, let greedy):
            try emitQuantified(inner, min: min, max: max, greedy: greedy)
        case .backreference(let number):
            try emitBackreference(number)
        case .modified(let inner, let modifiers):
            guard modifiers.ignoreCase == flags.ignoreCase else {
                // PCRE2's caseless matching is a compile option the emitter's case corrections (literals,
                // classes, back-references, word boundaries, the astral analysis) assume pattern-wide.
                throw .unsupported("a pattern modifier that changes 'i' (the portable matcher answers)", at: nil)
            }
            let saved = flags
            flags = flags.applying(modifiers)
            output += "(?:"
            try emitBody(inner)
            output += ")"
            flags = saved
        }
    }

    // MARK: - Back-references under i

    /// PCRE2 compares a back-reference caselessly with its own (Unicode 14) folding, which differs from
    /// ECMAScript's on `CaseFoldPatches.patched`. That decides only when the captured text can hold such a
    /// code point (for any other captured code point both foldings give the same class), so refuse exactly
    /// then and let the portable matcher answer.
    private mutating func emitBackreference(_ number: Int) throws(ECMARegexError) {
        if flags.ignoreCase, flags.isUnicodeAware, let group = captures[number] {
            var visiting: Set<Int> = [number]
            let possible = possibleCharacters(group, visiting: &visiting)
            let untrusted = trustsPCRE2Data ? CaseFoldPatches.patched(unicode: true) : CodePointSet([0...maximum])
            if !possible.intersection(untrusted, maximum: maximum).isEmpty {
                throw .unsupported(
                    "back-reference under 'i' to a group that can capture a character whose case folding "
                        + "changed after Unicode 14 (PCRE2 10.42 compares with Unicode 14 data)",
                    at: nil)
            }
        }
        output += "\\g{\(number)}"
    }

    private mutating func collectCaptures(_ node: RegexNode) {
        switch node {
        case .capture(let index, _, let inner):
            captures[index] = inner
            collectCaptures(inner)
        case .sequence(let nodes), .alternation(let nodes):
            for node in nodes { collectCaptures(node) }
        case .group(let inner), .lookahead(let inner, _), .lookbehind(let inner, _), .quantified(let inner, _, _, _),
            .modified(let inner, _):
            collectCaptures(inner)
        case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .characterClass,
            .backreference:
            break
        }
    }

    /// A superset of the code points a match of `node` can consume (lookarounds consume nothing).
    private func possibleCharacters(_ node: RegexNode, visiting: inout Set<Int>) -> CodePointSet {
        switch node {
        case .empty, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .lookahead, .lookbehind:
            return CodePointSet()
        case .character(let value):
            return closed(CodePointSet([value...value]))
        case .dot:
            return CodePointSet([0...maximum])
        case .characterClass(let set):
            let lowered = lower(set)
            var result = matchedCharacters(set, lowered).characters
            for string in lowered.strings {
                for value in string { result.formUnion(closed(CodePointSet([value...value]))) }
            }
            return result
        case .sequence(let nodes), .alternation(let nodes):
            var result = CodePointSet()
            for node in nodes { result.formUnion(possibleCharacters(node, visiting: &visiting)) }
            return result
        case .group(let inner), .capture(_, _, let inner), .quantified(let inner, _, _, _), .modified(let inner, _):
            return possibleCharacters(inner, visiting: &visiting)
        case .backreference(let number):
            guard let group = captures[number], visiting.insert(number).inserted else { return CodePointSet() }
            return possibleCharacters(group, visiting: &visiting)
        }
    }

    /// PCRE2 rejects counts above 65535; JavaScript strings cannot exceed 2^30 units, so larger maxima
    /// are unbounded in effect, and larger minima are split into nested repeats.
    private mutating func emitQuantified(
        _ inner: RegexNode, min: Int, max: Int?, greedy: Bool
    ) throws(ECMARegexError) {
        let chunk = 65_535
        let effectiveMax = max.flatMap { $0 >= 1 << 30 ? nil : $0 }
        let lazy = greedy ? "" : "?"
        if min <= chunk, (effectiveMax ?? 0) <= chunk {
            if flags.ignoreCase, case .characterClass(let set) = inner {
                let lowered = lower(set)
                if lowered.strings.isEmpty {
                    // The quantifier goes inside `(?-i:…)`: PCRE2 repeats a bracket with one opcode but copies
                    // a repeated group once per count (a large class in `{3,30}` would exceed its size limit).
                    output += "(?-i:"
                    let matched = matchedCharacters(set, lowered)
                    emitBareCharacters(matched.characters, bases: matched.bases)
                    output += quantifierText(min: min, max: effectiveMax) + lazy + ")"
                    return
                }
            }
            try emitAtom(inner)
            output += quantifierText(min: min, max: effectiveMax) + lazy
            return
        }
        guard min / chunk <= chunk, (effectiveMax.map { ($0 - min) / chunk } ?? 0) <= chunk else {
            throw .limit("quantifier count \(max ?? min) is too large to compile")
        }
        output += "(?:"
        if min > 0 {
            if min >= chunk {
                output += "(?:"
                try emitAtom(inner)
                output += "{\(chunk)}){\(min / chunk)}"
            }
            if min % chunk > 0 {
                try emitAtom(inner)
                output += "{\(min % chunk)}"
            }
        }
        if let effectiveMax {
            let extra = effectiveMax - min
            if extra >= chunk {
                output += "(?:"
                try emitAtom(inner)
                output += "{0,\(chunk)}\(lazy)){0,\(extra / chunk)}\(lazy)"
            }
            if extra % chunk > 0 {
                try emitAtom(inner)
                output += "{0,\(extra % chunk)}\(lazy)"
            }
        } else {
            try emitAtom(inner)
            output += "*\(lazy)"
        }
        output += ")"
    }

    private func quantifierText(min: Int, max: Int?) -> String {
        switch (min, max) {
        case (0, nil): return "*"
        case (1, nil): return "+"
        case (0, 1): return "?"
        case (_, nil): return "{\(min),}"
        case (_, let max?) where max == min: return "{\(min)}"
        case (_, let max?): return "{\(min),\(max)}"
        }
    }

    /// Emits `node` as one PCRE2 atom that a quantifier can follow.
    private mutating func emitAtom(_ node: RegexNode) throws(ECMARegexError) {
        switch node {
        case .character, .dot, .capture, .group, .modified:
            try emit(node)
        case .backreference:
            // PCRE2 10.42's JIT fails `\g{1}+` (and `{n}`) on an unset group; a group around it is right.
            output += "(?:"
            try emit(node)
            output += ")"
        case .characterClass:
            // Class emission is always a single atom (a bracket, an escape or a group).
            try emit(node)
        default:
            output += "(?:"
            try emitBody(node)
            output += ")"
        }
    }

    // MARK: - Literals

    private var anyCharacter: String {
        // Any character: a code point in UTF mode (the 8-bit basic-plane program never sees an astral
        // subject, so there it is also any code unit), a code unit otherwise. Not a bracket such as
        // `[\x{0}-\x{FFFF}]`: under CASELESS, PCRE2 10.42 spends up to milliseconds adding the other cases
        // of every member of a large range (200 `.` under `is` took 110 ms, under `isu` 1.7 s).
        "(?s:.)"
    }

    private mutating func emitLiteral(_ value: UInt32) {
        if targetIsUTF, (0xD800...0xDFFF).contains(value) {
            // A lone surrogate can never occur in a Swift String's scalars.
            output += "(?!)"
            return
        }
        if flags.ignoreCase, !pcre2FoldsLikeECMAScript(value) {
            // PCRE2's Unicode 14 folding differs from ECMAScript's here: spell out the class.
            output += "(?-i:"
            emitClassBracket(
                CodePointSet(CaseFoldPatches.equivalents(of: value, unicode: flags.isUnicodeAware).map { $0...$0 }))
            output += ")"
            return
        }
        appendCharacter(value, inClass: false)
    }

    private mutating func appendCharacter(_ value: UInt32, inClass: Bool) {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
            output.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
        default:
            // `\x{…}` with upper-case hex digits, written byte by byte (large classes have hundreds).
            var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0x5C, 0x78, 0x7B, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 3
            var shift: UInt32 = 28
            while shift > 0, (value >> shift) & 0xF == 0 { shift -= 4 }
            withUnsafeMutableBytes(of: &bytes) { buffer in
                while true {
                    let digit = UInt8((value >> shift) & 0xF)
                    buffer[count] = digit < 10 ? 0x30 + digit : 0x37 + digit
                    count += 1
                    if shift == 0 { break }
                    shift -= 4
                }
                buffer[count] = 0x7D
                count += 1
                output += String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
            }
        }
    }

    // MARK: - Word boundaries

    private mutating func emitWordBoundary(negated: Bool) {
        if flags.isUnicodeAware && !flags.ignoreCase {
            // Without UCP the 8-bit library's \b is exactly ASCII [A-Za-z0-9_], as in JavaScript.
            output += negated ? "\\B" : "\\b"
            return
        }
        var word = "[0-9A-Z_a-z"
        if flags.isUnicodeAware && flags.ignoreCase { word += "\\x{17F}\\x{212A}" }
        word += "]"
        if flags.ignoreCase { word = "(?-i:" + word + ")" }
        if negated {
            output += "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
        } else {
            output += "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
        }
    }

    // MARK: - Classes

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
    private struct Lowered {
        var characters: CodePointSet
        /// Strings whose length is not one, deduplicated.
        var strings: [[UInt32]]
        /// PCRE2 built-in properties whose union is probably close to `characters` (a hint for a compact
        /// emission; the emitted class is exact whatever the hint).
        var bases: [PropertyBase] = []
    }

    /// `\p{…}` (or `\P{…}`) of a property PCRE2 10.42 knows.
    private struct PropertyBase {
        var property: UnicodeProperty
        var negated: Bool
    }

    private func builtinSet(_ kind: BuiltinClass) -> CodePointSet {
        switch kind {
        case .digit:
            return CodePointSet([0x30...0x39])
        case .space:
            return CodePointSet(BuiltinClass.spaceRanges)
        case .word:
            var set = CodePointSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
            if flags.isUnicodeAware && flags.ignoreCase {
                set.insert(0x17F...0x17F)
                set.insert(0x212A...0x212A)
            }
            return set
        }
    }

    /// `set` closed under `Canonicalize` with `i` (the set a class matches), unchanged without `i`.
    private func closed(_ set: CodePointSet) -> CodePointSet {
        flags.ignoreCase ? UnicodeTables.caseClosure(of: set, unicode: flags.isUnicodeAware) : set
    }

    /// The characters a class matches, as emitted: its lowered set closed under `Canonicalize`, or, where
    /// `\p{ASCII}` or a one-character `\q{}` under `v` and `i` makes the browsers read it otherwise,
    /// ``CaseInsensitiveSetReadings``'s set (then without property bases).
    private func matchedCharacters(_ set: ClassSet, _ lowered: Lowered) -> (characters: CodePointSet, bases: [PropertyBase]) {
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

    private func lower(_ set: ClassSet) -> Lowered {
        switch set {
        case .character(let value):
            return Lowered(characters: operand(CodePointSet([value...value])), strings: [])
        case .range(let low, let high):
            return Lowered(characters: operand(CodePointSet([low...high])), strings: [])
        case .builtin(let kind, let negated):
            let base = operand(builtinSet(kind))
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

    private mutating func emitClass(_ set: ClassSet) {
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
    private func pcre2FoldsLikeECMAScript(_ value: UInt32) -> Bool {
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
    private mutating func emitBareCharacters(_ rawSet: CodePointSet, bases: [PropertyBase] = []) {
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
    private mutating func emitClassBracket(_ set: CodePointSet, properties: [String] = []) {
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
