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
    let programIgnoresCase: Bool
    private let memoAllowed: Bool
    var instructions: [PortableInstruction] = []
    var sets: [PortableCharacterSet] = []
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
    var automatonClassSets: [ClassKey: Int] = .init()

    struct ClassKey: Hashable {
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
            wordCharacters: PortableCharacterSet(BuiltinClass.word.ranges(flags: flags)),
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
            BuiltinClass.word.ranges(flags: flags).map { .range($0.lowerBound, $0.upperBound) }))
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
    mutating func single(for value: UInt32) -> PortableInstruction.Single {
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
}
