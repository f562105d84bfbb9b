/// Compiles a parsed pattern's syntax tree into a ``PortableProgram``, once per regex.
///
/// Quantifiers keep their counts in registers (nothing is unrolled), quantifiers over one character
/// become a single `repeatSingle` instruction, lookbehinds are compiled to match right to left, and
/// memo points are placed at loop heads and after quantifiers that can give back, where the rest of the
/// match depends on the position and a memo slot alone: the counts of the bounded loops around the point
/// select the slot (at most ``memoSlotLimit``), unbounded ones must be past their minimum and nullable ones
/// past their iteration's start at run time, and with back-references no capture may be live there
/// (`liveCaptures`). Inside a lookaround "the rest" ends at the lookaround's end: such a point records
/// whether it led to the body's success, and every lookaround's result is memoized by position (without
/// back-references, captures cannot change a `test` verdict, so groups are not recorded and a lookaround
/// is a function of the position).
struct PortableCompiler {
    /// The flags at the node being emitted: the pattern's, with the settings of enclosing modifier groups.
    var flags: RegexFlags
    /// Whether the program compares case-insensitively where a step does not decide itself (the
    /// pattern's `i`: back-references, and the keys of string dispatch tables).
    private let programIgnoresCase: Bool
    private let memoAllowed: Bool
    var instructions: [PortableInstruction] = []
    private var sets: [PortableCharacterSet] = []
    private var stringTables: [PortableStringTable] = []
    /// The tables of `dispatch` instructions (large alternations, see `emitAlternation`).
    var dispatchTables: [PortableDispatchTable] = []
    /// Groups whose `close` has been emitted: a back-reference to any other group reads a capture no path
    /// has set (see `hasEffectiveBackreference`), so it matches empty and is not emitted.
    private var closedGroups = Set<Int>()
    /// The forward back-references outside lookarounds, whose continuation bounds `compile` fills in.
    var backreferenceSites: [Int] = []
    /// Indices in ``stringTables``: shared tables by identity, a class's own table by its set and direction.
    private var sharedTableIndices: [ObjectIdentifier: Int] = .init()
    private var ownTableIndices: [ClassTableKey: Int] = .init()

    private struct ClassTableKey: Hashable {
        var set: ClassSet
        var backward: Bool
        /// The `i` at the class (a modifier group may change it).
        var ignoreCase: Bool
    }
    var loops: [PortableProgram.Loop] = []
    private var memoPoints: [PortableProgram.MemoPoint] = []
    private var nextRegister: Int
    /// Classes, sets and literal steps already compiled: a pattern at the length cap may repeat one class
    /// thousands of times, and its case closure is computed once.
    /// Compiled classes by key, as indices into ``compiledClassList`` (a `[ClassKey: Int]` is a dictionary
    /// type the compiler has anyway; one of `Compiled` values would be one more specialisation in the app).
    private var compiledClasses: [ClassKey: Int] = .init()
    private var compiledClassList: [PortableClassCompiler.Compiled] = []
    private var setIndices: [[ClosedRange<UInt32>]: Int] = .init()
    private var literalSteps: [UInt32: PortableInstruction.Single] = .init()
    /// The set index of each class the automaton steps on (see `automatonState`).
    private var automatonClassSets: [ClassKey: Int] = .init()

    private struct ClassKey: Hashable {
        var set: ClassSet
        var ignoreCase: Bool
    }
    private var lookaroundDepth = 0
    /// The `memo` instruction of each memo point.
    private var memoPointLocations: [Int] = []
    /// The lookarounds' `lookEnd` instructions, by lookaround number (in order of their `lookStart`).
    private var lookaroundEnds: [Int] = []
    /// The number of the lookaround whose body is being emitted.
    private var currentLookaround: Int?
    /// Loops around the current point, when all of them allow memo points.
    private var enclosingLoops: [Int]? = []
    /// Run cache slots given out so far (to greedy single-character quantifiers, in order).
    private var runSlotCount = 0
    /// The most run cache slots a program gets: four words each live on the machine stack for every search.
    static let runSlotLimit = 16

    private init(parsed: ParsedPattern) {
        flags = parsed.flags
        programIgnoresCase = parsed.flags.ignoreCase
        memoAllowed = !Self.hasEffectiveBackreference(parsed.root)
        nextRegister = (parsed.captureCount + 1) * 3
    }

    /// The program for `parsed`; `whole` requires the match to span the whole value.
    static func compile(_ parsed: ParsedPattern, whole: Bool) -> PortableProgram {
        let root: RegexNode = whole ? .sequence([.inputStart, .group(parsed.root), .inputEnd]) : parsed.root
        var compiler = PortableCompiler(parsed: parsed)
        compiler.emit(root, backward: false)
        compiler.instructions.append(.match)
        compiler.boundBackreferences()
        let flags = parsed.flags
        let anchored = compiler.isAnchored(root)
        var first: PortableCharacterSet?
        if !anchored, let ranges = compiler.firstCharacters(root) {
            first = PortableCharacterSet(ranges)
        }
        var conditions = [Int](repeating: 0, count: compiler.memoPoints.count + 1)
        var slotBase = [Int](repeating: 0, count: compiler.memoPoints.count + 1)
        // With back-references, a point where a capture may still be read is turned off (kind 3: never).
        let live = compiler.memoAllowed ? nil : compiler.liveCaptures()
        for (index, point) in compiler.memoPoints.enumerated() {
            conditions[index] = conditions.count
            if !compiler.memoAllowed && live?[compiler.memoPointLocations[index]] != 0 {
                conditions += [3, 0, 0]
                slotBase[index + 1] = slotBase[index] + 1
                continue
            }
            var slots = 1
            for loop in point.loops {
                let description = compiler.loops[loop]
                if description.max == Int.max {
                    if description.min > 0 { conditions += [0, description.register, description.min] }
                } else {
                    conditions += [2, description.register, slots]
                    slots *= description.max + 1
                }
                if description.nullable && point.head != loop { conditions += [1, description.register + 1, 0] }
            }
            slotBase[index + 1] = slotBase[index] + slots
        }
        conditions[compiler.memoPoints.count] = conditions.count
        let automaton = compiler.automaton(root)
        let required = compiler.requiredSets(root).map { compiler.setIndex($0) }
        let startClass = anchored || first != nil ? nil : compiler.startClass(root)
        return PortableProgram(
            instructions: compiler.instructions, sets: compiler.sets, stringTables: compiler.stringTables,
            dispatchTables: compiler.dispatchTables, startClass: startClass,
            loops: compiler.loops,
            memoPoints: compiler.memoPoints, memoConditions: conditions, memoSlotBase: slotBase,
            lookaroundEnds: compiler.lookaroundEnds,
            lookaroundAtEnd: compiler.lookaroundNumbersByEnd(),
            memoizesLookarounds: compiler.memoAllowed,
            startGuards: compiler.memoAllowed ? Self.startGuards(compiler.instructions) : [],
            runSlotCount: compiler.runSlotCount, registerCount: compiler.nextRegister,
            captureCount: parsed.captureCount,
            wordCharacters: PortableCharacterSet(PortableClassCompiler.wordCharacters(flags: flags)),
            ignoreCase: flags.ignoreCase, unicode: flags.isUnicodeAware,
            anchoredAtStart: anchored, firstCharacters: first, minimumLength: Self.minimumLength(root),
            automaton: automaton, requiredSets: required)
    }

    // MARK: - Emission

    @discardableResult
    mutating func append(_ instruction: PortableInstruction) -> Int {
        instructions.append(instruction)
        return instructions.count - 1
    }

    mutating func emit(_ node: RegexNode, backward: Bool) {
        switch node {
        case .empty:
            break
        case .character(let value):
            append(.single(single(for: value), backward: backward))
        case .modified(let inner, let modifiers):
            let saved = flags
            flags = flags.applying(modifiers)
            emit(inner, backward: backward)
            flags = saved
        case .dot:
            append(.single(flags.dotAll ? .any : .notLineTerminator, backward: backward))
        case .lineStart:
            append(flags.multiline ? .lineStart : .inputStart)
        case .lineEnd:
            append(flags.multiline ? .lineEnd : .inputEnd)
        case .inputStart:
            append(.inputStart)
        case .inputEnd:
            append(.inputEnd)
        case .wordBoundary(let negated):
            if flags.isUnicodeAware, flags.ignoreCase != programIgnoresCase {
                // The program's word characters are the pattern's; inside a modifier group that changes `i`
                // in `u`/`v` mode (where `i` adds U+017F and U+212A), spell the boundary out with the group's.
                emit(Self.wordBoundary(negated: negated, flags: flags), backward: backward)
            } else {
                append(.wordBoundary(negated: negated))
            }
        case .characterClass(let set):
            emitClass(set, backward: backward)
        case .sequence(let nodes):
            for node in backward ? nodes.reversed() : nodes { emit(node, backward: backward) }
        case .alternation(let nodes):
            emitAlternation(nodes, backward: backward)
        case .group(let inner):
            emit(inner, backward: backward)
        case .capture(let index, _, let inner):
            // Without back-references no instruction reads a capture (`test` answers a boolean), so the
            // group is matched without recording it: no register writes, no restore entries on the stack.
            guard !memoAllowed else {
                emit(inner, backward: backward)
                closedGroups.insert(index)
                break
            }
            append(.open(group: index, backward: backward))
            emit(inner, backward: backward)
            append(.close(group: index, backward: backward))
            closedGroups.insert(index)
        case .lookahead(let inner, let negative):
            emitLookaround(inner, negative: negative, backward: false)
        case .lookbehind(let inner, let negative):
            emitLookaround(inner, negative: negative, backward: true)
        case .quantified(let inner, let min, let max, let greedy):
            emitQuantified(inner, min: min, max: max ?? Int.max, greedy: greedy, backward: backward)
        case .backreference(let group):
            // Before its group's `close` (inside the group, or before it in matching order) the capture is
            // unset on every path: a loop that leads back to here resets the groups inside it.
            guard closedGroups.contains(group) else { break }
            let site = append(.backreference(
                group: group, backward: backward, ignoreCase: flags.ignoreCase, minimumAfter: 0, endsSubject: false))
            if !backward && lookaroundDepth == 0 { backreferenceSites.append(site) }
        }
    }

    /// `\b` (or `\B`) as lookarounds over an explicit set of word characters (`WordCharacters` of `flags`),
    /// written so that it means the same under either `i`.
    static func wordBoundary(negated: Bool, flags: RegexFlags) -> RegexNode {
        let word = RegexNode.characterClass(.union(
            PortableClassCompiler.wordCharacters(flags: flags).map { .range($0.lowerBound, $0.upperBound) }))
        // The word set is closed under case folding in every mode, so `i` cannot change it.
        let before = RegexNode.lookbehind(word, negative: false)
        let notBefore = RegexNode.lookbehind(word, negative: true)
        let after = RegexNode.lookahead(word, negative: false)
        let notAfter = RegexNode.lookahead(word, negative: true)
        return negated
            ? .alternation([.sequence([before, after]), .sequence([notBefore, notAfter])])
            : .alternation([.sequence([before, notAfter]), .sequence([notBefore, after])])
    }

    /// The step for one literal: exact, or by canonical value under `i` when it has other case forms.
    private mutating func single(for value: UInt32) -> PortableInstruction.Single {
        guard flags.ignoreCase else { return .character(value) }
        if !programIgnoresCase {
            // Inside `(?i:…)` of a pattern without `i`: the case closure as a set.
            let closure = PortableCaseFolding.closure([value...value], unicode: flags.isUnicodeAware)
            return closure.count == 1 && closure[0].count == 1 ? .character(value) : .set(setIndex(closure))
        }
        if let known = literalSteps[value] { return known }
        let step: PortableInstruction.Single
        if PortableCaseFolding.closure([value...value], unicode: flags.isUnicodeAware) == [value...value] {
            step = .character(value)
        } else {
            step = .folded(PortableCaseFolding.canonicalize(value, unicode: flags.isUnicodeAware))
        }
        literalSteps[value] = step
        return step
    }

    mutating func compiledClass(_ set: ClassSet) -> PortableClassCompiler.Compiled {
        let key = ClassKey(set: set, ignoreCase: flags.ignoreCase)
        if let known = compiledClasses[key] { return compiledClassList[known] }
        let compiled = PortableClassCompiler(flags: flags).compile(set)
        compiledClasses[key] = compiledClassList.count
        compiledClassList.append(compiled)
        return compiled
    }

    mutating func setIndex(_ ranges: [ClosedRange<UInt32>]) -> Int {
        if let known = setIndices[ranges] { return known }
        sets.append(PortableCharacterSet(ranges))
        setIndices[ranges] = sets.count - 1
        return sets.count - 1
    }

    /// A class; with `v` strings: the strings longest first, then the single characters, then the empty string.
    ///
    /// The strings sit in a ``PortableStringTable``, grouped by the character a match meets first (the
    /// first one, or the last when matching backwards): strings of different groups can never match at the
    /// same position, so trying only the group of the next character, longest first, and then the single
    /// characters keeps ECMA-262's order while a property of strings costs a lookup, not thousands of tries.
    /// A property of strings brings its process-wide table, so an occurrence costs a few instructions.
    private mutating func emitClass(_ set: ClassSet, backward: Bool) {
        let compiled = compiledClass(set)
        if compiled.strings.isEmpty {
            append(.single(.set(setIndex(compiled.characters)), backward: backward))
            return
        }
        let table = stringTable(for: set, compiled, backward: backward)
        let head = append(.jump(-1))
        let characters = setIndex(compiled.characters)
        // A property of strings holds no empty string (and its thousands of strings are not searched here).
        if compiled.stringProperty == nil && compiled.strings.contains(where: { $0.isEmpty }) {
            emitAlternatives(2) { compiler, index in
                if index == 0 { compiler.append(.single(.set(characters), backward: backward)) }
            }
        } else {
            append(.single(.set(characters), backward: backward))
        }
        instructions[head] = .strings(table, exit: instructions.count, backward: backward)
    }

    /// The index of the string table of a class with strings: the property's shared one, or one built for
    /// this class and direction (once per program).
    mutating func stringTable(
        for set: ClassSet, _ compiled: PortableClassCompiler.Compiled, backward: Bool
    ) -> Int {
        if let property = compiled.stringProperty {
            let table = property.portableTable(folded: flags.ignoreCase, unicode: flags.isUnicodeAware, backward: backward)
            if let known = sharedTableIndices[ObjectIdentifier(table)] { return known }
            stringTables.append(table)
            sharedTableIndices[ObjectIdentifier(table)] = stringTables.count - 1
            return stringTables.count - 1
        }
        let key = ClassTableKey(set: set, backward: backward, ignoreCase: flags.ignoreCase)
        if let known = ownTableIndices[key] { return known }
        stringTables.append(PortableStringTable(
            compiled.strings, ignoreCase: flags.ignoreCase, unicode: flags.isUnicodeAware, backward: backward))
        ownTableIndices[key] = stringTables.count - 1
        return stringTables.count - 1
    }

    mutating func emitAlternatives(_ count: Int, _ body: (inout PortableCompiler, Int) -> Void) {
        guard count > 0 else { return }
        var jumps: [Int] = []
        for index in 0..<count - 1 {
            let split = append(.jump(-1))
            body(&self, index)
            jumps.append(append(.jump(-1)))
            instructions[split] = .split(split + 1, instructions.count)
        }
        body(&self, count - 1)
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
    }

    /// For each instruction, the number of the lookaround it ends (-1 if it ends none).
    private func lookaroundNumbersByEnd() -> [Int] {
        var numbers = Array(repeating: -1, count: lookaroundEnds.isEmpty ? 0 : instructions.count)
        for (number, end) in lookaroundEnds.enumerated() { numbers[end] = number }
        return numbers
    }

    private mutating func emitLookaround(_ inner: RegexNode, negative: Bool, backward: Bool) {
        let start = append(.jump(-1))
        let number = lookaroundEnds.count
        lookaroundEnds.append(-1)
        let saved = (enclosingLoops, currentLookaround)
        // The body's memo points depend only on loops inside the body: its continuation ends at `lookEnd`.
        enclosingLoops = []
        currentLookaround = number
        lookaroundDepth += 1
        emit(inner, backward: backward)
        lookaroundDepth -= 1
        (enclosingLoops, currentLookaround) = saved
        let end = append(.lookEnd)
        lookaroundEnds[number] = end
        instructions[start] = .lookStart(negative: negative, end: end)
    }

    private mutating func emitQuantified(_ inner: RegexNode, min: Int, max: Int, greedy: Bool, backward: Bool) {
        if max == 0 { return }
        if min == 1 && max == 1 {
            emit(inner, backward: backward)
            return
        }
        // With back-references, points go only outside lookarounds, where `liveCaptures` decides which stay.
        let memoHere = memoAllowed || lookaroundDepth == 0
        if let step = singleStep(inner) {
            var run: Int32 = -1
            if greedy && max > 1 && runSlotCount < Self.runSlotLimit {
                run = Int32(runSlotCount)
                runSlotCount += 1
            }
            append(.repeatSingle(step, min: min, max: max, greedy: greedy, backward: backward, run: run))
            if memoHere, max > min, let enclosing = enclosingLoops {
                memoPoints.append(PortableProgram.MemoPoint(
                    loops: enclosing, lookaround: currentLookaround, afterGreedy: greedy, backward: backward))
                memoPointLocations.append(append(.memo(memoPoints.count - 1)))
            }
            return
        }
        let index = loops.count
        let register = nextRegister
        nextRegister += 2
        // Unknown (a subtree too large to walk at every level) counts as nullable: the empty-iteration
        // check is then made where it cannot fire, which costs a register write and changes no answer.
        let nullable = (Self.minimumLength(inner, visiting: Self.localVisitLimit) ?? 0) == 0
        loops.append(PortableProgram.Loop(
            register: register, min: min, max: max, greedy: greedy, exit: -1, head: -1,
            captures: memoAllowed ? 0..<0 : Self.captureRange(inner), nullable: nullable))
        append(.loopInit(index))
        let head = instructions.count
        // What the rest of a match depends on besides the position, at a point inside loops: an unbounded
        // loop's count only up to its minimum (a condition), a bounded loop's count (one memo slot per
        // count), and a nullable loop's iteration start only where it equals the position (a condition).
        // At the head, the loop's own iteration start is not live (it is set after the head).
        let saved = enclosingLoops
        if let enclosing = enclosingLoops, enclosing.count < Self.memoLoopLimit,
            Self.memoSlots(enclosing + [index], loops) <= Self.memoSlotLimit
        {
            if memoHere {
                memoPoints.append(
                    PortableProgram.MemoPoint(loops: enclosing + [index], lookaround: currentLookaround, head: index))
                memoPointLocations.append(append(.memo(memoPoints.count - 1)))
            }
            enclosingLoops = enclosing + [index]
        } else {
            enclosingLoops = nil
        }
        append(.loopHead(index))
        append(.loopBegin(index))
        emit(inner, backward: backward)
        append(.loopTail(index))
        enclosingLoops = saved
        loops[index].head = head
        loops[index].exit = instructions.count
    }

    /// The most memo slots a point may have (the product of its bounded loops' count ranges): `(.*a){20}`
    /// has 21; a point past this has none.
    static let memoSlotLimit = 64
    /// The most loops around a memo point: each point keeps its loops' conditions, so loops nested thousands
    /// deep would cost memory and time quadratic in the nesting; deeper points are left out.
    static let memoLoopLimit = 64

    /// The memo slots of a point inside `enclosing` (saturating past ``memoSlotLimit``).
    private static func memoSlots(_ enclosing: [Int], _ loops: [PortableProgram.Loop]) -> Int {
        var slots = 1
        for loop in enclosing where loops[loop].max != Int.max {
            let range = loops[loop].max.addingReportingOverflow(1)
            let product = slots.multipliedReportingOverflow(by: range.partialValue)
            if range.overflow || product.overflow || product.partialValue > memoSlotLimit { return memoSlotLimit + 1 }
            slots = product.partialValue
        }
        return slots
    }

    /// The one-character step an atom is, when it is one (a literal, `.`, or a class without strings).
    private mutating func singleStep(_ node: RegexNode) -> PortableInstruction.Single? {
        switch node {
        case .character(let value):
            return single(for: value)
        case .dot:
            return flags.dotAll ? .any : .notLineTerminator
        case .characterClass(let set):
            let compiled = compiledClass(set)
            guard compiled.strings.isEmpty else { return nil }
            return .set(setIndex(compiled.characters))
        case .group(let inner):
            return singleStep(inner)
        case .modified(let inner, let modifiers):
            let saved = flags
            flags = flags.applying(modifiers)
            defer { flags = saved }
            return singleStep(inner)
        default:
            return nil
        }
    }

    // MARK: - Analysis

    /// For each instruction, the captures and marks that a path from it may read before they are written
    /// again (bit `2k` a capture, `2k + 1` its mark, `k` the group's rank among those a back-reference
    /// names); nil when that is too costly to know (more than 32 such groups, or a very long program).
    /// Where nothing is live, the rest of a match cannot depend on the captures.
    private func liveCaptures() -> [UInt64]? {
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
    private static func captureRange(_ node: RegexNode) -> Range<Int> {
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

    private func isAnchored(_ node: RegexNode) -> Bool {
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
    private mutating func firstCharacters(_ node: RegexNode) -> [ClosedRange<UInt32>]? {
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
    private static func consumes(_ node: RegexNode, budget: inout Int) -> Bool {
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

// MARK: - The automaton

extension PortableCompiler {
    /// The pattern's automaton (see ``PortableAutomaton``), when it qualifies.
    fileprivate mutating func automaton(_ root: RegexNode) -> PortableAutomaton? {
        var builder = PortableAutomatonBuilder()
        guard let accept = builder.add(.accept),
              let start = automatonState(root, next: accept, into: &builder)
        else { return nil }
        return PortableAutomaton(states: builder.states, start: start, readsNextCharacter: builder.readsNextCharacter)
    }

    /// The entry state of `node` followed by `next`; nil when the node does not qualify or the states run out.
    private mutating func automatonState(
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

// MARK: - Required characters

extension PortableCompiler {
    /// The most required sets a program checks (each costs a scan of a long subject).
    static let requiredSetLimit = 4
    /// The most ranges a required set may have: a larger one (`[\p{L}\p{N}]`) is met by nearly any subject,
    /// and would cost its search at every character of the scan.
    static let requiredRangeLimit = 32

    /// Sets of characters of which every match needs at least one in the subject (a consumed character, or
    /// one a positive lookaround's body consumes), at most ``requiredSetLimit``: a long subject without one
    /// of them has no match, which the matcher answers with a scan (``PortableProgram/requiredSets``).
    fileprivate mutating func requiredSets(_ node: RegexNode) -> [[ClosedRange<UInt32>]] {
        var found: [[ClosedRange<UInt32>]] = []
        collectRequired(node, into: &found)
        return found
    }

    private mutating func collectRequired(_ node: RegexNode, into found: inout [[ClosedRange<UInt32>]]) {
        guard found.count < Self.requiredSetLimit else { return }
        switch node {
        case .character(let value):
            let ranges = flags.ignoreCase
                ? PortableCaseFolding.closure([value...value], unicode: flags.isUnicodeAware) : [value...value]
            if ranges.count <= Self.requiredRangeLimit, !found.contains(ranges) { found.append(ranges) }
        case .characterClass(let set):
            let compiled = compiledClass(set)
            // With strings a class may match a string of other characters (or none, for the empty string).
            guard compiled.strings.isEmpty, !compiled.characters.isEmpty,
                  compiled.characters.count <= Self.requiredRangeLimit
            else { return }
            if !found.contains(compiled.characters) { found.append(compiled.characters) }
        case .sequence(let nodes):
            for node in nodes { collectRequired(node, into: &found) }
        case .alternation(let nodes):
            // Some branch matches: its first required set, so the union of every branch's first one.
            var union: [ClosedRange<UInt32>] = []
            for node in nodes {
                var branch: [[ClosedRange<UInt32>]] = []
                collectRequired(node, into: &branch)
                guard let first = branch.first else { return }
                union = PortableRanges.union(union, first)
            }
            if !union.isEmpty, union.count <= Self.requiredRangeLimit, !found.contains(union) { found.append(union) }
        case .group(let inner), .capture(_, _, let inner):
            collectRequired(inner, into: &found)
        case .modified(let inner, let modifiers):
            let saved = flags
            flags = flags.applying(modifiers)
            defer { flags = saved }
            collectRequired(inner, into: &found)
        case .quantified(let inner, let min, _, _):
            if min > 0 { collectRequired(inner, into: &found) }
        case .lookahead(let inner, let negative), .lookbehind(let inner, let negative):
            // A positive lookaround's body matches inside the subject too.
            if !negative { collectRequired(inner, into: &found) }
        case .empty, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .backreference:
            return
        }
    }
}
