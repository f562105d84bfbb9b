// MARK: - Classes (no flag and u) and class set expressions (v)

extension RegexParser {
    mutating func parseClass() throws(ECMARegexError) -> ClassSet {
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
