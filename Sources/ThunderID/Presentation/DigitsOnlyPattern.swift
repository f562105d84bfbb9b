/// Decides, conservatively, whether an ECMAScript regex accepts nothing but ASCII digits: only for
/// `^…$` around digits, `\d`, digit classes, groups, alternation and quantifiers. Anything else
/// answers `false` and keeps a standard keyboard (a wrong "no" costs a keyboard switch, a wrong
/// "yes" would lock a user out of letters).
enum DigitsOnlyPattern {
    /// Whether every string `pattern` matches consists of ASCII digits only (and at least one
    /// digit atom is present).
    static func acceptsOnlyDigits(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count >= 3, scalars.first == "^", scalars.last == "$" else { return false }
        var parser = Parser(scalars: Array(scalars[1..<(scalars.count - 1)]))
        guard parser.alternation(), parser.isAtEnd, parser.atoms > 0 else { return false }
        return true
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var atoms = 0
        var depth = 0

        var isAtEnd: Bool { index == scalars.count }
        var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }

        /// alternative ('|' alternative)*
        mutating func alternation() -> Bool {
            guard sequence() else { return false }
            while current == "|" {
                index += 1
                guard sequence() else { return false }
            }
            return true
        }

        /// (atom quantifier?)*
        mutating func sequence() -> Bool {
            while let scalar = current, scalar != "|", scalar != ")" {
                guard atom(), quantifier() else { return false }
            }
            return true
        }

        mutating func atom() -> Bool {
            guard let scalar = current else { return false }
            switch scalar {
            case "0"..."9":
                index += 1
            case "\\":
                guard index + 1 < scalars.count, scalars[index + 1] == "d" else { return false }
                index += 2
            case "[":
                guard digitClass() else { return false }
            case "(":
                index += 1
                if current == "?" {
                    // Only a non-capturing group; lookarounds and named groups are refused.
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return false }
                    index += 2
                }
                depth += 1
                guard depth <= 32, alternation(), current == ")" else { return false }
                depth -= 1
                index += 1
            default:
                return false
            }
            atoms += 1
            return true
        }

        /// `[` (digit | digit-digit | \d)+ `]`
        mutating func digitClass() -> Bool {
            index += 1
            var members = 0
            while let scalar = current, scalar != "]" {
                switch scalar {
                case "0"..."9":
                    index += 1
                    if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                        let upper = scalars[index + 1]
                        guard ("0"..."9").contains(upper), upper >= scalar else { return false }
                        index += 2
                    }
                case "\\":
                    guard index + 1 < scalars.count, scalars[index + 1] == "d" else { return false }
                    index += 2
                default:
                    return false
                }
                members += 1
            }
            guard current == "]", members > 0 else { return false }
            index += 1
            return true
        }

        /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy.
        mutating func quantifier() -> Bool {
            guard let scalar = current else { return true }
            switch scalar {
            case "*", "+", "?":
                index += 1
            case "{":
                index += 1
                guard digits() else { return false }
                if current == "," {
                    index += 1
                    if current != "}" { guard digits() else { return false } }
                }
                guard current == "}" else { return false }
                index += 1
            default:
                return true
            }
            if current == "?" { index += 1 }
            return true
        }

        mutating func digits() -> Bool {
            let start = index
            while let scalar = current, ("0"..."9").contains(scalar) { index += 1 }
            return index > start
        }
    }
}
