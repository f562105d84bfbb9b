// MARK: - Large alternations and classes of strings at the start

extension PortableCompiler {
    /// Alternations with at least this many branches dispatch on the next character (``PortableDispatchTable``).
    static let dispatchMinimum = 8

    /// Nodes the first-character question visits per branch of a dispatched alternation: the question is
    /// asked at every alternation, so it stays local (patterns nested thousands deep compile in linear time).
    static let dispatchVisitLimit = 256

    /// `a|b|…`: a chain of splits, or, with many branches of which most start with known characters (going
    /// forward), a `dispatch` that tries only the branches that can start with the next character.
    mutating func emitAlternation(_ nodes: [RegexNode], backward: Bool) {
        guard !backward, nodes.count >= Self.dispatchMinimum else {
            emitAlternatives(nodes.count) { compiler, index in compiler.emit(nodes[index], backward: backward) }
            return
        }
        let firsts = nodes.map { branchFirstCharacters($0) }
        guard firsts.count(where: { $0 == nil }) * 2 < nodes.count, var table = PortableDispatchTable(firsts: firsts) else {
            emitAlternatives(nodes.count) { compiler, index in compiler.emit(nodes[index], backward: backward) }
            return
        }
        let head = append(.jump(-1))
        var entries: [Int] = []
        var jumps: [Int] = []
        for (index, node) in nodes.enumerated() {
            entries.append(instructions.count)
            emit(node, backward: false)
            if index < nodes.count - 1 { jumps.append(append(.jump(-1))) }
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
        table.place(at: entries)
        dispatchTables.append(table)
        instructions[head] = .dispatch(dispatchTables.count - 1)
    }

    /// Characters every match of `node` starts with, when it always consumes one and that is cheap to know
    /// (nil: the branch may start anywhere, or match empty).
    private mutating func branchFirstCharacters(_ node: RegexNode) -> [ClosedRange<UInt32>]? {
        guard (Self.minimumLength(node, visiting: Self.dispatchVisitLimit) ?? 0) > 0 else { return nil }
        var budget = Self.dispatchVisitLimit
        let flags = flags
        return Self.firstCharacters(node, flags: flags, budget: &budget) { compiledClass($0) }
    }
}

extension PortableCompiler {
    /// The string table and single characters of the class every match starts with, when it has strings
    /// (see ``PortableProgram/startClass``): the first node that consumes, past zero-width assertions, is
    /// such a class, or a group or a quantifier with a minimum around one.
    mutating func startClass(_ node: RegexNode) -> (table: Int, characters: Int)? {
        switch node {
        case .sequence(let nodes):
            return Self.firstConsuming(nodes).flatMap { startClass($0) }
        case .group(let inner), .capture(_, _, let inner):
            return startClass(inner)
        case .quantified(let inner, let min, _, _):
            return min > 0 ? startClass(inner) : nil
        case .characterClass(let set):
            let compiled = compiledClass(set)
            guard !compiled.strings.isEmpty, compiled.stringProperty != nil || !compiled.strings.contains(where: { $0.isEmpty })
            else { return nil }
            return (stringTable(for: set, compiled, backward: false), setIndex(compiled.characters))
        default:
            return nil
        }
    }
}
