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
