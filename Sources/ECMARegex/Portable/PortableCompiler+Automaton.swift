// MARK: - The automaton

extension PortableCompiler {
    /// The pattern's automaton (see ``PortableAutomaton``), when it qualifies.
    mutating func automaton(_ root: RegexNode) -> PortableAutomaton? {
        var builder = PortableAutomatonBuilder()
        guard let accept = builder.add(.accept),
              let start = automatonState(root, next: accept, into: &builder)
        else { return nil }
        return PortableAutomaton(states: builder.states, start: start, readsNextCharacter: builder.readsNextCharacter)
    }

    /// The entry state of `node` followed by `next`; nil when the node does not qualify or the states run out.
    mutating func automatonState(
        _ node: RegexNode, next: Int32, into builder: inout PortableAutomatonBuilder
    ) -> Int32? {
        switch node {
        case .empty:
            return next
        case .character(let value):
            return builder.add(.step(single(for: value), next: next))
        case .dot:
            return builder.add(.step(flags.dotAll ? .any : .notLineTerminator, next: next))
        case .lineStart:
            return builder.add(.check(flags.multiline ? .lineStart : .inputStart, next: next))
        case .lineEnd:
            return builder.add(.check(flags.multiline ? .lineEnd : .inputEnd, next: next))
        case .inputStart:
            return builder.add(.check(.inputStart, next: next))
        case .inputEnd:
            return builder.add(.check(.inputEnd, next: next))
        case .wordBoundary(let negated):
            // The program's word characters are the pattern's; a modifier group that changes them is left
            // to the backtracking matcher (which spells the boundary out).
            guard !(flags.isUnicodeAware && flags.ignoreCase != programIgnoresCase) else { return nil }
            return builder.add(.check(negated ? .notWordBoundary : .wordBoundary, next: next))
        case .characterClass(let set):
            // The class's set index, kept by class: hashing a large class's ranges (`[\p{L}\p{N}]`) again
            // would cost more than the rest of the automaton.
            let key = ClassKey(set: set, ignoreCase: flags.ignoreCase)
            let index: Int
            if let known = automatonClassSets[key] {
                index = known
            } else {
                let compiled = compiledClass(set)
                guard compiled.strings.isEmpty else { return nil }
                index = setIndex(compiled.characters)
                automatonClassSets[key] = index
            }
            return builder.add(.step(.set(index), next: next))
        case .sequence(let nodes):
            var current = next
            for node in nodes.reversed() {
                guard let entry = automatonState(node, next: current, into: &builder) else { return nil }
                current = entry
            }
            return current
        case .alternation(let nodes):
            guard var current = nodes.last.flatMap({ automatonState($0, next: next, into: &builder) }) else {
                return nodes.isEmpty ? next : nil
            }
            for node in nodes.dropLast().reversed() {
                guard let entry = automatonState(node, next: next, into: &builder),
                      let split = builder.add(.split(entry, current))
                else { return nil }
                current = split
            }
            return current
        case .group(let inner), .capture(_, _, let inner):
            return automatonState(inner, next: next, into: &builder)
        case .modified(let inner, let modifiers):
            let saved = flags
            flags = flags.applying(modifiers)
            defer { flags = saved }
            return automatonState(inner, next: next, into: &builder)
        case .lookahead, .lookbehind, .backreference:
            return nil
        case .quantified(let inner, let min, let max, _):
            // Greediness orders the matches, it does not change whether one exists.
            if let max, max < min { return nil }
            guard builder.hasRoom(for: min + (max.map { $0 - min } ?? 1)) else { return nil }
            var current = next
            // The first copy of `inner` is built from the tree, the others copy its states (a counted repeat
            // compiles its classes once, not once a copy).
            var template: PortableAutomatonBuilder.Template?
            if let max {
                // At most `max - min` optional copies, each one's continuation the next optional copy.
                for _ in 0..<(max - min) {
                    guard let entry = automatonCopy(inner, next: current, template: &template, into: &builder),
                          let split = builder.add(.split(entry, next))
                    else { return nil }
                    current = split
                }
            } else {
                // A loop: the split first (a placeholder while its body is built towards it).
                guard let loop = builder.add(.epsilon(next)),
                      let entry = automatonState(inner, next: loop, into: &builder)
                else { return nil }
                builder.set(loop, .split(entry, next))
                current = loop
            }
            for _ in 0..<min {
                guard let entry = automatonCopy(inner, next: current, template: &template, into: &builder) else {
                    return nil
                }
                current = entry
            }
            return current
        }
    }

    /// One copy of `inner` followed by `next`: built from the tree the first time (and kept as `template`),
    /// then copied from the template's states.
    private mutating func automatonCopy(
        _ inner: RegexNode, next: Int32, template: inout PortableAutomatonBuilder.Template?,
        into builder: inout PortableAutomatonBuilder
    ) -> Int32? {
        if let template { return builder.copy(template, continuingAt: next) }
        let start = Int32(builder.states.count)
        guard let entry = automatonState(inner, next: next, into: &builder) else { return nil }
        template = PortableAutomatonBuilder.Template(
            states: start..<Int32(builder.states.count), entry: entry, continuation: next)
        return entry
    }
}
