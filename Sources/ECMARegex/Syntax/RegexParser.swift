/// Parses an ECMAScript pattern (ES2025 grammar; Annex B without `u`/`v`) into a ``RegexNode``.
///
/// It throws `syntax` exactly where V8 throws a `SyntaxError` (with V8's message and the UTF-16
/// offset of the offending construct), and `unsupported` for valid constructs PCRE2 10.42 cannot match
/// exactly (see ``PatternAnalysis``). It works on UTF-16 code units; in `u`/`v` mode a surrogate pair
/// in the source is one pattern character.
struct RegexParser {
    /// Longest pattern accepted, in UTF-16 code units (1 MiB of pattern; real schemas have patterns of
    /// tens of thousands of units). Compiling stays linear in the length (see the Limits article).
    static let maximumPatternLength = 1 << 20
    /// The most capturing groups V8 accepts (node 24: 32,768 groups throw `SyntaxError: Too many captures`).
    static let maximumCaptures = 32_767
    /// Deepest nesting of groups, lookarounds and classes accepted. Deeper than a few levels, a pattern is
    /// parsed and compiled on a helper thread whose stack `DeepStack` sizes for the pattern's nesting, so
    /// the caller's stack never depends on it; node 24 matches 201 nested groups in no time, and 5,000
    /// nested `(?:` or `(?=` in 3 ms.
    static let maximumNesting = 5_000
    /// Deepest nesting of classes (`v` mode) accepted: nested set operations cost more to compile than
    /// groups (61–131 ms at 1,000 levels), so their cap stays lower.
    static let maximumClassNesting = 1_000

    let units: [UInt16]
    let flags: RegexFlags
    let unicodeMode: Bool
    let setsMode: Bool
    let namedGroupsMode: Bool
    let totalCaptures: Int
    var position = 0
    var depth = 0
    /// Nesting of classes alone (see ``maximumClassNesting``).
    var classDepth = 0
    /// The deepest `depth` reached.
    private(set) var deepest = 0
    var captureCount = 0
    var groupNames: [String: Int] = .init()
    /// Every group of each name, in order (ES2025: a name may repeat in different alternatives).
    var groupIndices: [String: [Int]] = .init()
    /// The alternative each name was last declared in (an index into `alternatives`).
    var lastDeclaration: [String: Int] = .init()
    /// Every alternative met so far: its enclosing alternative, its disjunction and its depth; the
    /// first is the pattern's own, always open.
    private var alternatives: [(parent: Int, disjunction: Int, depth: Int)] = [(-1, 0, 0)]
    /// The alternatives that enclose the current position, outermost first.
    var openAlternatives: [Int] = [0]
    private var disjunctionCount = 1
    /// The `i`, `m` and `s` settings at the current position (pattern modifiers change them).
    var modifiers: RegexModifiers
    var pendingNamedReferences: [(name: String, offset: Int)] = []
    var analysis = PatternAnalysis()
    var lookbehindNesting = 0
    /// The first refusal found; reported only if the whole pattern parses, because V8's SyntaxError
    /// for a later part of the pattern must win.
    private var deferredRefusal: ECMARegexError?

    private init(units: [UInt16], flags: RegexFlags, namedGroupsMode: Bool, totalCaptures: Int) {
        self.units = units
        self.flags = flags
        self.unicodeMode = flags.isUnicodeAware
        self.setsMode = flags.unicodeSets
        self.namedGroupsMode = namedGroupsMode
        self.totalCaptures = totalCaptures
        self.modifiers = flags.modifiers
    }

    /// Parses `pattern` under `flags`.
    static func parse(_ pattern: String, flags: RegexFlags) throws(ECMARegexError) -> ParsedPattern {
        let units = Array(pattern.utf16)
        if units.count > maximumPatternLength {
            throw .limit("pattern is longer than \(maximumPatternLength) UTF-16 code units", at: maximumPatternLength)
        }
        let scan = CaptureScanner.scan(units, setsMode: flags.unicodeSets)
        // Every step below recurses once per nesting level: deep patterns get a stack of their own.
        return try DeepStack.run(nesting: scan.nesting) { () throws(ECMARegexError) -> ParsedPattern in
            try parse(units, flags: flags, scan: scan)
        }
    }

    private static func parse(
        _ units: [UInt16], flags: RegexFlags, scan: (count: Int, hasNamedGroups: Bool, nesting: Int)
    ) throws(ECMARegexError) -> ParsedPattern {
        // Annex B: without u/v, `\k` is an identity escape unless the pattern has a group name.
        let namedMode = flags.isUnicodeAware || scan.hasNamedGroups
        var parser = RegexParser(units: units, flags: flags, namedGroupsMode: namedMode, totalCaptures: scan.count)
        var root = try parser.parseDisjunction()
        if parser.position < units.count {
            // Only an unmatched ')' can stop the top-level disjunction early.
            throw .syntax("Unmatched ')'", at: parser.position)
        }
        let references = parser.pendingNamedReferences
        var resolved: [[Int]] = []
        for reference in references {
            guard let indices = parser.groupIndices[reference.name] else {
                throw .syntax("Invalid named capture referenced", at: reference.offset)
            }
            resolved.append(indices)
        }
        if !resolved.isEmpty {
            root = root.resolvingNamedReferences(resolved)
            for (slot, index) in resolved.enumerated() {
                parser.analysis.resolveNamedReference(slot: slot, to: index)
            }
        }
        if let refusal = parser.deferredRefusal { throw refusal }
        if flags.sticky {
            // `y` on a fresh RegExp: the match must start at lastIndex 0.
            root = .sequence([.inputStart, .group(root)])
        }
        return ParsedPattern(
            root: root, flags: flags, captureCount: parser.captureCount,
            groupNames: parser.groupNames, groupIndices: parser.groupIndices, analysis: parser.analysis,
            nesting: max(parser.deepest, scan.nesting))
    }

    // MARK: - Reading

    var atEnd: Bool { position >= units.count }

    mutating func deferRefusal(_ refusal: ECMARegexError) {
        if deferredRefusal == nil { deferredRefusal = refusal }
    }

    func peek(_ offset: Int = 0) -> UInt16? {
        let index = position + offset
        return index < units.count ? units[index] : nil
    }

    func peekIs(_ scalar: Unicode.Scalar, _ offset: Int = 0) -> Bool {
        peek(offset) == UInt16(scalar.value)
    }

    mutating func eat(_ scalar: Unicode.Scalar) -> Bool {
        if peekIs(scalar) {
            position += 1
            return true
        }
        return false
    }

    /// Reads one pattern character: a code point in u/v mode, a code unit otherwise.
    mutating func readCharacter() -> UInt32 {
        let unit = units[position]
        position += 1
        if unicodeMode, UTF16.isLeadSurrogate(unit), let next = peek(), UTF16.isTrailSurrogate(next) {
            position += 1
            return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(next) - 0xDC00)
        }
        return UInt32(unit)
    }

    mutating func enter(at offset: Int) throws(ECMARegexError) {
        depth += 1
        deepest = max(deepest, depth)
        if depth > Self.maximumNesting {
            throw .limit("groups and classes are nested deeper than \(Self.maximumNesting)", at: offset)
        }
    }

    // MARK: - Disjunction, alternative, term

    mutating func parseDisjunction() throws(ECMARegexError) -> RegexNode {
        let disjunction = disjunctionCount
        disjunctionCount += 1
        openAlternative(of: disjunction)
        var nodes = [try parseAlternative()]
        while eat("|") {
            openAlternatives.removeLast()
            openAlternative(of: disjunction)
            nodes.append(try parseAlternative())
        }
        openAlternatives.removeLast()
        return nodes.count == 1 ? nodes[0] : .alternation(nodes)
    }

    private mutating func openAlternative(of disjunction: Int) {
        let parent = openAlternatives[openAlternatives.count - 1]
        alternatives.append((parent, disjunction, alternatives[parent].depth + 1))
        openAlternatives.append(alternatives.count - 1)
    }

    /// ES2025 `MightBothParticipate` for a group declared in `alternative` and a group at the current
    /// position: false exactly when some disjunction holds them in different alternatives.
    func mightBothParticipate(declaredIn alternative: Int) -> Bool {
        var node = alternative
        var child = -1
        // The deepest alternative of the earlier group that still encloses the current position.
        while !(alternatives[node].depth < openAlternatives.count && openAlternatives[alternatives[node].depth] == node) {
            child = node
            node = alternatives[node].parent
        }
        let depth = alternatives[node].depth
        guard child >= 0, depth + 1 < openAlternatives.count else { return true }
        // `child` (closed) and the open alternative below `node` are different alternatives; they rule out
        // both participating only if they belong to the same disjunction.
        return alternatives[child].disjunction != alternatives[openAlternatives[depth + 1]].disjunction
    }

    private mutating func parseAlternative() throws(ECMARegexError) -> RegexNode {
        var terms: [RegexNode] = []
        while let unit = peek(), unit != ascii("|"), unit != ascii(")") {
            try parseTerm(into: &terms)
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .sequence(terms)
        }
    }

    private mutating func parseTerm(into terms: inout [RegexNode]) throws(ECMARegexError) {
        let start = position
        let unit = units[position]
        switch unit {
        case ascii("^"):
            position += 1
            try rejectQuantifierAfterAssertion()
            terms.append(.lineStart)
            return
        case ascii("$"):
            position += 1
            try rejectQuantifierAfterAssertion()
            terms.append(.lineEnd)
            return
        case ascii("\\") where peekIs("b", 1) || peekIs("B", 1):
            position += 2
            try rejectQuantifierAfterAssertion()
            terms.append(.wordBoundary(negated: unit == ascii("\\") && units[position - 1] == ascii("B")))
            return
        case ascii("(") where peekIs("?", 1) && (peekIs("=", 2) || peekIs("!", 2)):
            position += 3
            try enter(at: start)
            let groupsBefore = captureCount
            let body = try parseDisjunction()
            try closeGroup(openedAt: start)
            depth -= 1
            let node = RegexNode.lookahead(body, negative: units[start + 2] == ascii("!"))
            analysis.noteLookaround()
            if unicodeMode {
                if isQuantifierStart() {
                    throw .syntax("Invalid quantifier", at: position)
                }
                terms.append(node)
            } else {
                terms.append(try parseQuantifier(for: node, atomStart: start, groupsBefore: groupsBefore))
            }
            return
        case ascii("(") where peekIs("?", 1) && peekIs("<", 2) && (peekIs("=", 3) || peekIs("!", 3)):
            position += 4
            try enter(at: start)
            let groupsBefore = captureCount
            lookbehindNesting += 1
            let body = try parseDisjunction()
            lookbehindNesting -= 1
            try closeGroup(openedAt: start)
            depth -= 1
            analysis.noteLookaround()
            if captureCount > groupsBefore {
                analysis.markLookbehindGroups(groupsBefore + 1...captureCount)
            }
            if isQuantifierStart() {
                throw .syntax("Invalid quantifier", at: position)
            }
            terms.append(.lookbehind(body, negative: units[start + 3] == ascii("!")))
            return
        default:
            break
        }
        let groupsBefore = captureCount
        let atom = try parseAtom()
        terms.append(try parseQuantifier(for: atom, atomStart: start, groupsBefore: groupsBefore))
    }

    mutating func closeGroup(openedAt start: Int) throws(ECMARegexError) {
        guard eat(")") else {
            throw .syntax("Unterminated group", at: start)
        }
    }

    private func isQuantifierStart() -> Bool {
        guard let unit = peek() else { return false }
        if unit == ascii("*") || unit == ascii("+") || unit == ascii("?") { return true }
        if unit == ascii("{") {
            return unicodeMode || scanBraceQuantifier() != nil
        }
        return false
    }

    private func rejectQuantifierAfterAssertion() throws(ECMARegexError) {
        if isQuantifierStart() {
            throw .syntax("Nothing to repeat", at: position)
        }
    }

    // MARK: - Quantifiers

    /// Reads `{n}`, `{n,}` or `{n,m}` at the current position without consuming it.
    func scanBraceQuantifier() -> (min: Int, max: Int?, end: Int)? {
        var index = position
        guard index < units.count, units[index] == ascii("{") else { return nil }
        index += 1
        guard let (minimum, afterMin) = scanDecimal(from: index) else { return nil }
        index = afterMin
        var maximum: Int? = minimum
        if index < units.count, units[index] == ascii(",") {
            index += 1
            if let (value, afterMax) = scanDecimal(from: index) {
                maximum = value
                index = afterMax
            } else {
                maximum = nil
            }
        }
        guard index < units.count, units[index] == ascii("}") else { return nil }
        return (minimum, maximum, index + 1)
    }

    /// Reads decimal digits, saturating at `Int32.max` as V8 does (tested before multiplying, so it
    /// cannot overflow where `Int` has 32 bits).
    func scanDecimal(from start: Int) -> (Int, Int)? {
        let limit = Int(Int32.max)
        var index = start
        var value = 0
        while index < units.count, let digit = decimalValue(units[index]) {
            value = value > (limit - digit) / 10 ? limit : value * 10 + digit
            index += 1
        }
        return index == start ? nil : (value, index)
    }

    private mutating func parseQuantifier(
        for atom: RegexNode, atomStart: Int, groupsBefore: Int
    ) throws(ECMARegexError) -> RegexNode {
        guard let unit = peek() else { return atom }
        let quantifierStart = position
        var minimum = 0
        var maximum: Int?
        switch unit {
        case ascii("*"):
            position += 1
        case ascii("+"):
            minimum = 1
            position += 1
        case ascii("?"):
            maximum = 1
            position += 1
        case ascii("{"):
            guard let brace = scanBraceQuantifier() else {
                if unicodeMode {
                    throw .syntax("Incomplete quantifier", at: position)
                }
                return atom
            }
            minimum = brace.min
            maximum = brace.max
            position = brace.end
            if let maximum, maximum < minimum {
                throw .syntax("numbers out of order in {} quantifier", at: quantifierStart)
            }
        default:
            return atom
        }
        let greedy = !eat("?")
        if isQuantifierStart() {
            throw .syntax("Nothing to repeat", at: position)
        }
        // A `?` over an atom that cannot match empty runs at most one non-empty iteration, where
        // ECMAScript's capture reset and empty check cannot differ from PCRE2.
        let singleNonEmptyIteration = maximum == 1 && !atom.canMatchEmpty
        if !singleNonEmptyIteration, captureCount > groupsBefore {
            analysis.markQuantifiedGroups(groupsBefore + 1...captureCount)
        }
        return .quantified(atom, min: minimum, max: maximum, greedy: greedy)
    }
}

// MARK: - Character tests

@inline(__always)
func ascii(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }

func decimalValue(_ unit: UInt16) -> Int? {
    unit >= 0x30 && unit <= 0x39 ? Int(unit - 0x30) : nil
}

func hexValue(_ unit: UInt16) -> Int? {
    switch unit {
    case 0x30...0x39: return Int(unit - 0x30)
    case 0x41...0x46: return Int(unit - 0x41 + 10)
    case 0x61...0x66: return Int(unit - 0x61 + 10)
    default: return nil
    }
}

func isASCIILetter(_ unit: UInt16) -> Bool {
    (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
}

func isSyntaxCharacter(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("^"), ascii("$"), ascii("\\"), ascii("."), ascii("*"), ascii("+"), ascii("?"), ascii("("),
        ascii(")"), ascii("["), ascii("]"), ascii("{"), ascii("}"), ascii("|"):
        return true
    default:
        return false
    }
}

func isClassSetSyntaxCharacter(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("("), ascii(")"), ascii("["), ascii("]"), ascii("{"), ascii("}"), ascii("/"), ascii("-"),
        ascii("\\"), ascii("|"):
        return true
    default:
        return false
    }
}

func isClassSetReservedPunctuator(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("&"), ascii("-"), ascii("!"), ascii("#"), ascii("%"), ascii(","), ascii(":"), ascii(";"),
        ascii("<"), ascii("="), ascii(">"), ascii("@"), ascii("`"), ascii("~"):
        return true
    default:
        return false
    }
}

func isClassSetReservedDoublePunctuator(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("&"), ascii("!"), ascii("#"), ascii("$"), ascii("%"), ascii("*"), ascii("+"), ascii(","),
        ascii("."), ascii(":"), ascii(";"), ascii("<"), ascii("="), ascii(">"), ascii("?"), ascii("@"),
        ascii("^"), ascii("`"), ascii("~"):
        return true
    default:
        return false
    }
}
