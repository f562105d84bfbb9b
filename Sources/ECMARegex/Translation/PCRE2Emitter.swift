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
    var flags: RegexFlags
    let maximum: UInt32
    let targetIsUTF: Bool
    /// Whether PCRE2's Unicode data may be used where `Tools/regex-tables` measured it to agree with the
    /// tables (`PCRE2Library.matchesMeasurement`); if not, no literal is folded by PCRE2 and no `\p` is used.
    let trustsPCRE2Data: Bool
    var output = ""
    /// Class atoms already emitted, by their syntax (a pattern at the length cap may repeat one thousands
    /// of times; its case closure is computed once).
    var emittedClasses: [ClassSet: String] = .init()

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

    mutating func emitLiteral(_ value: UInt32) {
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

    mutating func appendCharacter(_ value: UInt32, inClass: Bool) {
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
}
#endif
