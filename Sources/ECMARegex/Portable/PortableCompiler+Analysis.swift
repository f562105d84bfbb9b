// MARK: - Analysis

extension PortableCompiler {
    /// For each instruction, the captures and marks that a path from it may read before they are written
    /// again (bit `2k` a capture, `2k + 1` its mark, `k` the group's rank among those a back-reference
    /// names); nil when that is too costly to know (more than 32 such groups, or a very long program).
    /// Where nothing is live, the rest of a match cannot depend on the captures.
    func liveCaptures() -> [UInt64]? {
        var referenced: [Int: Int] = .init()
        for instruction in instructions {
            if case .backreference(let group, _, _, _, _) = instruction, referenced[group] == nil {
                referenced[group] = referenced.count
            }
        }
        guard referenced.count <= 32, instructions.count <= 200_000 else { return nil }
        func bit(_ group: Int, mark: Bool) -> UInt64 {
            guard let rank = referenced[group] else { return 0 }
            return 1 << UInt64(2 * rank + (mark ? 1 : 0))
        }
        var loopKills = [UInt64](repeating: 0, count: loops.count)
        for (index, loop) in loops.enumerated() {
            for group in loop.captures { loopKills[index] |= bit(group, mark: false) }
        }
        let count = instructions.count
        var successors = [[Int]](repeating: [], count: count)
        for (pc, instruction) in instructions.enumerated() {
            switch instruction {
            case .strings(_, let exit, _): successors[pc] = [exit, pc + 1]
            case .split(let first, let second): successors[pc] = [first, second]
            case .dispatch(let index): successors[pc] = dispatchTables[index].entries.map { Int($0) }
            case .jump(let target): successors[pc] = [target]
            case .loopHead(let index): successors[pc] = [pc + 1, loops[index].exit]
            case .loopTail(let index): successors[pc] = [loops[index].head]
            case .lookStart(_, let end): successors[pc] = [pc + 1, end + 1]
            case .match: successors[pc] = []
            case .single, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .open, .close, .loopInit,
                .loopBegin, .repeatSingle, .backreference, .lookEnd, .memo:
                successors[pc] = [pc + 1]
            }
        }
        var predecessors = [[Int]](repeating: [], count: count)
        for pc in 0..<count { for next in successors[pc] where next < count { predecessors[next].append(pc) } }
        var live = [UInt64](repeating: 0, count: count)
        var pending = Array(0..<count)
        var queued = [Bool](repeating: true, count: count)
        while let pc = pending.popLast() {
            queued[pc] = false
            var after: UInt64 = 0
            for next in successors[pc] where next < count { after |= live[next] }
            var before = after
            switch instructions[pc] {
            case .backreference(let group, _, _, _, _):
                before |= bit(group, mark: false)
            case .close(let group, _):
                before &= ~bit(group, mark: false)
                if after & bit(group, mark: false) != 0 { before |= bit(group, mark: true) }
            case .open(let group, _):
                before &= ~bit(group, mark: true)
            case .loopBegin(let index):
                before &= ~loopKills[index]
            default:
                break
            }
            if before != live[pc] {
                live[pc] = before
                for previous in predecessors[pc] where !queued[previous] {
                    queued[previous] = true
                    pending.append(previous)
                }
            }
        }
        return live
    }

    /// The run slots of the positive lookaheads led by an unbounded greedy quantifier that an attempt
    /// meets at its start position before anything can consume a character: from the first instruction,
    /// through zero-width steps, into positive lookahead bodies and past lookarounds (a lookaround leaves
    /// the position where it was). If one of them fails at a start position, so does the attempt.
    static func startGuards(_ instructions: [PortableInstruction]) -> [Int] {
        var guards: [Int] = []
        var pending = [0]
        var visited = Set<Int>()
        while let pc = pending.popLast() {
            guard pc < instructions.count, visited.insert(pc).inserted else { continue }
            switch instructions[pc] {
            case .lookStart(let negative, let end):
                pending.append(end + 1)
                if negative { continue }
                pending.append(pc + 1)
                if case .repeatSingle(_, _, let max, _, false, let run) = instructions[pc + 1], max == Int.max, run >= 0 {
                    guards.append(Int(run))
                }
            case .open, .close, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary:
                pending.append(pc + 1)
            case .single, .strings, .split, .dispatch, .jump, .loopInit, .loopHead, .loopBegin, .loopTail, .repeatSingle,
                .backreference, .lookEnd, .memo, .match:
                continue
            }
        }
        return guards.sorted()
    }

    static func hasBackreference(_ node: RegexNode) -> Bool {
        switch node {
        case .backreference: return true
        case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .characterClass:
            return false
        case .sequence(let nodes), .alternation(let nodes): return nodes.contains(where: hasBackreference)
        case .group(let inner), .capture(_, _, let inner), .lookahead(let inner, _), .lookbehind(let inner, _),
            .quantified(let inner, _, _, _), .modified(let inner, _):
            return hasBackreference(inner)
        }
    }

    /// The groups whose opening parenthesis lies inside `node` (consecutive numbers).
    static func captureRange(_ node: RegexNode) -> Range<Int> {
        var low = Int.max
        var high = Int.min
        func visit(_ node: RegexNode) {
            switch node {
            case .capture(let index, _, let inner):
                low = min(low, index)
                high = max(high, index)
                visit(inner)
            case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary,
                .characterClass, .backreference:
                break
            case .sequence(let nodes), .alternation(let nodes): nodes.forEach(visit)
            case .group(let inner), .lookahead(let inner, _), .lookbehind(let inner, _), .quantified(let inner, _, _, _),
                .modified(let inner, _):
                visit(inner)
            }
        }
        visit(node)
        return low <= high ? low..<(high + 1) : 0..<0
    }

    /// The fewest characters a match of `node` consumes (saturating).
    static func minimumLength(_ node: RegexNode) -> Int {
        var unbounded = Int.max
        return boundedMinimumLength(node, budget: &unbounded) ?? 0
    }

    /// ``minimumLength(_:)`` visiting fewer than `limit` nodes; nil when that is not enough to know. The
    /// walks that ask at every level of a pattern (quantifiers, alternations) use ``localVisitLimit``, so
    /// that patterns nested thousands deep stay linear to compile, and read nil as "may match empty".
    static func minimumLength(_ node: RegexNode, visiting limit: Int) -> Int? {
        var budget = limit
        return boundedMinimumLength(node, budget: &budget)
    }

    /// Nodes a per-level question about a subtree visits before it answers "unknown".
    static let localVisitLimit = 256

    /// Whether a class may match the empty string (a `v`-mode `\q{}` alternative, conservatively).
    private static func classMayBeEmpty(_ set: ClassSet) -> Bool {
        switch set {
        case .strings(let strings): return strings.contains { $0.isEmpty }
        case .stringProperty: return false
        case .union(let members): return members.contains(where: classMayBeEmpty)
        case .intersection(let members), .subtraction(let members): return members.first.map(classMayBeEmpty) ?? false
        case .character, .range, .builtin, .property, .complement: return false
        }
    }

    func isAnchored(_ node: RegexNode) -> Bool {
        switch node {
        case .inputStart: return true
        case .lineStart: return !flags.multiline
        case .sequence(let nodes): return nodes.first.map(isAnchored) ?? false
        case .group(let inner), .capture(_, _, let inner): return isAnchored(inner)
        case .modified(let inner, let modifiers):
            return modifiers.multiline == flags.multiline && isAnchored(inner)
        case .alternation(let nodes): return !nodes.isEmpty && nodes.allSatisfy(isAnchored)
        default: return false
        }
    }

    /// Characters every match must start with, when that is cheap to know.
    mutating func firstCharacters(_ node: RegexNode) -> [ClosedRange<UInt32>]? {
        let flags = flags
        return Self.firstCharacters(node, flags: flags) { compiledClass($0) }
    }

    /// A superset of the characters a non-empty match of `node` can start with, as normalized ranges, when
    /// that is cheap to know (nil otherwise); `compile` compiles a class (the caller's cache). Shared by the
    /// compiler's start-position skip and ``BacktrackingCost``'s overlap test.
    static func firstCharacters(
        _ node: RegexNode, flags: RegexFlags, compile: (ClassSet) -> PortableClassCompiler.Compiled
    ) -> [ClosedRange<UInt32>]? {
        // A budget of visited nodes: `BacktrackingCost` asks at every alternation, and on alternations
        // nested a thousand deep an unbounded walk made compiling cubic (512 s in a debug build).
        var budget = firstCharactersBudget
        return firstCharacters(node, flags: flags, budget: &budget, compile: compile)
    }

    /// The first node of a sequence past its zero-width assertions (anchors, word boundaries,
    /// lookarounds, empty nodes): the one a match's first character belongs to.
    static func firstConsuming(_ nodes: [RegexNode]) -> RegexNode? {
        nodes.first { node in
            switch node {
            case .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .lookahead, .lookbehind, .empty: false
            default: true
            }
        }
    }

    /// Nodes ``firstCharacters(_:flags:compile:)`` visits before it answers "unknown" (nil).
    static let firstCharactersBudget = 4_096

    static func firstCharacters(
        _ node: RegexNode, flags: RegexFlags, budget: inout Int, compile: (ClassSet) -> PortableClassCompiler.Compiled
    ) -> [ClosedRange<UInt32>]? {
        budget -= 1
        guard budget > 0 else { return nil }
        switch node {
        case .character(let value):
            return flags.ignoreCase
                ? PortableCaseFolding.closure([value...value], unicode: flags.isUnicodeAware) : [value...value]
        case .characterClass(let set):
            let compiled = compile(set)
            return compiled.strings.isEmpty ? compiled.characters : nil
        case .sequence(let nodes):
            guard let node = firstConsuming(nodes), consumes(node, budget: &budget) else { return nil }
            return firstCharacters(node, flags: flags, budget: &budget, compile: compile)
        case .alternation(let nodes):
            var union: [ClosedRange<UInt32>] = []
            for node in nodes {
                guard consumes(node, budget: &budget),
                    let first = firstCharacters(node, flags: flags, budget: &budget, compile: compile)
                else {
                    return nil
                }
                union += first
            }
            return PortableRanges.normalized(union)
        case .group(let inner), .capture(_, _, let inner):
            return firstCharacters(inner, flags: flags, budget: &budget, compile: compile)
        case .modified:
            // The caller's class cache is keyed by the pattern's flags.
            return nil
        case .quantified(let inner, let min, _, _):
            return min > 0 ? firstCharacters(inner, flags: flags, budget: &budget, compile: compile) : nil
        case .empty, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .lookahead, .lookbehind,
            .backreference:
            return nil
        }
    }

    /// Whether every match of `node` consumes a character (`minimumLength(node) > 0`), spending the
    /// caller's budget; false when the budget runs out (unknown).
    static func consumes(_ node: RegexNode, budget: inout Int) -> Bool {
        (boundedMinimumLength(node, budget: &budget) ?? 0) > 0
    }

    /// ``minimumLength(_:)`` within a budget of visited nodes (nil when it runs out).
    private static func boundedMinimumLength(_ node: RegexNode, budget: inout Int) -> Int? {
        budget -= 1
        guard budget > 0 else { return nil }
        switch node {
        case .empty, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .lookahead, .lookbehind,
            .backreference:
            return 0
        case .character, .dot:
            return 1
        case .characterClass(let set):
            return classMayBeEmpty(set) ? 0 : 1
        case .sequence(let nodes):
            var total = 0
            for node in nodes {
                guard let length = boundedMinimumLength(node, budget: &budget) else { return nil }
                total = Swift.min(total + length, Int.max / 2)
            }
            return total
        case .alternation(let nodes):
            var least = Int.max / 2
            for node in nodes {
                guard let length = boundedMinimumLength(node, budget: &budget) else { return nil }
                least = Swift.min(least, length)
            }
            return nodes.isEmpty ? 0 : least
        case .group(let inner), .capture(_, _, let inner), .modified(let inner, _):
            return boundedMinimumLength(inner, budget: &budget)
        case .quantified(let inner, let min, _, _):
            guard let length = boundedMinimumLength(inner, budget: &budget) else { return nil }
            let product = length.multipliedReportingOverflow(by: min)
            return product.overflow ? Int.max / 2 : Swift.min(product.partialValue, Int.max / 2)
        }
    }
}
