/// Emits canonical PCRE2 source for a parsed pattern (catalogue §2, §8).
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

    private let flags: RegexFlags
    private let maximum: UInt32
    private let targetIsUTF: Bool
    private var output = ""
    /// Capturing groups by number, collected only for `u`/`v` patterns with `i` (see `emitBackreference`).
    private var captures: [Int: RegexNode] = [:]

    private init(flags: RegexFlags, target: Target) {
        self.flags = flags
        self.maximum = flags.isUnicodeAware ? 0x10FFFF : 0xFFFF
        self.targetIsUTF = target != .utf16CodeUnits
    }

    /// The PCRE2 pattern for `parsed`; `whole` wraps it as `\A(?:…)\z` on the tree.
    static func emit(_ parsed: ParsedPattern, whole: Bool, target: Target? = nil) throws(ECMARegexError) -> String {
        let target = target ?? (parsed.flags.isUnicodeAware ? .utf8CodePoints : .utf16CodeUnits)
        var emitter = PCRE2Emitter(flags: parsed.flags, target: target)
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
            if !possible.intersection(CaseFoldPatches.patched(unicode: true), maximum: maximum).isEmpty {
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
        case .group(let inner), .lookahead(let inner, _), .lookbehind(let inner, _), .quantified(let inner, _, _, _):
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
            var result = closed(lowered.characters)
            for string in lowered.strings {
                for value in string { result.formUnion(closed(CodePointSet([value...value]))) }
            }
            return result
        case .sequence(let nodes), .alternation(let nodes):
            var result = CodePointSet()
            for node in nodes { result.formUnion(possibleCharacters(node, visiting: &visiting)) }
            return result
        case .group(let inner), .capture(_, _, let inner), .quantified(let inner, _, _, _):
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
                    emitBareCharacters(closed(lowered.characters))
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
        case .character, .dot, .capture, .group:
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
        if flags.isUnicodeAware { return "[\\x{0}-\\x{10FFFF}]" }
        return targetIsUTF ? "[\\x{0}-\\x{D7FF}\\x{E000}-\\x{FFFF}]" : "[\\x{0}-\\x{FFFF}]"
    }

    private mutating func emitLiteral(_ value: UInt32) {
        if targetIsUTF, (0xD800...0xDFFF).contains(value) {
            // A lone surrogate can never occur in a Swift String's scalars.
            output += "(?!)"
            return
        }
        if flags.ignoreCase, CaseFoldPatches.patched(unicode: flags.isUnicodeAware).contains(value) {
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
            output += "\\x{" + String(value, radix: 16, uppercase: true) + "}"
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
    /// Under `i` the sets are closed under ECMAScript's `Canonicalize` with the tables' Unicode data where
    /// V8 (node 20) closes them: `\p{…}`, a class body or nested class (`.union`), `\q{…}`, the operand
    /// of a complement, and the whole class. Operands of `--` and `&&` that are bare characters, `\w`,
    /// `\d`, `\s`, or `\p{ASCII}` (a plain range for V8) are combined before closing (node:
    /// /^[\p{Lu}--\p{ASCII}]$/vi matches "K" through U+212A, /^[\w--k]$/vi matches "K", while
    /// /^[[a-zK]--[k]]$/vi and /^[\p{Uppercase}--\p{Lowercase}]$/vi do not match "K" and "A"). Without set
    /// operations (u mode, no flag) this is the same as closing every member. The result is emitted
    /// case-sensitively, so PCRE2's own (Unicode 14) case folding never decides a class.
    private struct Lowered {
        var characters: CodePointSet
        /// Strings whose length is not one, deduplicated.
        var strings: [[UInt32]]
    }

    private func builtinSet(_ kind: BuiltinClass) -> CodePointSet {
        switch kind {
        case .digit:
            return CodePointSet([0x30...0x39])
        case .space:
            return CodePointSet([
                0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
                0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
            ])
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

    private func lower(_ set: ClassSet) -> Lowered {
        switch set {
        case .character(let value):
            return Lowered(characters: CodePointSet([value...value]), strings: [])
        case .range(let low, let high):
            return Lowered(characters: CodePointSet([low...high]), strings: [])
        case .builtin(let kind, let negated):
            let base = builtinSet(kind)
            return Lowered(characters: negated ? base.complement(maximum: maximum) : base, strings: [])
        case .property(let property, let negated):
            // The tables' data, never PCRE2's: `\p{…}` becomes explicit ranges. `\P{X}` is the complement
            // before case closure, as in `u` mode (the parser writes `v`-mode complements as `.complement`).
            let members = UnicodeTables.codePoints(of: property)
            return Lowered(characters: closed(negated ? members.complement(maximum: maximum) : members), strings: [])
        case .strings(let strings):
            var characters = CodePointSet()
            var multiple: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            for string in strings {
                if string.count == 1 {
                    characters.insert(string[0]...string[0])
                } else if seen.insert(string).inserted {
                    multiple.append(string)
                }
            }
            return Lowered(characters: closed(characters), strings: multiple)
        case .union(let members):
            var characters = CodePointSet()
            var strings: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            for member in members {
                let lowered = lower(member)
                for string in lowered.strings where seen.insert(string).inserted { strings.append(string) }
                characters.formUnion(lowered.characters)
            }
            return Lowered(characters: closed(characters), strings: strings)
        case .complement(let inner):
            // Parser guarantee: a complemented class never contains strings. The complement of a closed set
            // is closed.
            return Lowered(characters: closed(lower(inner).characters).complement(maximum: maximum), strings: [])
        case .intersection(let operands):
            let lowered = operands.map(lower)
            var strings = lowered.first?.strings ?? []
            for operand in lowered.dropFirst() { strings = strings.filter { operand.strings.contains($0) } }
            var result = lowered.first?.characters ?? CodePointSet()
            for operand in lowered.dropFirst() { result = result.intersection(operand.characters, maximum: maximum) }
            return Lowered(characters: result, strings: strings)
        case .subtraction(let operands):
            let lowered = operands.map(lower)
            var strings = lowered.first?.strings ?? []
            for operand in lowered.dropFirst() { strings = strings.filter { !operand.strings.contains($0) } }
            var result = lowered.first?.characters ?? CodePointSet()
            for operand in lowered.dropFirst() { result = result.subtracting(operand.characters, maximum: maximum) }
            return Lowered(characters: result, strings: strings)
        }
    }

    private mutating func emitClass(_ set: ClassSet) {
        var lowered = lower(set)
        lowered.characters = closed(lowered.characters)
        guard !lowered.strings.isEmpty else {
            emitCharacters(lowered.characters)
            return
        }
        // v-mode strings: longest first, then the single characters, then the empty string. Strings of
        // equal length never both match at one position, so their order among themselves is free.
        let ordered = lowered.strings.sorted { $0.count > $1.count }
        output += "(?:"
        var first = true
        for string in ordered where !string.isEmpty {
            if !first { output += "|" }
            first = false
            for value in string { emitLiteral(value) }
        }
        output += "|"
        emitCharacters(lowered.characters)
        if ordered.contains(where: \.isEmpty) { output += "|" }
        output += ")"
    }

    private func cleaned(_ set: CodePointSet) -> CodePointSet {
        guard targetIsUTF else { return set }
        // The UTF-8 library rejects surrogate code points, and a Swift String never holds one.
        return set.subtracting(CodePointSet([0xD800...0xDFFF]), maximum: maximum)
    }

    /// Emits a set of single characters (already closed under `i`) as one atom; under `i` it is wrapped
    /// in `(?-i:…)` so that PCRE2 does not fold it again.
    private mutating func emitCharacters(_ set: CodePointSet) {
        if flags.ignoreCase { output += "(?-i:" }
        emitBareCharacters(set)
        if flags.ignoreCase { output += ")" }
    }

    /// A single-character atom for `set` with no case wrapper: `(?!)`, one character or a bracket.
    private mutating func emitBareCharacters(_ rawSet: CodePointSet) {
        let set = cleaned(rawSet)
        if set.isEmpty {
            output += "(?!)"
        } else if set.ranges.count == 1, set.ranges[0].count == 1, !flags.ignoreCase {
            appendCharacter(set.ranges[0].lowerBound, inClass: false)
        } else {
            emitClassBracket(set)
        }
    }

    private mutating func emitClassBracket(_ set: CodePointSet) {
        output += "["
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
