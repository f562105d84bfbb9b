/// The state of one search: registers, the backtracking stack and the memo bits.
struct PortableMachine {
    /// Steps after which memo points start recording (cheap matches never allocate the memo bits).
    static var memoThreshold: Int { 2_048 }

    typealias Entry = PortableBacktrackEntry

    /// The program, borrowed for the search: the caller holds it for the search's whole duration, so the
    /// machine keeps no reference count of its own.
    unowned(unsafe) let program: PortableProgram
    let code: UnsafeBufferPointer<PortableInstruction>
    private let sets: UnsafeBufferPointer<PortableCharacterSet>
    let loops: UnsafeBufferPointer<PortableProgram.Loop>
    /// ``PortableProgram/memoConditions``.
    let conditions: UnsafeBufferPointer<Int>
    /// ``PortableProgram/memoSlotBase``.
    let slotBase: UnsafeBufferPointer<Int>
    /// ``PortableProgram/stringTables`` and ``PortableProgram/memoPoints``: read through buffers, like the
    /// instructions, so that taking a table or a point out retains nothing (read through the program's
    /// reference, each took a retain and a release of its arrays, a quarter of a `\p{RGI_Emoji}` search).
    let tables: UnsafeBufferPointer<PortableStringTable>
    let points: UnsafeBufferPointer<PortableProgram.MemoPoint>
    /// ``PortableProgram/dispatchTables``, read the same way.
    let dispatches: UnsafeBufferPointer<PortableDispatchTable>
    /// ``PortableProgram/wordCharacters``, copied once per search for the same reason.
    let wordCharacters: PortableCharacterSet
    let input: PortableInput
    let budget: Int
    /// The deepest backtracking stack allowed: fresh stack memory costs more than a step, so its depth is
    /// bounded too (a quarter of the budget, 32 bytes an entry: 7.7 MB for a 64 KiB subject, which a
    /// linear loop such as `^(?:a|bc)*$` needs at two entries a character).
    let depthLimit: Int
    let unicode: Bool
    private let registerCount: Int
    var steps = 0
    let registers: UnsafeMutablePointer<Int>
    /// The run cache: ``runSlotWords`` words per slot of a greedy `repeatSingle` (see ``clearRuns(_:slots:)``).
    let runs: UnsafeMutablePointer<Int>
    var stack: PortableBacktrackStack
    var memo: [UInt64] = []
    /// Memo points inside lookaround bodies that led to the body's success (same bit layout as `memo`).
    var memoSuccess: [UInt64] = []
    /// Two bits per lookaround and position: whether its body's result there is known, and the result.
    var lookResults: [UInt64] = []
    var memoEnabled = false
    /// Skip tables of memo slots whose point follows a greedy quantifier (``skipFailed(_:slot:from:to:backward:)``),
    /// allocated on first use: for slot `s` at `skipOffsets[s]` (-1 for none), one entry per position from -1
    /// to the length + 1 (index = position + 1), each pointing at itself or, for a position known to fail,
    /// towards the next position the quantifier gives back (union-find with path compression).
    var skips: [Int32] = []
    var skipOffsets: [Int] = []
    /// Words of memo memory allocated so far (bits and skip tables), charged as steps.
    var memoWords = 0
    /// Set when the memo bits would cost too much for this subject: matching goes on without them.
    var memoRefused = false
    var marker = -1

    /// The deepest stack a search may build (see ``depthLimit``), and the most words its memo may take:
    /// 175,000 plus one per subject character (7.7 MB of stack and 1.9 MB of memo at 64 KiB), or
    /// the budget when that is smaller.
    static func memoryLimit(budget: Int, length: Int) -> Int { Swift.min(budget, 175_000 + length) }

    init(
        program: PortableProgram, code: UnsafeBufferPointer<PortableInstruction>,
        sets: UnsafeBufferPointer<PortableCharacterSet>, loops: UnsafeBufferPointer<PortableProgram.Loop>,
        conditions: UnsafeBufferPointer<Int>, slotBase: UnsafeBufferPointer<Int>,
        tables: UnsafeBufferPointer<PortableStringTable>, points: UnsafeBufferPointer<PortableProgram.MemoPoint>,
        dispatches: UnsafeBufferPointer<PortableDispatchTable>,
        input: PortableInput, budget: Int,
        registers: UnsafeMutablePointer<Int>,
        runs: UnsafeMutablePointer<Int>,
        stack: PortableBacktrackStack
    ) {
        self.program = program
        self.code = code
        self.sets = sets
        self.loops = loops
        self.conditions = conditions
        self.slotBase = slotBase
        self.tables = tables
        self.points = points
        self.dispatches = dispatches
        self.wordCharacters = program.wordCharacters
        self.input = input
        self.budget = budget
        depthLimit = Self.memoryLimit(budget: budget, length: input.count)
        self.unicode = program.unicode
        self.registerCount = program.registerCount
        self.registers = registers
        self.runs = runs
        self.stack = stack
    }

    /// Words per run cache slot: `low` and `high`, then `failedLow` and `failedHigh`.
    ///
    /// `low...high` are the positions from which the slot's quantifier is known to take a whole run of
    /// accepted characters: from such a position `p` it takes `high - p` characters forward (every
    /// character in `low..<high` is accepted, and the one at `high` is not, or `high` is the end), or
    /// `p - low` backward (the one before `low` is not accepted, or `low` is 0). A run depends on the
    /// subject alone, so the slot stays valid for the whole search.
    ///
    /// `failedLow...failedHigh` serve a lookaround whose body begins with this quantifier, unbounded
    /// (`(?=.*X)`): its body failed at every position there. If the body fails at `p`, `X` matches at none
    /// of the positions the run lets it reach from `p`, and from any later position of the same run (an
    /// earlier one, backward) the run reaches only some of them, so the body fails there too. Without
    /// back-references, nothing else the body sees depends on where the lookaround was entered.
    static var runSlotWords: Int { 4 }

    /// Marks every slot unknown (an empty range of positions, and of failed positions).
    static func clearRuns(_ runs: UnsafeMutablePointer<Int>, slots: Int) {
        for slot in 0..<slots {
            runs[slot * runSlotWords] = 1
            runs[slot * runSlotWords + 1] = 0
            runs[slot * runSlotWords + 2] = 1
            runs[slot * runSlotWords + 3] = 0
        }
    }

    /// How many characters `single` accepts in a row from `position` (the ones before it when `backward`),
    /// at most `limit` (which the subject has room for).
    @inline(__always)
    func scan(_ single: PortableInstruction.Single, from position: Int, limit: Int, backward: Bool) -> Int {
        switch single {
        case .any:
            return limit
        case .notLineTerminator:
            return count(from: position, limit: limit, backward: backward) { !Self.isLineTerminator($0) }
        case .character(let expected):
            return count(from: position, limit: limit, backward: backward) { $0 == expected }
        case .folded(let expected):
            let unicode = self.unicode
            return count(from: position, limit: limit, backward: backward) {
                PortableCaseFolding.canonicalize($0, unicode: unicode) == expected
            }
        case .set(let index):
            let set = sets[index]
            return count(from: position, limit: limit, backward: backward) { set.contains($0) }
        }
    }

    @inline(__always)
    private func count(from position: Int, limit: Int, backward: Bool, _ accepted: (UInt32) -> Bool) -> Int {
        var taken = 0
        if backward {
            while taken < limit && accepted(input[position &- 1 &- taken]) { taken &+= 1 }
        } else {
            while taken < limit && accepted(input[position &+ taken]) { taken &+= 1 }
        }
        return taken
    }

    /// The first position from `start` towards `end` (down when forward, up when `backward`; inclusive)
    /// from which `single` accepts the next character (the one before it when `backward`); past `end` when
    /// there is none. Scanned positions cost half a step each, as a quantifier's scan does.
    mutating func firstAccepted(
        _ single: PortableInstruction.Single, from start: Int, to end: Int, backward: Bool
    ) -> Int {
        let length = input.count
        var position = start
        func find(_ accepted: (UInt32) -> Bool) -> Int {
            if backward {
                if position == 0 { position = 1 }
                while position <= end && !accepted(input[position &- 1]) { position &+= 1 }
            } else {
                if position == length { position = length - 1 }
                while position >= end && !accepted(input[position]) { position &-= 1 }
            }
            return position
        }
        switch single {
        case .any:
            position = backward ? Swift.max(position, 1) : Swift.min(position, length - 1)
        case .notLineTerminator:
            _ = find { !Self.isLineTerminator($0) }
        case .character(let expected):
            _ = find { $0 == expected }
        case .folded(let expected):
            let unicode = self.unicode
            _ = find { PortableCaseFolding.canonicalize($0, unicode: unicode) == expected }
        case .set(let index):
            let set = sets[index]
            _ = find { set.contains($0) }
        }
        if backward {
            position = Swift.min(position, end + 1)
            steps += (position - start) >> 1
        } else {
            position = Swift.max(position, end - 1)
            steps += (start - position) >> 1
        }
        return position
    }

    /// The run cache slot of the unbounded greedy quantifier a lookaround's body begins with (the lookaround's
    /// `lookStart` is at `pc`), when the lookaround's failures may be kept by run; nil otherwise.
    @inline(__always)
    func leadingRun(ofLookaroundAt pc: Int) -> UnsafeMutablePointer<Int>? {
        guard program.memoizesLookarounds,
            case .repeatSingle(_, _, let max, _, _, let run) = code[pc + 1], max == Int.max, run >= 0
        else { return nil }
        return runs + Int(run) * Self.runSlotWords
    }

    /// Tries every start position in order (only 0 when the program is anchored).
    mutating func search() throws(ECMARegexError) -> Bool {
        let length = input.count
        if program.anchoredAtStart {
            return try run(from: 0)
        }
        let last = length - program.minimumLength
        var start = 0
        let guarded = !program.startGuards.isEmpty
        if let first = program.firstCharacters {
            while start <= last {
                while start < length && !first.contains(input[start]) { start += 1 }
                if start > last { return false }
                if guarded, let failed = failedThrough(start) {
                    start = failed + 1
                    continue
                }
                if try run(from: start) { return true }
                start += 1
            }
            return false
        }
        let startClass = program.startClass
        while start <= last {
            if guarded, let failed = failedThrough(start) {
                start = failed + 1
                continue
            }
            if let startClass, !classCanStart(startClass, at: start) {
                steps += 1
                if steps > budget { throw limitError() }
                start += 1
                continue
            }
            if try run(from: start) { return true }
            start += 1
        }
        return false
    }

    /// Whether the class every match starts with (``PortableProgram/startClass``) matches at `position`: one
    /// of its single characters is there, or one of its strings starts there (its cost counted as a match's).
    private mutating func classCanStart(_ startClass: (table: Int, characters: Int), at position: Int) -> Bool {
        if position < input.count && sets[startClass.characters].contains(input[position]) { return true }
        let table = tables[startClass.table]
        guard let first = table.firstCandidate(in: input, at: position) else { return false }
        return table.match(from: first, in: input, at: position, cost: &steps) != nil
    }

    /// The last position of a range of known failures of a start guard (see
    /// ``PortableProgram/startGuards``) that holds `start`, if any: every attempt from `start` to there fails.
    private mutating func failedThrough(_ start: Int) -> Int? {
        for slot in program.startGuards {
            let run = runs + slot * Self.runSlotWords
            if run[2] <= start && start <= run[3] {
                steps += 1
                return run[3]
            }
        }
        return nil
    }

    @inline(__always)
    func accepts(_ single: PortableInstruction.Single, _ value: UInt32) -> Bool {
        single.accepts(value, sets: sets, unicode: unicode)
    }

    @inline(__always)
    static func isLineTerminator(_ value: UInt32) -> Bool {
        PortableInstruction.Single.isLineTerminator(value)
    }

    @inline(__always)
    mutating func write(_ register: Int, _ value: Int) {
        let old = registers[register]
        if old == value { return }
        if !stack.isEmpty { stack.append(Entry(kind: .restore, pc: 0, a: register, b: old)) }
        registers[register] = value
    }

    func limitError() -> ECMARegexError {
        .limit("matching stopped after \(budget) steps of the portable matcher; no exact answer")
    }

    /// Tries a match starting at `start`.
    mutating func run(from start: Int) throws(ECMARegexError) -> Bool {
        registers.update(repeating: -1, count: registerCount)
        stack.truncate(to: 0)
        marker = -1
        return try execute(start: start)
    }
}
