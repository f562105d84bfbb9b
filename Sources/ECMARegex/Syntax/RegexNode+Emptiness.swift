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
