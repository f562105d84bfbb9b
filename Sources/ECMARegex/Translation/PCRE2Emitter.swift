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
            output += "\\g{\(number)}"
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
        // Any code point. Not `[\x{0}-\x{10FFFF}]`: under CASELESS, PCRE2 10.42 spends milliseconds
        // adding the other cases of every code point in that class (200 `.` under `isu` took 1.7 s).
        if flags.isUnicodeAware { return "(?s:.)" }
        return targetIsUTF ? "[\\x{0}-\\x{D7FF}\\x{E000}-\\x{FFFF}]" : "[\\x{0}-\\x{FFFF}]"
    }

    private mutating func emitLiteral(_ value: UInt32) {
        if targetIsUTF, (0xD800...0xDFFF).contains(value) {
            // A lone surrogate can never occur in a Swift String's scalars.
            output += "(?!)"
            return
        }
        if flags.ignoreCase, !flags.isUnicodeAware, CaseFoldPatches.patched.contains(value) {
            output += "(?-i:"
            emitClassBracket(CodePointSet(CaseFoldPatches.equivalents(of: value).map { $0...$0 }), [], negated: false)
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

    /// One-character expressions after lowering a class: unions of ranges and properties where
    /// possible, lookaround compositions (catalogue §2.11) where not.
    private indirect enum CharacterExpression {
        case set(CodePointSet, [String])
        case negatedSet(CodePointSet, [String])
        case union([CharacterExpression])
        case intersection([CharacterExpression])
        case subtraction([CharacterExpression])
    }

    private struct Lowered {
        var characters: CharacterExpression
        /// Strings whose length is not one (v-mode `\q{}`), deduplicated.
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

    private func propertyText(_ property: UnicodeProperty, negated: Bool) -> String {
        let letter = negated ? "\\P" : "\\p"
        switch property.kind {
        case .generalCategory, .binary: return "\(letter){\(property.name)}"
        case .script: return "\(letter){sc:\(property.name)}"
        case .scriptExtensions: return "\(letter){scx:\(property.name)}"
        }
    }

    private func lower(_ set: ClassSet) -> Lowered {
        switch set {
        case .character(let value):
            return Lowered(characters: .set(CodePointSet([value...value]), []), strings: [])
        case .range(let low, let high):
            return Lowered(characters: .set(CodePointSet([low...high]), []), strings: [])
        case .builtin(let kind, let negated):
            // The builtin sets are closed under case folding, so their complement can be computed here.
            let base = builtinSet(kind)
            return Lowered(characters: .set(negated ? base.complement(maximum: maximum) : base, []), strings: [])
        case .property(let property, let negated):
            return Lowered(characters: .set(CodePointSet(), [propertyText(property, negated: negated)]), strings: [])
        case .strings(let strings):
            var characters = CodePointSet()
            var multiple: [[UInt32]] = []
            for string in strings {
                if string.count == 1 {
                    characters.insert(string[0]...string[0])
                } else if !multiple.contains(string) {
                    multiple.append(string)
                }
            }
            return Lowered(characters: .set(characters, []), strings: multiple)
        case .union(let members):
            var ranges = CodePointSet()
            var properties: [String] = []
            var others: [CharacterExpression] = []
            var strings: [[UInt32]] = []
            for member in members {
                let lowered = lower(member)
                for string in lowered.strings where !strings.contains(string) { strings.append(string) }
                switch lowered.characters {
                case .set(let set, let props):
                    ranges.formUnion(set)
                    properties += props
                case .negatedSet(let set, let props) where props.isEmpty && !flags.ignoreCase:
                    ranges.formUnion(set.complement(maximum: maximum))
                default:
                    others.append(lowered.characters)
                }
            }
            let merged = CharacterExpression.set(ranges, properties)
            if others.isEmpty { return Lowered(characters: merged, strings: strings) }
            if ranges.isEmpty && properties.isEmpty && others.count == 1 {
                return Lowered(characters: others[0], strings: strings)
            }
            return Lowered(characters: .union([merged] + others), strings: strings)
        case .complement(let inner):
            // Parser guarantee: a complemented class never contains strings.
            let lowered = lower(inner)
            switch lowered.characters {
            case .set(let set, let props):
                if props.isEmpty && !flags.ignoreCase {
                    return Lowered(characters: .set(set.complement(maximum: maximum), []), strings: [])
                }
                return Lowered(characters: .negatedSet(set, props), strings: [])
            case .negatedSet(let set, let props):
                return Lowered(characters: .set(set, props), strings: [])
            default:
                return Lowered(
                    characters: .subtraction([.set(CodePointSet([0...maximum]), []), lowered.characters]), strings: [])
            }
        case .intersection(let operands):
            let lowered = operands.map(lower)
            var strings = lowered.first?.strings ?? []
            for operand in lowered.dropFirst() { strings = strings.filter { operand.strings.contains($0) } }
            if !flags.ignoreCase, let sets = plainSets(lowered.map(\.characters)) {
                var result = sets[0]
                for set in sets.dropFirst() { result = result.intersection(set, maximum: maximum) }
                return Lowered(characters: .set(result, []), strings: strings)
            }
            return Lowered(characters: .intersection(lowered.map(\.characters)), strings: strings)
        case .subtraction(let operands):
            let lowered = operands.map(lower)
            var strings = lowered.first?.strings ?? []
            for operand in lowered.dropFirst() { strings = strings.filter { !operand.strings.contains($0) } }
            if !flags.ignoreCase, let sets = plainSets(lowered.map(\.characters)) {
                var result = sets[0]
                for set in sets.dropFirst() { result = result.subtracting(set, maximum: maximum) }
                return Lowered(characters: .set(result, []), strings: strings)
            }
            return Lowered(characters: .subtraction(lowered.map(\.characters)), strings: strings)
        }
    }

    /// The range sets when every expression is a property-free union of ranges.
    private func plainSets(_ expressions: [CharacterExpression]) -> [CodePointSet]? {
        var sets: [CodePointSet] = []
        for expression in expressions {
            guard case .set(let set, let props) = expression, props.isEmpty else { return nil }
            sets.append(set)
        }
        return sets.isEmpty ? nil : sets
    }

    private mutating func emitClass(_ set: ClassSet) {
        let lowered = lower(set)
        guard !lowered.strings.isEmpty else {
            emitCharacters(lowered.characters)
            return
        }
        // v-mode strings: longest first, then the single characters, then the empty string.
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

    private mutating func emitCharacters(_ expression: CharacterExpression) {
        switch expression {
        case .set(let set, let props):
            emitPositiveSet(set, props)
        case .negatedSet(let set, let props):
            emitNegatedSet(set, props)
        case .union(let members):
            output += "(?:"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "|" }
                emitCharacters(member)
            }
            output += ")"
        case .intersection(let members):
            output += "(?:"
            for member in members.dropLast() {
                output += "(?="
                emitCharacters(member)
                output += ")"
            }
            if let last = members.last { emitCharacters(last) }
            output += ")"
        case .subtraction(let members):
            output += "(?:"
            for member in members.dropFirst() {
                output += "(?!"
                emitCharacters(member)
                output += ")"
            }
            if let first = members.first { emitCharacters(first) }
            output += ")"
        }
    }

    private func cleaned(_ set: CodePointSet) -> CodePointSet {
        guard targetIsUTF else { return set }
        // The UTF-8 library rejects surrogate code points, and a Swift String never holds one.
        return set.subtracting(CodePointSet([0xD800...0xDFFF]), maximum: maximum)
    }

    private mutating func emitPositiveSet(_ rawSet: CodePointSet, _ props: [String]) {
        let set = cleaned(rawSet)
        if flags.ignoreCase, !flags.isUnicodeAware {
            let patchedMembers = set.intersection(CaseFoldPatches.patched, maximum: maximum)
            if !patchedMembers.isEmpty {
                let rest = set.subtracting(CaseFoldPatches.patched, maximum: maximum)
                let exact = CaseFoldPatches.closureOfPatchedMembers(of: set)
                output += "(?:"
                if !rest.isEmpty {
                    emitClassBracket(rest, [], negated: false)
                    output += "|"
                }
                output += "(?-i:"
                emitClassBracket(exact, [], negated: false)
                output += "))"
                return
            }
        }
        if set.isEmpty && props.isEmpty {
            output += "(?!)"
        } else if set.isEmpty && props.count == 1 {
            output += props[0]
        } else if props.isEmpty, set.ranges.count == 1, set.ranges[0].count == 1, !flags.ignoreCase {
            appendCharacter(set.ranges[0].lowerBound, inClass: false)
        } else {
            emitClassBracket(set, props, negated: false)
        }
    }

    private mutating func emitNegatedSet(_ rawSet: CodePointSet, _ props: [String]) {
        let set = cleaned(rawSet)
        if flags.ignoreCase, !flags.isUnicodeAware,
            !set.intersection(CaseFoldPatches.patched, maximum: maximum).isEmpty
        {
            output += "(?:(?!"
            emitPositiveSet(set, props)
            output += ")\(anyCharacter))"
            return
        }
        if set.isEmpty && props.isEmpty {
            output += anyCharacter
        } else {
            emitClassBracket(set, props, negated: true)
        }
    }

    private mutating func emitClassBracket(_ set: CodePointSet, _ props: [String], negated: Bool) {
        output += negated ? "[^" : "["
        for range in set.ranges {
            appendCharacter(range.lowerBound, inClass: true)
            if range.upperBound > range.lowerBound {
                if range.upperBound > range.lowerBound + 1 { output += "-" }
                appendCharacter(range.upperBound, inClass: true)
            }
        }
        for prop in props { output += prop }
        output += "]"
    }
}
