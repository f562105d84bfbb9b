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

    private let units: [UInt16]
    private let flags: RegexFlags
    private let unicodeMode: Bool
    private let setsMode: Bool
    private let namedGroupsMode: Bool
    private let totalCaptures: Int
    private var position = 0
    private var depth = 0
    /// Nesting of classes alone (see ``maximumClassNesting``).
    private var classDepth = 0
    /// The deepest `depth` reached.
    private(set) var deepest = 0
    private var captureCount = 0
    private var groupNames: [String: Int] = .init()
    /// Every group of each name, in order (ES2025: a name may repeat in different alternatives).
    private var groupIndices: [String: [Int]] = .init()
    /// The alternative each name was last declared in (an index into `alternatives`).
    private var lastDeclaration: [String: Int] = .init()
    /// Every alternative met so far: its enclosing alternative, its disjunction and its depth; the
    /// first is the pattern's own, always open.
    private var alternatives: [(parent: Int, disjunction: Int, depth: Int)] = [(-1, 0, 0)]
    /// The alternatives that enclose the current position, outermost first.
    private var openAlternatives: [Int] = [0]
    private var disjunctionCount = 1
    /// The `i`, `m` and `s` settings at the current position (pattern modifiers change them).
    private var modifiers: RegexModifiers
    private var pendingNamedReferences: [(name: String, offset: Int)] = []
    private(set) var analysis = PatternAnalysis()
    private var lookbehindNesting = 0
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

    private var atEnd: Bool { position >= units.count }

    private mutating func deferRefusal(_ refusal: ECMARegexError) {
        if deferredRefusal == nil { deferredRefusal = refusal }
    }

    private func peek(_ offset: Int = 0) -> UInt16? {
        let index = position + offset
        return index < units.count ? units[index] : nil
    }

    private func peekIs(_ scalar: Unicode.Scalar, _ offset: Int = 0) -> Bool {
        peek(offset) == UInt16(scalar.value)
    }

    private mutating func eat(_ scalar: Unicode.Scalar) -> Bool {
        if peekIs(scalar) {
            position += 1
            return true
        }
        return false
    }

    /// Reads one pattern character: a code point in u/v mode, a code unit otherwise.
    private mutating func readCharacter() -> UInt32 {
        let unit = units[position]
        position += 1
        if unicodeMode, UTF16.isLeadSurrogate(unit), let next = peek(), UTF16.isTrailSurrogate(next) {
            position += 1
            return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(next) - 0xDC00)
        }
        return UInt32(unit)
    }

    private mutating func enter(at offset: Int) throws(ECMARegexError) {
        depth += 1
        deepest = max(deepest, depth)
        if depth > Self.maximumNesting {
            throw .limit("groups and classes are nested deeper than \(Self.maximumNesting)", at: offset)
        }
    }

    // MARK: - Disjunction, alternative, term

    private mutating func parseDisjunction() throws(ECMARegexError) -> RegexNode {
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
    private func mightBothParticipate(declaredIn alternative: Int) -> Bool {
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

    private mutating func closeGroup(openedAt start: Int) throws(ECMARegexError) {
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
    private func scanBraceQuantifier() -> (min: Int, max: Int?, end: Int)? {
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
    private func scanDecimal(from start: Int) -> (Int, Int)? {
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

    // MARK: - Atoms

    private mutating func parseAtom() throws(ECMARegexError) -> RegexNode {
        let start = position
        let unit = units[position]
        switch unit {
        case ascii("."):
            position += 1
            return .dot
        case ascii("("):
            return try parseGroup()
        case ascii("["):
            return .characterClass(try parseClass())
        case ascii("\\"):
            return try parseAtomEscape()
        case ascii("*"), ascii("+"), ascii("?"):
            throw .syntax("Nothing to repeat", at: start)
        case ascii("{"):
            if scanBraceQuantifier() != nil {
                throw .syntax("Nothing to repeat", at: start)
            }
            if unicodeMode {
                throw .syntax("Lone quantifier brackets", at: start)
            }
            position += 1
            return .character(UInt32(unit))
        case ascii("}"), ascii("]"):
            if unicodeMode {
                throw .syntax("Lone quantifier brackets", at: start)
            }
            position += 1
            return .character(UInt32(unit))
        default:
            return .character(readCharacter())
        }
    }

    private mutating func parseGroup() throws(ECMARegexError) -> RegexNode {
        let start = position
        position += 1
        try enter(at: start)
        defer { depth -= 1 }
        if eat("?") {
            if eat(":") {
                let body = try parseDisjunction()
                try closeGroup(openedAt: start)
                return .group(body)
            }
            if let unit = peek(), unit == ascii("-") || isModifierLetter(unit) {
                return try parseModifierGroup(start: start)
            }
            guard eat("<") else {
                throw .syntax("Invalid group", at: start)
            }
            let name = try parseGroupName()
            captureCount += 1
            let index = captureCount
            if captureCount > Self.maximumCaptures { throw .syntax("Too many captures", at: start) }
            if let earlier = lastDeclaration[name], mightBothParticipate(declaredIn: earlier) {
                throw .syntax("Duplicate capture group name", at: start)
            }
            if groupNames[name] == nil { groupNames[name] = index }
            groupIndices[name, default: []].append(index)
            lastDeclaration[name] = openAlternatives[openAlternatives.count - 1]
            let body = try parseDisjunction()
            try closeGroup(openedAt: start)
            return .capture(index: index, name: name, body)
        }
        captureCount += 1
        let index = captureCount
        if captureCount > Self.maximumCaptures { throw .syntax("Too many captures", at: start) }
        let body = try parseDisjunction()
        try closeGroup(openedAt: start)
        return .capture(index: index, name: nil, body)
    }

    private func isModifierLetter(_ unit: UInt16) -> Bool {
        unit == ascii("i") || unit == ascii("m") || unit == ascii("s")
    }

    /// After `(?`: `ims-ims:…)` (ES2025 `RegularExpressionModifiers`), with its early errors: a letter
    /// other than `i`, `m`, `s`, a letter given twice (on either side or both), or `(?-:`.
    private mutating func parseModifierGroup(start: Int) throws(ECMARegexError) -> RegexNode {
        var added: [UInt16] = []
        var removed: [UInt16] = []
        var removing = false
        while true {
            guard let unit = peek() else { throw .syntax("Invalid group", at: start) }
            position += 1
            if unit == ascii(":") { break }
            if unit == ascii("-") {
                if removing { throw .syntax("Multiple dashes in flag group", at: start) }
                removing = true
                continue
            }
            guard isModifierLetter(unit) else { throw .syntax("Invalid group", at: start) }
            if added.contains(unit) || removed.contains(unit) {
                throw .syntax("Repeated flag in flag group", at: start)
            }
            if removing { removed.append(unit) } else { added.append(unit) }
        }
        if removing && added.isEmpty && removed.isEmpty {
            throw .syntax("Invalid flag group", at: start)
        }
        let saved = modifiers
        for (letters, value) in [(added, true), (removed, false)] {
            for letter in letters {
                switch letter {
                case ascii("i"): modifiers.ignoreCase = value
                case ascii("m"): modifiers.multiline = value
                default: modifiers.dotAll = value
                }
            }
        }
        let inner = modifiers
        defer { modifiers = saved }
        let body = try parseDisjunction()
        try closeGroup(openedAt: start)
        return inner == saved ? .group(body) : .modified(body, inner)
    }

    /// Reads `name>` after `(?<` or `\k<`: a RegExpIdentifierName, with `\u` escapes allowed.
    private mutating func parseGroupName() throws(ECMARegexError) -> String {
        let start = position
        var scalars = String.UnicodeScalarView()
        while true {
            guard !atEnd else { throw .syntax("Invalid capture group name", at: start) }
            if eat(">") { break }
            var value: UInt32
            if peekIs("\\") {
                position += 1
                guard eat("u"), let escaped = parseUnicodeEscapeBody(allowBraces: true, pairSurrogates: true) else {
                    throw .syntax("Invalid capture group name", at: start)
                }
                value = escaped
            } else {
                let unit = units[position]
                position += 1
                value = UInt32(unit)
                if UTF16.isLeadSurrogate(unit), let next = peek(), UTF16.isTrailSurrogate(next) {
                    position += 1
                    value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(next) - 0xDC00)
                }
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw .syntax("Invalid capture group name", at: start)
            }
            let isStart = scalars.isEmpty
            let valid = scalar == "$" || scalar == "_"
                || (isStart ? UnicodeTables.identifierStart.contains(value)
                    : UnicodeTables.identifierContinue.contains(value) || value == 0x200C || value == 0x200D)
            guard valid else { throw .syntax("Invalid capture group name", at: start) }
            scalars.append(scalar)
        }
        guard !scalars.isEmpty else { throw .syntax("Invalid capture group name", at: start) }
        return String(scalars)
    }

    // MARK: - Escapes outside classes

    private mutating func parseAtomEscape() throws(ECMARegexError) -> RegexNode {
        let start = position
        position += 1
        guard let unit = peek() else {
            throw .syntax("\\ at end of pattern", at: start)
        }
        switch unit {
        case ascii("d"), ascii("D"), ascii("s"), ascii("S"), ascii("w"), ascii("W"):
            position += 1
            return .characterClass(builtinClass(for: unit))
        case ascii("p") where unicodeMode, ascii("P") where unicodeMode:
            position += 1
            return .characterClass(try parsePropertyEscape(negated: unit == ascii("P"), escapeStart: start))
        case ascii("1")...ascii("9"):
            let (number, end) = scanDecimal(from: position) ?? (0, position)
            if number <= totalCaptures {
                position = end
                analysis.noteBackreference(
                    target: number, at: start, insideLookbehind: lookbehindNesting > 0, ignoreCase: modifiers.ignoreCase)
                return .backreference(number)
            }
            if unicodeMode {
                throw .syntax("Invalid escape", at: start)
            }
            if unit >= ascii("8") {
                position += 1
                return .character(UInt32(unit))
            }
            return .character(parseLegacyOctal())
        case ascii("k"):
            if namedGroupsMode {
                position += 1
                guard eat("<") else {
                    throw .syntax("Invalid named reference", at: start)
                }
                let name: String
                do {
                    name = try parseGroupName()
                } catch {
                    throw .syntax("Invalid named reference", at: start)
                }
                let slot = pendingNamedReferences.count
                pendingNamedReferences.append((name, start))
                analysis.noteNamedBackreference(
                    slot: slot, at: start, insideLookbehind: lookbehindNesting > 0, ignoreCase: modifiers.ignoreCase)
                return .backreference(-(slot + 1))
            }
            position += 1
            return .character(UInt32(unit))
        default:
            return .character(try parseCharacterEscape(escapeStart: start, inClass: false))
        }
    }

    /// Reads a CharacterEscape after the backslash (shared by atoms and classes).
    private mutating func parseCharacterEscape(escapeStart start: Int, inClass: Bool) throws(ECMARegexError) -> UInt32 {
        let unit = units[position]
        switch unit {
        case ascii("f"): position += 1; return 0x0C
        case ascii("n"): position += 1; return 0x0A
        case ascii("r"): position += 1; return 0x0D
        case ascii("t"): position += 1; return 0x09
        case ascii("v"): position += 1; return 0x0B
        case ascii("c"):
            if let next = peek(1), isASCIILetter(next) {
                position += 2
                return UInt32(next) % 32
            }
            if !unicodeMode, inClass, let next = peek(1), decimalValue(next) != nil || next == ascii("_") {
                position += 2
                return UInt32(next) % 32
            }
            if unicodeMode {
                throw .syntax("Invalid Unicode escape", at: start)
            }
            // Annex B: the backslash is a literal and `c` is read next as itself.
            return 0x5C
        case ascii("0") where !(peek(1).map { decimalValue($0) != nil } ?? false):
            position += 1
            return 0
        case ascii("0")...ascii("7") where !unicodeMode:
            return parseLegacyOctal()
        case ascii("x"):
            position += 1
            if let high = peek().flatMap(hexValue), let low = peek(1).flatMap(hexValue) {
                position += 2
                return UInt32(high * 16 + low)
            }
            if unicodeMode {
                throw .syntax("Invalid escape", at: start)
            }
            return UInt32(unit)
        case ascii("u"):
            position += 1
            if let value = parseUnicodeEscapeBody(allowBraces: unicodeMode, pairSurrogates: unicodeMode) {
                return value
            }
            if unicodeMode {
                throw .syntax("Invalid Unicode escape", at: start)
            }
            return UInt32(unit)
        default:
            break
        }
        if unicodeMode {
            if unit == ascii("0") {
                throw .syntax(inClass ? "Invalid class escape" : "Invalid decimal escape", at: start)
            }
            if decimalValue(unit) != nil {
                throw .syntax(inClass ? "Invalid class escape" : "Invalid escape", at: start)
            }
            if isSyntaxCharacter(unit) || unit == ascii("/") || (inClass && unit == ascii("-")) {
                position += 1
                return UInt32(unit)
            }
            if setsMode, inClass, isClassSetReservedPunctuator(unit) {
                position += 1
                return UInt32(unit)
            }
            throw .syntax("Invalid escape", at: start)
        }
        if inClass, namedGroupsMode, unit == ascii("k") {
            throw .syntax("Invalid escape", at: start)
        }
        return readCharacter()
    }

    /// Annex B LegacyOctalEscapeSequence: up to three octal digits, value at most 0o377.
    private mutating func parseLegacyOctal() -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        let limit = (peek().map { $0 <= ascii("3") } ?? false) ? 3 : 2
        while digits < limit, let unit = peek(), unit >= ascii("0"), unit <= ascii("7") {
            value = value * 8 + UInt32(unit - ascii("0"))
            position += 1
            digits += 1
        }
        return value
    }

    /// After `\u`: `HHHH` (with a following `\uHHHH` trail surrogate merged when `pairSurrogates`),
    /// or `{H…}` when `allowBraces`. Returns nil (position unchanged) when malformed.
    private mutating func parseUnicodeEscapeBody(allowBraces: Bool, pairSurrogates: Bool) -> UInt32? {
        let start = position
        if allowBraces, eat("{") {
            var value: UInt32 = 0
            var digits = 0
            while let unit = peek(), let digit = hexValue(unit) {
                value = value * 16 + UInt32(digit)
                digits += 1
                position += 1
                if value > 0x10FFFF { break }
            }
            guard digits > 0, value <= 0x10FFFF, eat("}") else {
                position = start
                return nil
            }
            return value
        }
        guard let lead = readFourHex() else {
            position = start
            return nil
        }
        if pairSurrogates, (0xD800...0xDBFF).contains(lead), peekIs("\\"), peekIs("u", 1) {
            let beforeTrail = position
            position += 2
            if let trail = readFourHex(), (0xDC00...0xDFFF).contains(trail) {
                return 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
            }
            position = beforeTrail
        }
        return lead
    }

    private mutating func readFourHex() -> UInt32? {
        guard position + 4 <= units.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(units[position + offset]) else { return nil }
            value = value * 16 + UInt32(digit)
        }
        position += 4
        return value
    }

    private func builtinClass(for unit: UInt16) -> ClassSet {
        switch unit {
        case ascii("d"): return .builtin(.digit, negated: false)
        case ascii("D"): return .builtin(.digit, negated: true)
        case ascii("s"): return .builtin(.space, negated: false)
        case ascii("S"): return .builtin(.space, negated: true)
        case ascii("w"): return .builtin(.word, negated: false)
        default: return .builtin(.word, negated: true)
        }
    }

    /// After `\p` or `\P` in u/v mode: `{name}` or `{key=value}`.
    private mutating func parsePropertyEscape(negated: Bool, escapeStart: Int) throws(ECMARegexError) -> ClassSet {
        guard eat("{") else { throw .syntax("Invalid property name", at: escapeStart) }
        let nameStart = position
        while let unit = peek(), unit != ascii("}") {
            position += 1
        }
        guard !atEnd else { throw .syntax("Invalid property name", at: escapeStart) }
        let text = String(decoding: units[nameStart..<position], as: UTF16.self)
        position += 1
        do {
            return try PropertyResolver.resolve(text, negated: negated, flags: flags, offset: escapeStart)
        } catch where error.kind == .unsupported {
            deferRefusal(error)
            // A stand-in that keeps parsing exact: properties of strings may contain strings (so a
            // negated class around them is still the SyntaxError V8 reports).
            return PropertyNameTable.propertiesOfStrings.contains(text) ? .strings([[]]) : .union([])
        }
    }

    // MARK: - Classes (no flag and u)

    private mutating func parseClass() throws(ECMARegexError) -> ClassSet {
        let start = position
        position += 1
        try enter(at: start)
        defer { depth -= 1 }
        classDepth += 1
        defer { classDepth -= 1 }
        if classDepth > Self.maximumClassNesting {
            throw .limit("classes are nested deeper than \(Self.maximumClassNesting)", at: start)
        }
        let negated = eat("^")
        if setsMode {
            let body = try parseClassSetContents(classStart: start)
            guard eat("]") else { throw .syntax("Unterminated character class", at: start) }
            if negated, body.mayContainStrings {
                throw .syntax("Negated character class may contain strings", at: start)
            }
            return negated ? .complement(body) : body
        }
        var members: [ClassSet] = []
        while true {
            guard let unit = peek() else { throw .syntax("Unterminated character class", at: start) }
            if unit == ascii("]") {
                position += 1
                break
            }
            let atomStart = position
            let first = try parseClassAtom()
            if peekIs("-"), let after = peek(1), after != ascii("]") {
                position += 1
                let second = try parseClassAtom()
                guard case .character(let low) = first, case .character(let high) = second else {
                    if unicodeMode {
                        throw .syntax("Invalid character class", at: atomStart)
                    }
                    members.append(first)
                    members.append(.character(UInt32(ascii("-"))))
                    members.append(second)
                    continue
                }
                guard low <= high else {
                    throw .syntax("Range out of order in character class", at: atomStart)
                }
                members.append(.range(low, high))
            } else {
                members.append(first)
            }
        }
        let body = ClassSet.union(members)
        return negated ? .complement(body) : body
    }

    private mutating func parseClassAtom() throws(ECMARegexError) -> ClassSet {
        let start = position
        guard units[position] == ascii("\\") else {
            return .character(readCharacter())
        }
        position += 1
        guard let unit = peek() else { throw .syntax("\\ at end of pattern", at: start) }
        switch unit {
        case ascii("b"):
            position += 1
            return .character(0x08)
        case ascii("-") where unicodeMode:
            position += 1
            return .character(UInt32(unit))
        case ascii("d"), ascii("D"), ascii("s"), ascii("S"), ascii("w"), ascii("W"):
            position += 1
            return builtinClass(for: unit)
        case ascii("p") where unicodeMode, ascii("P") where unicodeMode:
            position += 1
            return try parsePropertyEscape(negated: unit == ascii("P"), escapeStart: start)
        case ascii("8") where !unicodeMode, ascii("9") where !unicodeMode:
            position += 1
            return .character(UInt32(unit))
        case ascii("1")...ascii("7") where !unicodeMode:
            return .character(parseLegacyOctal())
        default:
            return .character(try parseCharacterEscape(escapeStart: start, inClass: true))
        }
    }

    // MARK: - Class set expressions (v)

    private mutating func parseClassSetContents(classStart: Int) throws(ECMARegexError) -> ClassSet {
        if peekIs("]") { return .union([]) }
        let firstStart = position
        let first = try parseClassSetOperandOrRange()
        if peekIs("&"), peekIs("&", 1) {
            guard case .operand(let operand) = first else {
                throw .syntax("Invalid set operation in character class", at: firstStart)
            }
            var operands = [operand]
            while peekIs("&"), peekIs("&", 1) {
                position += 2
                if peekIs("&") { throw .syntax("Invalid character in character class", at: position) }
                guard case .operand(let next) = try parseClassSetOperandOrRange() else {
                    throw .syntax("Invalid set operation in character class", at: position)
                }
                operands.append(next)
            }
            guard peekIs("]") else { throw .syntax("Invalid set operation in character class", at: position) }
            return .intersection(operands)
        }
        if peekIs("-"), peekIs("-", 1) {
            guard case .operand(let operand) = first else {
                throw .syntax("Invalid set operation in character class", at: firstStart)
            }
            var operands = [operand]
            while peekIs("-"), peekIs("-", 1) {
                position += 2
                guard case .operand(let next) = try parseClassSetOperandOrRange() else {
                    throw .syntax("Invalid set operation in character class", at: position)
                }
                operands.append(next)
            }
            guard peekIs("]") else { throw .syntax("Invalid set operation in character class", at: position) }
            return .subtraction(operands)
        }
        var members = [first.set]
        while let unit = peek(), unit != ascii("]") {
            if (unit == ascii("&") && peekIs("&", 1)) || (unit == ascii("-") && peekIs("-", 1)) {
                throw .syntax("Invalid set operation in character class", at: position)
            }
            members.append(try parseClassSetOperandOrRange().set)
        }
        if atEnd { throw .syntax("Unterminated character class", at: classStart) }
        return .union(members)
    }

    private enum SetMember {
        case operand(ClassSet)
        case range(ClassSet)

        var set: ClassSet {
            switch self {
            case .operand(let set), .range(let set): return set
            }
        }
    }

    private mutating func parseClassSetOperandOrRange() throws(ECMARegexError) -> SetMember {
        let start = position
        guard let unit = peek() else { throw .syntax("Unterminated character class", at: start) }
        if unit == ascii("[") {
            let nested = try parseClass()
            return .operand(nested)
        }
        if unit == ascii("\\") {
            if let next = peek(1) {
                switch next {
                case ascii("d"), ascii("D"), ascii("s"), ascii("S"), ascii("w"), ascii("W"):
                    position += 2
                    return .operand(builtinClass(for: next))
                case ascii("p"), ascii("P"):
                    position += 2
                    return .operand(try parsePropertyEscape(negated: next == ascii("P"), escapeStart: start))
                case ascii("q"):
                    position += 2
                    return .operand(try parseClassStringDisjunction(start: start))
                default:
                    break
                }
            }
        }
        let low = try parseClassSetCharacter()
        if peekIs("-"), !peekIs("-", 1) {
            position += 1
            let high = try parseClassSetCharacter()
            guard low <= high else { throw .syntax("Range out of order in character class", at: start) }
            return .range(.range(low, high))
        }
        return .operand(.character(low))
    }

    private mutating func parseClassSetCharacter() throws(ECMARegexError) -> UInt32 {
        let start = position
        guard let unit = peek() else { throw .syntax("Unterminated character class", at: start) }
        if unit == ascii("\\") {
            position += 1
            guard let next = peek() else { throw .syntax("\\ at end of pattern", at: start) }
            if next == ascii("b") {
                position += 1
                return 0x08
            }
            switch next {
            case ascii("d"), ascii("D"), ascii("s"), ascii("S"), ascii("w"), ascii("W"), ascii("p"), ascii("P"),
                ascii("q"):
                throw .syntax("Invalid character class", at: start)
            default:
                return try parseCharacterEscape(escapeStart: start, inClass: true)
            }
        }
        if let next = peek(1), next == unit, isClassSetReservedDoublePunctuator(unit) {
            throw .syntax("Invalid set operation in character class", at: start)
        }
        if isClassSetSyntaxCharacter(unit) {
            if unit == ascii("-") {
                throw .syntax("Invalid character class", at: start)
            }
            throw .syntax("Invalid character in character class", at: start)
        }
        return readCharacter()
    }

    /// After `\q`: `{a|bc|…}` inside a `v` class.
    private mutating func parseClassStringDisjunction(start: Int) throws(ECMARegexError) -> ClassSet {
        guard eat("{") else { throw .syntax("Invalid escape", at: start) }
        var strings: [[UInt32]] = [[]]
        while true {
            guard let unit = peek() else { throw .syntax("Invalid character in character class", at: start) }
            if unit == ascii("}") {
                position += 1
                break
            }
            if unit == ascii("|") {
                position += 1
                strings.append([])
                continue
            }
            strings[strings.count - 1].append(try parseClassSetCharacter())
        }
        return .strings(strings)
    }
}

// MARK: - Character tests

@inline(__always)
func ascii(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }

private func decimalValue(_ unit: UInt16) -> Int? {
    unit >= 0x30 && unit <= 0x39 ? Int(unit - 0x30) : nil
}

private func hexValue(_ unit: UInt16) -> Int? {
    switch unit {
    case 0x30...0x39: return Int(unit - 0x30)
    case 0x41...0x46: return Int(unit - 0x41 + 10)
    case 0x61...0x66: return Int(unit - 0x61 + 10)
    default: return nil
    }
}

private func isASCIILetter(_ unit: UInt16) -> Bool {
    (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
}

private func isSyntaxCharacter(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("^"), ascii("$"), ascii("\\"), ascii("."), ascii("*"), ascii("+"), ascii("?"), ascii("("),
        ascii(")"), ascii("["), ascii("]"), ascii("{"), ascii("}"), ascii("|"):
        return true
    default:
        return false
    }
}

private func isClassSetSyntaxCharacter(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("("), ascii(")"), ascii("["), ascii("]"), ascii("{"), ascii("}"), ascii("/"), ascii("-"),
        ascii("\\"), ascii("|"):
        return true
    default:
        return false
    }
}

private func isClassSetReservedPunctuator(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("&"), ascii("-"), ascii("!"), ascii("#"), ascii("%"), ascii(","), ascii(":"), ascii(";"),
        ascii("<"), ascii("="), ascii(">"), ascii("@"), ascii("`"), ascii("~"):
        return true
    default:
        return false
    }
}

private func isClassSetReservedDoublePunctuator(_ unit: UInt16) -> Bool {
    switch unit {
    case ascii("&"), ascii("!"), ascii("#"), ascii("$"), ascii("%"), ascii("*"), ascii("+"), ascii(","),
        ascii("."), ascii(":"), ascii(";"), ascii("<"), ascii("="), ascii(">"), ascii("?"), ascii("@"),
        ascii("^"), ascii("`"), ascii("~"):
        return true
    default:
        return false
    }
}

extension ClassSet {
    /// True when the set may match a string that is not exactly one character (`v` only).
    var mayContainStrings: Bool {
        switch self {
        case .strings(let strings): return strings.contains { $0.count != 1 }
        case .stringProperty(let property): return !property.table.strings.isEmpty
        case .union(let members): return members.contains { $0.mayContainStrings }
        case .intersection(let members): return members.allSatisfy { $0.mayContainStrings }
        case .subtraction(let members): return members.first?.mayContainStrings ?? false
        case .character, .range, .builtin, .property, .complement: return false
        }
    }
}

extension RegexNode {
    /// Replaces the placeholder numbers of named back-references (`-(slot + 1)`) by group numbers.
    func resolvingNamedReferences(_ resolved: [[Int]]) -> RegexNode {
        switch self {
        case .backreference(let number) where number < 0:
            let indices = resolved[-number - 1]
            return indices.count == 1 ? .backreference(indices[0]) : .sequence(indices.map { .backreference($0) })
        case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary,
            .characterClass, .backreference:
            return self
        case .sequence(let nodes):
            return .sequence(nodes.map { $0.resolvingNamedReferences(resolved) })
        case .alternation(let nodes):
            return .alternation(nodes.map { $0.resolvingNamedReferences(resolved) })
        case .group(let node):
            return .group(node.resolvingNamedReferences(resolved))
        case .modified(let node, let modifiers):
            return .modified(node.resolvingNamedReferences(resolved), modifiers)
        case .capture(let index, let name, let node):
            return .capture(index: index, name: name, node.resolvingNamedReferences(resolved))
        case .lookahead(let node, let negative):
            return .lookahead(node.resolvingNamedReferences(resolved), negative: negative)
        case .lookbehind(let node, let negative):
            return .lookbehind(node.resolvingNamedReferences(resolved), negative: negative)
        case .quantified(let node, let min, let max, let greedy):
            return .quantified(node.resolvingNamedReferences(resolved), min: min, max: max, greedy: greedy)
        }
    }
}

extension RegexNode {
    /// Conservatively true when the node may match the empty string.
    var canMatchEmpty: Bool {
        switch self {
        case .character, .dot:
            return false
        case .characterClass(let set):
            return set.mayContainStrings
        case .empty, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .lookahead, .lookbehind,
            .backreference:
            return true
        case .sequence(let nodes):
            return nodes.allSatisfy { $0.canMatchEmpty }
        case .alternation(let nodes):
            return nodes.contains { $0.canMatchEmpty }
        case .group(let inner), .capture(_, _, let inner), .modified(let inner, _):
            return inner.canMatchEmpty
        case .quantified(let inner, let min, _, _):
            return min == 0 || inner.canMatchEmpty
        }
    }
}
