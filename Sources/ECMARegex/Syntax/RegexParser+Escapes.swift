// MARK: - Escapes outside classes

extension RegexParser {
    mutating func parseAtomEscape() throws(ECMARegexError) -> RegexNode {
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
    mutating func parseCharacterEscape(escapeStart start: Int, inClass: Bool) throws(ECMARegexError) -> UInt32 {
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
    mutating func parseLegacyOctal() -> UInt32 {
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
    mutating func parseUnicodeEscapeBody(allowBraces: Bool, pairSurrogates: Bool) -> UInt32? {
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

    func builtinClass(for unit: UInt16) -> ClassSet {
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
    mutating func parsePropertyEscape(negated: Bool, escapeStart: Int) throws(ECMARegexError) -> ClassSet {
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
}
