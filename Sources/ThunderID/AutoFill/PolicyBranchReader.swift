import ECMARegex

/// Reads a parsed schema regex into ``PolicyBranch``es, or nil for a shape it cannot prove anything
/// about; a branch never claims a match the pattern might refuse.
///
/// Each alternative (alternations multiplied out up to ``maximumBranches``) must be anchors and
/// lookaheads, then quantified single-character atoms, then `$`; anything else drops the branch.
package enum PolicyBranchReader {
    /// At most this many alternatives are read, so a pattern of many nested alternations stays cheap.
    package static let maximumBranches = 64

    /// A node with the flags in force where it stands (pattern modifiers change them).
    struct Item {
        var node: RegexNode
        var flags: RegexFlags
    }

    /// A quantified single-character atom.
    struct Atom {
        var set: PrintableASCIISet
        var minimum: Int
        var maximum: Int?
    }

    /// The readable branches of `regex`; nil when the engine refuses it or it nests deeper than the
    /// reading recurses.
    package static func branches(regex: String, flags: String) -> [PolicyBranch]? {
        guard let parsed = try? ParsedPattern(regex, flags: flags),
              parsed.nestingDepth <= ParsedPattern.callerStackNesting,
              let alternatives = expand(parsed.root, flags: parsed.flags)
        else { return nil }
        return alternatives.compactMap(read)
    }

    /// The sequences of items `node` may match as, alternations multiplied out; nil past the cap.
    static func expand(_ node: RegexNode, flags: RegexFlags) -> [[Item]]? {
        switch node {
        case .empty:
            return [[]]
        case .sequence(let children):
            var results: [[Item]] = [[]]
            for child in children {
                guard let options = expand(child, flags: flags),
                      results.count * options.count <= maximumBranches
                else { return nil }
                results = results.flatMap { prefix in options.map { prefix + $0 } }
            }
            return results
        case .alternation(let alternatives):
            var results: [[Item]] = []
            for alternative in alternatives {
                guard let options = expand(alternative, flags: flags) else { return nil }
                results += options
                guard results.count <= maximumBranches else { return nil }
            }
            return results
        case .capture(_, _, let body) where characters(body, flags: flags) != nil:
            // Kept whole: one character wide, it is an atom, and `(.)\1` in a lookahead needs its number.
            return [[Item(node: node, flags: flags)]]
        case .group(let body), .capture(_, _, let body):
            return expand(body, flags: flags)
        case .modified(let body, let modifiers):
            return expand(body, flags: flags.applyingModifiers(modifiers))
        case .quantified(let body, 0, 1, _) where characters(body, flags: flags) == nil:
            // `(…)?` of several atoms: the value either skips it or matches it once.
            guard let options = expand(body, flags: flags), options.count < maximumBranches else { return nil }
            return [[]] + options
        default:
            return [[Item(node: node, flags: flags)]]
        }
    }

    /// The characters `node` matches when it is one character wide, or nil.
    static func characters(_ node: RegexNode, flags: RegexFlags) -> PrintableASCIISet? {
        switch node {
        case .character(let value):
            let bits = RegexNode.characterPrintableASCIIMembers(value, flags: flags)
            return PrintableASCIISet(low: bits.low, high: bits.high)
        case .dot:
            let bits = RegexNode.dotPrintableASCIIMembers(flags: flags)
            return PrintableASCIISet(low: bits.low, high: bits.high)
        case .characterClass(let set):
            guard let bits = set.printableASCIIMembers(flags: flags) else { return nil }
            return PrintableASCIISet(low: bits.low, high: bits.high)
        case .group(let body), .capture(_, _, let body):
            return characters(body, flags: flags)
        case .modified(let body, let modifiers):
            return characters(body, flags: flags.applyingModifiers(modifiers))
        case .alternation(let alternatives):
            var union = PrintableASCIISet.empty
            for alternative in alternatives {
                guard let members = characters(alternative, flags: flags) else { return nil }
                union = union.union(members)
            }
            return union
        case .sequence(let children) where children.count == 1:
            return characters(children[0], flags: flags)
        default:
            return nil
        }
    }

    /// `item` as a quantified single-character atom, or nil.
    static func atom(_ item: Item) -> Atom? {
        if case .quantified(let body, let minimum, let maximum, _) = item.node {
            guard let set = characters(body, flags: item.flags) else { return nil }
            return Atom(set: set, minimum: minimum, maximum: maximum)
        }
        guard let set = characters(item.node, flags: item.flags) else { return nil }
        return Atom(set: set, minimum: 1, maximum: 1)
    }

    static func isStartAnchor(_ node: RegexNode) -> Bool {
        switch node {
        case .lineStart, .inputStart: return true
        default: return false
        }
    }

    static func isEndAnchor(_ node: RegexNode) -> Bool {
        switch node {
        case .lineEnd, .inputEnd: return true
        default: return false
        }
    }

    /// One alternative of the whole pattern as a branch, or nil when it has a part no rule can vouch for.
    static func read(_ items: [Item]) -> PolicyBranch? {
        var branch = PolicyBranch()
        var atoms: [Atom] = []
        var endAnchored = false
        for (index, item) in items.enumerated() {
            if endAnchored {
                // After `$` only another `$` may follow (anything consuming could never match).
                guard isEndAnchor(item.node) else { return nil }
                continue
            }
            if isStartAnchor(item.node) {
                guard atoms.isEmpty else { return nil }
            } else if case .wordBoundary(negated: false) = item.node {
                // `\b` before every atom, or after all of them before `$`, holds when every character is a word
                // character; anywhere else it is not read.
                let atEnd = !items[(index + 1)...].isEmpty && items[(index + 1)...].allSatisfy { isEndAnchor($0.node) }
                guard atoms.isEmpty || atEnd,
                      let word = characters(.characterClass(.builtin(.word, negated: false)), flags: item.flags)
                else { return nil }
                branch.alphabet = branch.alphabet.intersection(word)
                branch.minimumLength = max(branch.minimumLength, 1)
            } else if isEndAnchor(item.node) {
                endAnchored = true
            } else if case .lookahead(let body, let negative) = item.node {
                guard atoms.isEmpty else { return nil }
                guard let alternatives = expand(body, flags: item.flags) else { return nil }
                if negative {
                    for alternative in alternatives {
                        guard let refusal = PolicyLookaheadReader.refusal(alternative) else { return nil }
                        branch.refusals.append(refusal)
                    }
                } else {
                    guard PolicyLookaheadReader.apply(alternatives, to: &branch) else { return nil }
                }
            } else if let atom = atom(item) {
                atoms.append(atom)
            } else {
                return nil
            }
        }
        // Without `$`, trailing atoms that can match nothing need not match.
        if !endAnchored { while let last = atoms.last, last.minimum == 0 { atoms.removeLast() } }
        for atom in atoms { branch.alphabet = branch.alphabet.intersection(atom.set) }
        let cap = PolicyLookaheadReader.lengthCap
        branch.minimumLength = max(branch.minimumLength, atoms.reduce(0) { min($0 + min($1.minimum, cap), cap) })
        if endAnchored {
            let total = atoms.reduce(Int?.some(0)) { sum, atom in
                guard let sum, let maximum = atom.maximum else { return nil }
                return min(sum + min(maximum, cap), cap)
            }
            if let total { branch.maximumLength = min(branch.maximumLength ?? total, total) }
        }
        return branch
    }
}
