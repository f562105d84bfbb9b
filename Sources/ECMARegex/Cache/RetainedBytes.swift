/// Estimates of the bytes a compiled regex keeps alive, for ``RegexCache``'s byte bound.
///
/// Each figure counts what the regex alone holds: its pattern, syntax tree, portable program and PCRE2
/// code. The process-wide tables (Unicode properties, properties of strings and their portable tables)
/// are shared by every regex and counted nowhere. Collections count their elements plus a 32-byte header;
/// an indirect enum case a 48-byte box.
extension RegexEngine {
    /// The bytes this regex holds or, for its lazily built parts, will hold once used: the pattern and
    /// flags, the syntax tree, the PCRE2 code (``CompiledRegex/estimatedBytes``) and the portable program
    /// (its own figure once compiled; on the PCRE2 backend, where it is compiled only after a PCRE2 limit,
    /// an estimate from the syntax tree).
    var estimatedBytes: Int {
        var total = 128 + pattern.utf8.count + flags.utf8.count
        let tree = parsed.root.estimatedBytes
        total += tree + parsed.groupNames.reduce(0) { $0 + 48 + $1.key.utf8.count }
        #if PCRE2_BACKEND
            total += pcre2?.estimatedBytes ?? 0
        #endif
        if let program = portableProgramIfCompiled {
            total += program.estimatedBytes
        } else {
            // Measured: a program takes at most about as many bytes as the tree it is compiled from.
            total += tree
        }
        return total
    }
}

extension PortableProgram {
    /// Bytes the program holds, without the shared tables of properties of strings (a class's own string
    /// table is counted).
    var estimatedBytes: Int {
        var total = 256
        total += 32 + instructions.count * MemoryLayout<PortableInstruction>.stride
        total += 32 + sets.reduce(0) { $0 + $1.estimatedBytes }
        total += 32 + stringTables.count * 8
        for table in stringTables where !table.isShared { total += table.estimatedBytes }
        total += 32 + dispatchTables.reduce(0) { $0 + $1.estimatedBytes }
        total += 32 + loops.count * MemoryLayout<Loop>.stride
        total += 32 + memoPoints.reduce(0) { $0 + 48 + $1.loops.count * 8 }
        total += 32 + (memoConditions.count + lookaroundEnds.count + lookaroundAtEnd.count + startGuards.count) * 8
        total += wordCharacters.estimatedBytes + (firstCharacters?.estimatedBytes ?? 0)
        if let automaton { total += 48 + automaton.states.count * MemoryLayout<PortableAutomaton.State>.stride }
        total += 32 + requiredSets.count * 8
        return total
    }
}

extension RegexNode {
    /// Bytes of the syntax tree below and including this node (walked with an explicit stack, so a deeply
    /// nested pattern needs no native stack).
    var estimatedBytes: Int {
        var total = 0
        var nodes: [RegexNode] = [self]
        var sets: [ClassSet] = []
        while let node = nodes.popLast() {
            total += 48
            switch node {
            case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .backreference:
                break
            case .characterClass(let set):
                sets.append(set)
            case .sequence(let members), .alternation(let members):
                total += 32 + members.count * 8
                nodes += members
            case .capture(_, let name, let inner):
                total += name?.utf8.count ?? 0
                nodes.append(inner)
            case .group(let inner), .lookahead(let inner, _), .lookbehind(let inner, _), .quantified(let inner, _, _, _),
                .modified(let inner, _):
                nodes.append(inner)
            }
        }
        while let set = sets.popLast() {
            total += 48
            switch set {
            case .character, .range, .builtin, .property, .stringProperty:
                break
            case .strings(let strings):
                total += 32 + strings.reduce(0) { $0 + 32 + $1.count * 4 }
            case .union(let members), .intersection(let members), .subtraction(let members):
                total += 32 + members.count * 8
                sets += members
            case .complement(let inner):
                sets.append(inner)
            }
        }
        return total
    }
}
