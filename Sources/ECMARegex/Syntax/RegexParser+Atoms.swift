// MARK: - Atoms: groups, modifiers and group names

extension RegexParser {
    mutating func parseAtom() throws(ECMARegexError) -> RegexNode {
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
    mutating func parseGroupName() throws(ECMARegexError) -> String {
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
}
