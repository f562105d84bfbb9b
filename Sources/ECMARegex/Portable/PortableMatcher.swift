#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Runs a ``PortableProgram`` against a subject with an explicit backtracking stack.
///
/// Memory grows with the stack, never with native recursion; every instruction, consumed character and
/// backtrack counts against a step budget, and exhausting it answers `limit`. Captures are restored
/// through a trail of register writes kept on the same stack, so lookarounds can discard their
/// alternatives while keeping the captures they set.
struct PortableMatcher {
    /// Steps one `test` may take besides ``stepsPerCharacter`` per subject character (instructions,
    /// characters scanned by a quantifier, backtracks, memo words, the automaton's states and transitions).
    /// Calibrated so that exhausting the budget on a 64 KiB subject takes well under 10 ms in a release
    /// build (4–6 ms at 381,000 steps; `regex-bench --worst-case` shows it), which bounds every portable
    /// answer.
    static let defaultStepBudget = 250_000
    /// Steps granted per subject character on top of the budget, so that linear work on long subjects
    /// (a 1 MiB value) is still answered.
    static let stepsPerCharacter = 2
    /// Whether `program` finds a match in `value` (anywhere, or as compiled for whole-value mode).
    static func matches(
        _ program: PortableProgram, _ value: String, budget: Int = defaultStepBudget, engine: Engine = .selected,
        scanningFrom scanLength: Int = requiredScanLength
    ) throws(ECMARegexError) -> Bool {
        // One reading of every subject, ASCII or not: its code points under `u`/`v`, else its UTF-16 code
        // units, decoded once into a temporary buffer (on the stack for a credential-sized value). Neither
        // count exceeds the UTF-8 count, which a native string knows without a pass.
        try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, value.utf8.count)) {
            (buffer) throws(ECMARegexError) -> Bool in
            var count = 0
            if program.unicode {
                for scalar in value.unicodeScalars {
                    buffer[count] = scalar.value
                    count += 1
                }
            } else {
                for unit in value.utf16 {
                    buffer[count] = UInt32(unit)
                    count += 1
                }
            }
            let units = UnsafeBufferPointer(rebasing: buffer[..<count])
            return try search(program, PortableInput(units: units), budget: budget, engine: engine, scanningFrom: scanLength)
        }
    }

    /// Whether `program` finds a match in a value given as UTF-16 code units, which may hold lone
    /// surrogates: without `u`/`v` the units are the characters; with them, pairs become code points and
    /// a lone surrogate stays a character of its own (ECMA-262's reading of a string as code points).
    static func matches(
        _ program: PortableProgram, codeUnits units: [UInt16], budget: Int = defaultStepBudget,
        engine: Engine = .selected, scanningFrom scanLength: Int = requiredScanLength
    ) throws(ECMARegexError) -> Bool {
        var characters: [UInt32] = []
        characters.reserveCapacity(units.count)
        if program.unicode {
            var index = 0
            while index < units.count {
                let unit = UInt32(units[index])
                if (0xD800...0xDBFF).contains(unit), index + 1 < units.count,
                   (0xDC00...0xDFFF).contains(units[index + 1]) {
                    characters.append(0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00))
                    index += 2
                } else {
                    characters.append(unit)
                    index += 1
                }
            }
        } else {
            characters = units.map(UInt32.init)
        }
        return try characters.withUnsafeBufferPointer { (buffer) throws(ECMARegexError) -> Bool in
            try search(program, PortableInput(units: buffer), budget: budget, engine: engine, scanningFrom: scanLength)
        }
    }

    /// Which engine answers a program that has an automaton.
    enum Engine {
        /// Backtracking on short subjects (with ``automatonFirstBudget`` steps), the automaton on long ones
        /// and where backtracking gives up.
        case selected
        /// The automaton alone, where the program has one (tests compare the two).
        case automaton
        /// Backtracking alone (tests).
        case backtracking
    }

    /// Subjects from this length on go to the automaton at once: backtracking on them costs more than
    /// building the automaton's states, and its hostile cases are slowest there.
    static let automatonLength = 1_024
    /// The steps backtracking gets on a shorter subject before the automaton answers instead.
    static let automatonFirstBudget = 50_000

    /// Subjects from this length on are first scanned for the program's required sets
    /// (``PortableProgram/requiredSets``): a linear scan that answers `false` at once where a character every
    /// match needs is missing (`^(?=.*(?=.*(?=.*a)b)c)` on 64 KiB without a `c`), and costs nothing worth
    /// measuring on the short values a keystroke checks.
    static let requiredScanLength = 256

    private static func search(
        _ program: PortableProgram, _ input: PortableInput, budget: Int, engine: Engine, scanningFrom scanLength: Int
    ) throws(ECMARegexError) -> Bool {
        let length = input.count
        guard length >= program.minimumLength else { return false }
        if length >= scanLength {
            for index in program.requiredSets where !contains(input, anyOf: program.sets[index]) { return false }
        }
        let allowed = budget.addingReportingOverflow(length.multipliedReportingOverflow(by: stepsPerCharacter).partialValue)
        let granted = allowed.overflow ? Int.max : allowed.partialValue
        guard let automaton = program.automaton, engine != .backtracking else {
            return try backtrack(program, input, budget: granted)
        }
        if engine == .selected && length < automatonLength {
            do throws(ECMARegexError) {
                return try backtrack(program, input, budget: Swift.min(granted, automatonFirstBudget))
            } catch {
                if error.kind != .limit { throw error }
            }
        }
        return try automaton.states.withUnsafeBufferPointer { (states) throws(ECMARegexError) -> Bool in
            try program.sets.withUnsafeBufferPointer { (sets) throws(ECMARegexError) -> Bool in
                var search = PortableAutomatonSearch(
                    automaton: states, start: automaton.start, readsNextCharacter: automaton.readsNextCharacter,
                    program: program, sets: sets, input: input, budget: granted)
                return try search.run()
            }
        }
    }

    /// Whether `input` holds a character of `set`.
    private static func contains(_ input: PortableInput, anyOf set: PortableCharacterSet) -> Bool {
        var index = 0
        let length = input.count
        while index < length {
            if set.contains(input[index]) { return true }
            index &+= 1
        }
        return false
    }

    private static func backtrack(
        _ program: PortableProgram, _ input: PortableInput, budget granted: Int
    ) throws(ECMARegexError) -> Bool {
        // The hot loop reads the program through pointers that are stable for the whole search, and keeps
        // its registers and a first stretch of its backtracking stack in one temporary allocation (on the
        // machine stack when small), so a search allocates nothing and reference-counts nothing per step.
        return try program.instructions.withUnsafeBufferPointer { (code) throws(ECMARegexError) -> Bool in
            try program.sets.withUnsafeBufferPointer { (sets) throws(ECMARegexError) -> Bool in
                try program.loops.withUnsafeBufferPointer { (loops) throws(ECMARegexError) -> Bool in
                    try program.memoConditions.withUnsafeBufferPointer { (conditions) throws(ECMARegexError) -> Bool in
                        try program.memoSlotBase.withUnsafeBufferPointer { (slotBase) throws(ECMARegexError) -> Bool in
                            try program.stringTables.withUnsafeBufferPointer { (tables) throws(ECMARegexError) -> Bool in
                                try program.memoPoints.withUnsafeBufferPointer { (points) throws(ECMARegexError) -> Bool in
                                    try program.dispatchTables.withUnsafeBufferPointer { (dispatches) throws(ECMARegexError) -> Bool in
                                        try search(
                                            program, input, budget: granted, code: code, sets: sets, loops: loops,
                                            conditions: conditions, slotBase: slotBase, tables: tables, points: points,
                                            dispatches: dispatches)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func search(
        _ program: PortableProgram, _ input: PortableInput, budget: Int, code: UnsafeBufferPointer<PortableInstruction>,
        sets: UnsafeBufferPointer<PortableCharacterSet>, loops: UnsafeBufferPointer<PortableProgram.Loop>,
        conditions: UnsafeBufferPointer<Int>, slotBase: UnsafeBufferPointer<Int>,
        tables: UnsafeBufferPointer<PortableStringTable>, points: UnsafeBufferPointer<PortableProgram.MemoPoint>,
        dispatches: UnsafeBufferPointer<PortableDispatchTable>
    ) throws(ECMARegexError) -> Bool {
        // Registers first, then the run cache, then as many entries as keep the whole within 1 KiB, which
        // `withUnsafeTemporaryAllocation` places on the machine stack.
        let registerCount = Swift.max(1, program.registerCount)
        let runWords = program.runSlotCount * PortableMachine.runSlotWords
        let entryWords = MemoryLayout<PortableBacktrackEntry>.stride / MemoryLayout<Int>.stride
        let initialEntries = Swift.max(4, (128 - registerCount - runWords) / entryWords)
        let words = registerCount + runWords + initialEntries * entryWords
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: words) { (storage) throws(ECMARegexError) -> Bool in
            guard let base = storage.baseAddress else { return false }
            let runs = base + registerCount
            PortableMachine.clearRuns(runs, slots: program.runSlotCount)
            let entries = UnsafeMutableRawPointer(runs + runWords)
                .bindMemory(to: PortableBacktrackEntry.self, capacity: initialEntries)
            return try withExtendedLifetime(program) { () throws(ECMARegexError) -> Bool in
                var machine = PortableMachine(
                    program: program, code: code, sets: sets, loops: loops, conditions: conditions,
                    slotBase: slotBase, tables: tables, points: points, dispatches: dispatches, input: input,
                    budget: budget, registers: base, runs: runs,
                    stack: PortableBacktrackStack(initial: entries, capacity: initialEntries,
                                                  maximum: PortableMachine.memoryLimit(budget: budget, length: input.count)))
                defer { machine.stack.release() }
                return try machine.search()
            }
        }
    }
}

/// One backtracking entry of the portable matcher; the meaning of `a` and `b` depends on the kind.
struct PortableBacktrackEntry {
    enum Kind: UInt8 {
        /// `memoMark`: a memo point inside a lookaround body was entered (`a`: its bit); still on the stack
        /// when the body succeeds, it led to that success.
        /// `string`: a `strings` instruction at `pc` matched at position `a`; `b` is the next string to try.
        /// `dispatch`: the `dispatch` instruction at `pc` ran at position `a`; `b` is the next candidate's
        /// index in its table's candidates.
        case branch, restore, greedy, lazy, marker, memoMark, string, dispatch
    }

    var kind: Kind
    var pc: Int
    var a: Int
    var b: Int
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
/// One backtracking-stack mapping kept between searches (process-wide, at most ``spareStackLimit``
/// bytes): a deep search takes it instead of mapping, and committing, fresh pages.
private let spareStackMapping = Locked<(address: Int, bytes: Int)>((0, 0))
/// The largest mapping kept: a 64 KiB subject's deepest stack (about 7.7 MB) fits.
private let spareStackLimit = 8 << 20
#endif

/// The portable matcher's explicit backtracking stack: a caller-provided first stretch, then heap
/// storage. Not copyable in meaning: one machine owns it and calls ``release()``.
///
/// The heap storage is one anonymous memory mapping reserved for the deepest stack the search may
/// build (its depth limit, plus a margin for the entries one step may push before the limit is
/// checked): the kernel commits a page when it is first touched, so a deep search neither copies
/// its stack as it grows nor pays for depth it does not reach. One mapping of up to 8 MiB is kept
/// for the next deep search (its touched pages stay committed until then). Where there is no
/// `mmap`, storage doubles through `realloc`.
struct PortableBacktrackStack {
    private(set) var base: UnsafeMutablePointer<PortableBacktrackEntry>
    private(set) var count = 0
    private var capacity: Int
    /// The most entries the heap storage is reserved for.
    private let maximum: Int
    private var ownsStorage = false
    /// The mapping's length in bytes, when the storage is a mapping.
    private var mappedBytes = 0

    init(initial: UnsafeMutablePointer<PortableBacktrackEntry>, capacity: Int, maximum: Int) {
        base = initial
        self.capacity = capacity
        self.maximum = Swift.max(maximum, capacity) + 64
    }

    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    @inline(__always)
    mutating func append(_ entry: PortableBacktrackEntry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count &+= 1
    }

    @inline(__always)
    mutating func removeLast() {
        count &-= 1
    }

    /// Drops every entry from `index` on.
    @inline(__always)
    mutating func truncate(to index: Int) {
        count = index
    }

    @inline(__always)
    subscript(_ index: Int) -> PortableBacktrackEntry {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Moves the stack to heap storage (the mapping, reserved once), or grows that storage where
    /// there is no mapping. Entries are plain values: moving their bytes moves them.
    @inline(never)
    private mutating func grow() {
        let stride = MemoryLayout<PortableBacktrackEntry>.stride
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if !ownsStorage {
            let bytes = maximum * stride
            var mapped: UnsafeMutableRawPointer?
            var length = bytes
            let spare = spareStackMapping.withLock { slot -> (address: Int, bytes: Int) in
                guard slot.bytes >= bytes else { return (0, 0) }
                defer { slot = (0, 0) }
                return slot
            }
            if let reused = UnsafeMutableRawPointer(bitPattern: spare.address) {
                mapped = reused
                length = spare.bytes
            } else if let fresh = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                      fresh != MAP_FAILED {
                mapped = fresh
            }
            if let mapped {
                mapped.copyMemory(from: UnsafeRawPointer(base), byteCount: count * stride)
                base = mapped.bindMemory(to: PortableBacktrackEntry.self, capacity: maximum)
                capacity = maximum
                mappedBytes = length
                ownsStorage = true
                return
            }
        }
        guard mappedBytes == 0 else {
            // The search pushed past its reserved depth: the depth check runs every step, and one
            // step pushes far fewer entries than the margin.
            fatalError("PortableBacktrackStack: deeper than its depth limit (\(count) entries)")
        }
        #endif
        let bytes = capacity * 2 * stride
        let raw: UnsafeMutableRawPointer?
        if ownsStorage {
            raw = realloc(UnsafeMutableRawPointer(base), bytes)
        } else {
            raw = malloc(bytes)
            raw?.copyMemory(from: UnsafeRawPointer(base), byteCount: count * stride)
        }
        guard let raw else { fatalError("PortableBacktrackStack: out of memory for \(bytes) bytes") }
        base = raw.bindMemory(to: PortableBacktrackEntry.self, capacity: capacity * 2)
        capacity *= 2
        ownsStorage = true
    }

    /// Frees heap storage, if any.
    mutating func release() {
        if ownsStorage {
            #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            if mappedBytes > 0 {
                // The largest mapping up to `spareLimit` is kept for the next deep search, whose
                // pages are then already committed; the other one is unmapped.
                var unmapped = (address: Int(bitPattern: UnsafeMutableRawPointer(base)), bytes: mappedBytes)
                if mappedBytes <= spareStackLimit {
                    spareStackMapping.withLock { slot in
                        if slot.bytes < unmapped.bytes { swap(&slot, &unmapped) }
                    }
                }
                if let address = UnsafeMutableRawPointer(bitPattern: unmapped.address) {
                    munmap(address, unmapped.bytes)
                }
            } else {
                free(UnsafeMutableRawPointer(base))
            }
            #else
            free(UnsafeMutableRawPointer(base))
            #endif
        }
        ownsStorage = false
        mappedBytes = 0
        count = 0
    }
}

/// The state of one search: registers, the backtracking stack and the memo bits.
private struct PortableMachine {
    /// Steps after which memo points start recording (cheap matches never allocate the memo bits).
    private static var memoThreshold: Int { 2_048 }

    private typealias Entry = PortableBacktrackEntry

    /// The program, borrowed for the search: the caller holds it for the search's whole duration, so the
    /// machine keeps no reference count of its own.
    private unowned(unsafe) let program: PortableProgram
    private let code: UnsafeBufferPointer<PortableInstruction>
    private let sets: UnsafeBufferPointer<PortableCharacterSet>
    private let loops: UnsafeBufferPointer<PortableProgram.Loop>
    /// ``PortableProgram/memoConditions``.
    private let conditions: UnsafeBufferPointer<Int>
    /// ``PortableProgram/memoSlotBase``.
    private let slotBase: UnsafeBufferPointer<Int>
    /// ``PortableProgram/stringTables`` and ``PortableProgram/memoPoints``: read through buffers, like the
    /// instructions, so that taking a table or a point out retains nothing (read through the program's
    /// reference, each took a retain and a release of its arrays, a quarter of a `\p{RGI_Emoji}` search).
    private let tables: UnsafeBufferPointer<PortableStringTable>
    private let points: UnsafeBufferPointer<PortableProgram.MemoPoint>
    /// ``PortableProgram/dispatchTables``, read the same way.
    private let dispatches: UnsafeBufferPointer<PortableDispatchTable>
    /// ``PortableProgram/wordCharacters``, copied once per search for the same reason.
    private let wordCharacters: PortableCharacterSet
    let input: PortableInput
    let budget: Int
    /// The deepest backtracking stack allowed: fresh stack memory costs more than a step, so its depth is
    /// bounded too (a quarter of the budget, 32 bytes an entry: 7.7 MB for a 64 KiB subject, which a
    /// linear loop such as `^(?:a|bc)*$` needs at two entries a character).
    private let depthLimit: Int
    private let unicode: Bool
    private let registerCount: Int
    private var steps = 0
    private let registers: UnsafeMutablePointer<Int>
    /// The run cache: ``runSlotWords`` words per slot of a greedy `repeatSingle` (see ``clearRuns(_:slots:)``).
    private let runs: UnsafeMutablePointer<Int>
    var stack: PortableBacktrackStack
    private var memo: [UInt64] = []
    /// Memo points inside lookaround bodies that led to the body's success (same bit layout as `memo`).
    private var memoSuccess: [UInt64] = []
    /// Two bits per lookaround and position: whether its body's result there is known, and the result.
    private var lookResults: [UInt64] = []
    private var memoEnabled = false
    /// Skip tables of memo slots whose point follows a greedy quantifier (``skipFailed(_:slot:from:to:backward:)``),
    /// allocated on first use: for slot `s` at `skipOffsets[s]` (-1 for none), one entry per position from -1
    /// to the length + 1 (index = position + 1), each pointing at itself or, for a position known to fail,
    /// towards the next position the quantifier gives back (union-find with path compression).
    private var skips: [Int32] = []
    private var skipOffsets: [Int] = []
    /// Words of memo memory allocated so far (bits and skip tables), charged as steps.
    private var memoWords = 0
    /// Set when the memo bits would cost too much for this subject: matching goes on without them.
    private var memoRefused = false
    private var marker = -1

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
    private func scan(_ single: PortableInstruction.Single, from position: Int, limit: Int, backward: Bool) -> Int {
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
    private mutating func firstAccepted(
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
    private func leadingRun(ofLookaroundAt pc: Int) -> UnsafeMutablePointer<Int>? {
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
    private func accepts(_ single: PortableInstruction.Single, _ value: UInt32) -> Bool {
        single.accepts(value, sets: sets, unicode: unicode)
    }

    @inline(__always)
    private static func isLineTerminator(_ value: UInt32) -> Bool {
        PortableInstruction.Single.isLineTerminator(value)
    }

    @inline(__always)
    private mutating func write(_ register: Int, _ value: Int) {
        let old = registers[register]
        if old == value { return }
        if !stack.isEmpty { stack.append(Entry(kind: .restore, pc: 0, a: register, b: old)) }
        registers[register] = value
    }

    /// Allocates the memo bits once the match has run ``memoThreshold`` steps (cheap matches never pay
    /// for them), charging one step per word; false (memo off) before that or when they would cost more
    /// than a quarter of the budget.
    private mutating func enableMemo() -> Bool {
        guard !memoRefused, steps >= Self.memoThreshold else { return false }
        // Sized in `Int64`: slots × positions passes `Int.max` where `Int` has 32 bits (watchOS's arm64_32)
        // for a few thousand memo points on a subject near ``ECMARegex/maximumSubjectLength``.
        let positions = Int64(input.count) + 1
        let slots = slotBase[points.count]
        let pointBits = Int64(slots) * positions
        let hasBodyPoints = points.contains { $0.lookaround != nil }
        let lookBits = program.memoizesLookarounds ? Int64(program.lookaroundEnds.count) * positions * 2 : 0
        let wideWords = (pointBits + 63) / 64 * (hasBodyPoints ? 2 : 1) + (lookBits + 63) / 64
        guard wideWords <= Int64(depthLimit) else {
            memoRefused = true
            return false
        }
        // Each count is at most `depthLimit` words now.
        let pointWords = Int((pointBits + 63) / 64)
        let lookWords = Int((lookBits + 63) / 64)
        let words = Int(wideWords)
        steps += words
        memoWords = words
        skipOffsets = Array(repeating: -1, count: slots)
        memo = Array(repeating: 0, count: pointWords)
        if hasBodyPoints { memoSuccess = Array(repeating: 0, count: pointWords) }
        lookResults = Array(repeating: 0, count: lookWords)
        memoEnabled = true
        return true
    }

    /// The memo slot of point `point` at `position`, or -1 when the rest of the match may depend on more
    /// than the slot and the position there (an unbounded loop around it below its minimum, a nullable
    /// loop's iteration starting at `position`, or a capture a back-reference may still read). A `position` of -2 leaves out the iteration-start conditions
    /// (see ``iterationStop(_:from:to:backward:)``).
    @inline(__always)
    private func memoSlot(_ point: Int, at position: Int) -> Int {
        var slot = slotBase[point]
        var index = conditions[point]
        let end = conditions[point &+ 1]
        while index < end {
            let value = registers[conditions[index &+ 1]]
            switch conditions[index] {
            case 0: if value < conditions[index &+ 2] { return -1 }
            case 1: if value == position { return -1 }
            case 2: slot &+= value &* conditions[index &+ 2]
            default: return -1
            }
            index &+= 3
        }
        return slot
    }

    /// The nearest iteration start of a nullable loop around point `point` from `start` towards `end`
    /// (inclusive), if any: a skip over known failures stops there, since the point's memo does not apply
    /// at that position.
    private func iterationStop(_ point: Int, from start: Int, to end: Int, backward: Bool) -> Int? {
        var nearest: Int?
        var index = conditions[point]
        let last = conditions[point &+ 1]
        while index < last {
            if conditions[index] == 1 {
                let value = registers[conditions[index &+ 1]]
                let inside = backward ? (start <= value && value <= end) : (end <= value && value <= start)
                if inside, nearest.map({ backward ? value < $0 : value > $0 }) ?? true { nearest = value }
            }
            index &+= 3
        }
        return nearest
    }

    /// The skip table of `slot` (allocated on first use, when memory allows), as an offset into `skips`.
    private mutating func skipTable(_ slot: Int, point: Int) -> Int? {
        let offset = skipOffsets[slot]
        if offset >= 0 { return offset }
        if offset == -2 { return nil }
        let entries = input.count + 3
        let words = (entries + 1) / 2
        guard memoWords + words <= depthLimit, entries < Int(Int32.max) else {
            skipOffsets[slot] = -2
            return nil
        }
        memoWords += words
        steps += words
        let base = skips.count
        skips.reserveCapacity(base + entries)
        for index in 0..<entries { skips.append(Int32(index)) }
        skipOffsets[slot] = base
        // Outside lookarounds a visited position is a known failure: link those visited so far. (In a body,
        // only positions whose exploration ended without the body's success are linked, as they end.)
        if points[point].lookaround == nil {
            let backward = points[point].backward
            let first = slot * (input.count + 1)
            for position in 0...input.count where memo[(first + position) >> 6] & (1 << UInt64((first + position) & 63)) != 0 {
                skips[base + position + 1] = Int32(backward ? position + 2 : position)
            }
            steps += input.count >> 3
        }
        return base
    }

    /// Records in the skip table of `slot` (if it has one) that the point fails at `position`.
    @inline(__always)
    private mutating func linkFailure(_ slot: Int, at position: Int, backward: Bool) {
        guard memoEnabled, slot < skipOffsets.count else { return }
        let offset = skipOffsets[slot]
        if offset < 0 { return }
        skips[offset + position + 1] = Int32(backward ? position + 2 : position)
    }

    /// Records failures at the positions from `start` up to `end`, excluded, in the skip direction.
    private mutating func linkFailures(_ slot: Int, from start: Int, to end: Int, backward: Bool) {
        var position = start
        while backward ? position < end : position > end {
            linkFailure(slot, at: position, backward: backward)
            position += backward ? 1 : -1
        }
    }

    /// The first position from `position` in the skip direction not known to fail, by the table at `offset`.
    private mutating func findUnfailed(_ offset: Int, from position: Int) -> Int {
        var root = position + 1
        while Int(skips[offset + root]) != root { root = Int(skips[offset + root]) }
        var current = position + 1
        while current != root {
            let next = Int(skips[offset + current])
            skips[offset + current] = Int32(root)
            current = next
        }
        return root - 1
    }

    /// The first position from `start` towards `end` (inclusive) whose memo bit for `point` in `slot` is not
    /// a known failure; past `end` when all are. With the slot's skip table, a find costs one step; without
    /// it, skipped positions cost an eighth of a step each. Stops at a nullable loop's iteration start.
    private mutating func skipFailed(_ point: Int, slot: Int, from start: Int, to end: Int, backward: Bool) -> Int {
        var resume: Int
        if let table = skipTable(slot, point: point) {
            steps += 1
            resume = findUnfailed(table, from: start)
            if backward ? resume > end : resume < end { resume = backward ? end + 1 : end - 1 }
        } else {
            resume = scanFailed(point, slot: slot, from: start, to: end, backward: backward)
        }
        if let stop = iterationStop(point, from: start, to: backward ? Swift.min(resume, end) : Swift.max(resume, end), backward: backward),
            backward ? stop < resume : stop > resume
        {
            resume = stop
        }
        return resume
    }

    /// ``skipFailed(_:slot:from:to:backward:)`` by the memo bits.
    private mutating func scanFailed(_ point: Int, slot: Int, from start: Int, to end: Int, backward: Bool) -> Int {
        let base = slot * (input.count + 1)
        let inBody = points[point].lookaround != nil
        // A word at a time: the positions that stop the skip are those not known to fail (and, in a
        // lookaround body, those known to lead to its success).
        let resume = memo.withUnsafeBufferPointer { memo in
            memoSuccess.withUnsafeBufferPointer { success in
                var bit = base + start
                if backward {
                    let last = base + end
                    while bit <= last {
                        let word = bit >> 6
                        var stops = ~memo[word]
                        if inBody { stops |= success[word] }
                        stops &= ~0 << UInt64(bit & 63)
                        if stops != 0 { return Swift.min(word << 6 + stops.trailingZeroBitCount, last + 1) - base }
                        bit = (word + 1) << 6
                    }
                    return end + 1
                }
                let last = base + end
                while bit >= last {
                    let word = bit >> 6
                    var stops = ~memo[word]
                    if inBody { stops |= success[word] }
                    stops &= ~0 >> UInt64(63 - bit & 63)
                    if stops != 0 { return Swift.max(word << 6 + 63 - stops.leadingZeroBitCount, last - 1) - base }
                    bit = word << 6 - 1
                }
                return end - 1
            }
        }
        steps += (backward ? resume - start : start - resume) >> 3
        return resume
    }

    /// Records that the body of the lookaround led by `run`'s quantifier failed at `position`: so it fails
    /// wherever that run reaches from there (see ``runSlotWords``), kept with the failures known before when
    /// the two ranges touch.
    private func recordFailure(in run: UnsafeMutablePointer<Int>, at position: Int, backward: Bool) {
        // The quantifier ran at `position` when the body began, so its slot holds that run.
        guard run[0] <= position && position <= run[1] else { return }
        let low = backward ? run[0] : position
        let high = backward ? position : run[1]
        if low <= run[3] &+ 1 && run[2] <= high &+ 1 {
            run[2] = Swift.min(run[2], low)
            run[3] = Swift.max(run[3], high)
        } else {
            run[2] = low
            run[3] = high
        }
    }

    /// Records a lookaround body's result at the position where it started.
    private mutating func recordLookaround(end: Int, at position: Int, succeeded: Bool) {
        let bit = (program.lookaroundAtEnd[end] * (input.count + 1) + position) * 2
        lookResults[bit >> 6] |= 1 << UInt64(bit & 63)
        if succeeded { lookResults[(bit + 1) >> 6] |= 1 << UInt64((bit + 1) & 63) }
    }

    private func limitError() -> ECMARegexError {
        .limit("matching stopped after \(budget) steps of the portable matcher; no exact answer")
    }

    /// Tries a match starting at `start`.
    mutating func run(from start: Int) throws(ECMARegexError) -> Bool {
        registers.update(repeating: -1, count: registerCount)
        stack.truncate(to: 0)
        marker = -1
        return try execute(start: start)
    }

    private mutating func execute(start: Int) throws(ECMARegexError) -> Bool {
        let length = input.count
        let unicode = self.unicode
        let code = self.code
        let loops = self.loops
        var pc = 0
        var position = start
        while true {
            steps += 1
            if steps > budget || stack.count > depthLimit { throw limitError() }
            var ok = true
            switch code[pc] {
            case .single(let single, let backward):
                if backward {
                    if position > 0 && accepts(single, input[position - 1]) {
                        position -= 1
                        pc += 1
                    } else {
                        ok = false
                    }
                } else if position < length && accepts(single, input[position]) {
                    position += 1
                    pc += 1
                } else {
                    ok = false
                }
            case .lineStart:
                ok = position == 0 || Self.isLineTerminator(input[position - 1])
                pc += 1
            case .lineEnd:
                ok = position == length || Self.isLineTerminator(input[position])
                pc += 1
            case .inputStart:
                ok = position == 0
                pc += 1
            case .inputEnd:
                ok = position == length
                pc += 1
            case .wordBoundary(let negated):
                let before = position > 0 && wordCharacters.contains(input[position - 1])
                let after = position < length && wordCharacters.contains(input[position])
                ok = (before != after) != negated
                pc += 1
            case .strings(let index, let exit, _):
                let table = tables[index]
                if let first = table.firstCandidate(in: input, at: position),
                    let found = table.match(from: first, in: input, at: position, cost: &steps)
                {
                    // The group's shorter strings, then the single characters, are what backtracking tries next.
                    stack.append(Entry(kind: .string, pc: pc, a: position, b: found.index + 1))
                    position = found.position
                    pc = exit
                } else {
                    pc += 1
                }
            case .split(let first, let second):
                stack.append(Entry(kind: .branch, pc: second, a: position, b: 0))
                pc = first
            case .dispatch(let index):
                let table = dispatches[index]
                let candidate = table.firstCandidate(for: position < length ? input[position] : nil)
                let entry = Int(table.candidates[candidate])
                if entry < 0 {
                    ok = false
                } else {
                    if table.candidates[candidate + 1] >= 0 {
                        stack.append(Entry(kind: .dispatch, pc: pc, a: position, b: candidate + 1))
                    }
                    pc = entry
                }
            case .jump(let target):
                pc = target
            case .open(let group, _):
                write(program.mark(group), position)
                pc += 1
            case .close(let group, let backward):
                let mark = registers[program.mark(group)]
                let slot = PortableProgram.captureStart(group)
                write(slot, backward ? position : mark)
                write(slot + 1, backward ? mark : position)
                pc += 1
            case .loopInit(let index):
                write(loops[index].register, 0)
                pc += 1
            case .loopHead(let index):
                let loop = loops[index]
                let count = registers[loop.register]
                if count < loop.min {
                    pc += 1
                } else if count >= loop.max {
                    pc = loop.exit
                } else if loop.greedy {
                    stack.append(Entry(kind: .branch, pc: loop.exit, a: position, b: 0))
                    pc += 1
                } else {
                    stack.append(Entry(kind: .branch, pc: pc + 1, a: position, b: 0))
                    pc = loop.exit
                }
            case .loopBegin(let index):
                let loop = loops[index]
                // Only a nullable loop's empty-iteration check (and its memo conditions) read the iteration start.
                if loop.nullable { write(loop.register + 1, position) }
                for group in loop.captures where registers[PortableProgram.captureStart(group)] != -1
                    || registers[PortableProgram.captureStart(group) + 1] != -1
                {
                    write(PortableProgram.captureStart(group), -1)
                    write(PortableProgram.captureStart(group) + 1, -1)
                }
                pc += 1
            case .loopTail(let index):
                let loop = loops[index]
                let count = registers[loop.register]
                if loop.nullable && count >= loop.min && position == registers[loop.register + 1] {
                    ok = false
                } else {
                    // An unbounded loop's count matters only up to its minimum: it stays there, unwritten.
                    if count < loop.min || loop.max != Int.max { write(loop.register, count + 1) }
                    pc = loop.head
                }
            case .repeatSingle(let single, let min, let max, let greedy, let backward, let run):
                if greedy {
                    let room = backward ? position : length - position
                    let limit = Swift.min(max, room)
                    let taken: Int
                    let slot = runs + Int(run) * Self.runSlotWords
                    if run >= 0 && slot[0] <= position && position <= slot[1] {
                        // A run scanned before: its length is known (one step, already counted).
                        taken = Swift.min(backward ? position - slot[0] : slot[1] - position, limit)
                    } else if run >= 0 && slot[0] <= slot[1]
                        && (backward ? position > slot[1] && position - slot[1] <= limit
                            : position < slot[0] && slot[0] - position <= limit)
                    {
                        // Before a run scanned before (after it, backward): scanning up to it joins the two, so
                        // a quantifier retried from each earlier position scans each character once.
                        let gap = backward ? position - slot[1] : slot[0] - position
                        let scanned = scan(single, from: position, limit: gap, backward: backward)
                        steps += scanned >> 1
                        if scanned == gap {
                            taken = Swift.min(backward ? position - slot[0] : slot[1] - position, limit)
                            if backward { slot[1] = position } else { slot[0] = position }
                        } else {
                            taken = scanned
                            slot[0] = backward ? position - taken : position
                            slot[1] = backward ? position : position + taken
                        }
                    } else {
                        taken = scan(single, from: position, limit: limit, backward: backward)
                        steps += taken >> 1  // a scanned character costs about half a step
                        if run >= 0 && taken < max {
                            slot[0] = backward ? position - taken : position
                            slot[1] = backward ? position : position + taken
                        }
                    }
                    if taken < min {
                        ok = false
                    } else {
                        if taken > min {
                            if backward {
                                stack.append(Entry(kind: .greedy, pc: pc, a: position - min, b: position - taken + 1))
                            } else {
                                stack.append(Entry(kind: .greedy, pc: pc, a: position + min, b: position + taken - 1))
                            }
                        }
                        position = backward ? position - taken : position + taken
                        pc += 1
                    }
                } else {
                    var taken = 0
                    while taken < min {
                        let next = backward ? position - taken - 1 : position + taken
                        guard next >= 0 && next < length && accepts(single, input[next]) else { break }
                        taken += 1
                    }
                    steps += taken >> 1  // a scanned character costs about half a step
                    if taken < min {
                        ok = false
                    } else {
                        position = backward ? position - min : position + min
                        if max > min {
                            stack.append(Entry(kind: .lazy, pc: pc, a: position, b: max == Int.max ? Int.max : max - min))
                        }
                        pc += 1
                    }
                }
            case .backreference(let group, let backward, let ignoreCase, let minimumAfter, let endsSubject):
                let slot = PortableProgram.captureStart(group)
                let begin = registers[slot]
                let end = registers[slot + 1]
                if begin < 0 || end < 0 {
                    pc += 1
                    break
                }
                let count = end - begin
                let from = backward ? position - count : position
                // Room for the captured text, and after it for what the rest of every match needs: where there
                // is none, nothing is compared (`^(.+)\1$` tries one length, not every one).
                if from < 0 || from + count > length || (!backward
                    && (from + count + Int(minimumAfter) > length || (endsSubject && from + count != length)))
                {
                    ok = false
                    break
                }
                var offset = 0
                while offset < count {
                    let expected = input[begin + offset]
                    let actual = input[from + offset]
                    if expected != actual {
                        if !ignoreCase
                            || PortableCaseFolding.canonicalize(expected, unicode: unicode)
                                != PortableCaseFolding.canonicalize(actual, unicode: unicode)
                        {
                            break
                        }
                    }
                    offset += 1
                }
                steps += offset >> 1  // a compared character costs about half a step, as a scanned one does
                if offset < count {
                    ok = false
                } else {
                    position = backward ? from : from + count
                    pc += 1
                }
            case .lookStart(let negative, let end):
                if let run = leadingRun(ofLookaroundAt: pc), run[2] <= position && position <= run[3] {
                    if negative { pc = end + 1 } else { ok = false }
                    break
                }
                if program.memoizesLookarounds && (memoEnabled || enableMemo()) {
                    let bit = (program.lookaroundAtEnd[end] * (length + 1) + position) * 2
                    if lookResults[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                        let succeeded = lookResults[(bit + 1) >> 6] & (1 << UInt64((bit + 1) & 63)) != 0
                        if succeeded != negative { pc = end + 1 } else { ok = false }
                        break
                    }
                }
                stack.append(Entry(kind: .marker, pc: pc, a: position, b: marker))
                marker = stack.count - 1
                pc += 1
            case .lookEnd:
                let index = marker
                let entry = stack[index]
                marker = entry.b
                guard case .lookStart(let negative, let end) = code[entry.pc] else { preconditionFailure("lookaround marker") }
                position = entry.a
                if memoEnabled && program.memoizesLookarounds {
                    recordLookaround(end: end, at: position, succeeded: true)
                    for current in (index + 1)..<stack.count where stack[current].kind == .memoMark {
                        let bit = stack[current].a
                        memoSuccess[bit >> 6] |= 1 << UInt64(bit & 63)
                    }
                }
                if negative {
                    var top = stack.count - 1
                    while top > index {
                        if stack[top].kind == .restore { registers[stack[top].a] = stack[top].b }
                        top -= 1
                    }
                    stack.truncate(to: index)
                    ok = false
                } else {
                    var kept = index
                    for current in (index + 1)..<stack.count where stack[current].kind == .restore {
                        stack[kept] = stack[current]
                        kept += 1
                    }
                    stack.truncate(to: kept)
                    pc = end + 1
                }
            case .memo(let point):
                pc += 1
                if !memoEnabled && !enableMemo() { break }
                let slot = memoSlot(point, at: position)
                if slot < 0 { break }
                let bit = slot * (length + 1) + position
                let mask = UInt64(1) << UInt64(bit & 63)
                if let lookaround = points[point].lookaround {
                    if memoSuccess[bit >> 6] & mask != 0 {
                        // Known to lead to the body's success: finish the body as it did.
                        pc = program.lookaroundEnds[lookaround]
                    } else if memo[bit >> 6] & mask != 0 {
                        ok = false
                    } else {
                        memo[bit >> 6] |= mask
                        stack.append(Entry(kind: .memoMark, pc: point, a: bit, b: 0))
                    }
                } else if memo[bit >> 6] & mask != 0 {
                    ok = false
                } else {
                    memo[bit >> 6] |= mask
                    if points[point].afterGreedy {
                        linkFailure(slot, at: position, backward: points[point].backward)
                    }
                }
            case .match:
                return true
            }
            if ok { continue }
            // Backtrack: undo register writes until an entry offers another way.
            backtracking: while true {
                steps += 1
                if steps > budget { throw limitError() }
                guard !stack.isEmpty else { return false }
                let top = stack[stack.count - 1]
                switch top.kind {
                case .restore:
                    registers[top.a] = top.b
                    stack.removeLast()
                case .branch:
                    stack.removeLast()
                    pc = top.pc
                    position = top.a
                    break backtracking
                case .greedy:
                    guard case .repeatSingle(_, _, _, _, let backward, _) = code[top.pc] else { preconditionFailure("greedy entry") }
                    // Positions whose memo point is known to fail, and positions whose next character the
                    // step after the quantifier rejects, are given back without running from them.
                    var following = top.pc + 1
                    var point = -1
                    if case .memo(let index) = code[following] {
                        point = index
                        following += 1
                    }
                    let slot = point >= 0 && memoEnabled ? memoSlot(point, at: -2) : -1
                    let skipsFailures = slot >= 0
                    var resume = top.b
                    if case .single(let next, let nextBackward) = code[following], nextBackward == backward {
                        while true {
                            if skipsFailures {
                                resume = skipFailed(point, slot: slot, from: resume, to: top.a, backward: backward)
                            }
                            if backward ? resume > top.a : resume < top.a { break }
                            let accepted = firstAccepted(next, from: resume, to: top.a, backward: backward)
                            if accepted == resume { break }
                            if skipsFailures {
                                // The step after the point rejects these positions whatever the state: known
                                // failures of the point, so later give-backs skip them at once.
                                linkFailures(slot, from: resume, to: accepted, backward: backward)
                            }
                            resume = accepted
                            if !skipsFailures { break }
                        }
                    } else if skipsFailures {
                        resume = skipFailed(point, slot: slot, from: resume, to: top.a, backward: backward)
                    }
                    if backward ? resume > top.a : resume < top.a {
                        stack.removeLast()
                        continue backtracking
                    }
                    position = resume
                    if backward ? resume + 1 <= top.a : resume - 1 >= top.a {
                        stack[stack.count - 1].b = backward ? resume + 1 : resume - 1
                    } else {
                        stack.removeLast()
                    }
                    pc = top.pc + 1
                    break backtracking
                case .lazy:
                    guard case .repeatSingle(let single, _, _, _, let backward, _) = code[top.pc] else { preconditionFailure("lazy entry") }
                    let next = backward ? top.a - 1 : top.a
                    if next >= 0 && next < length && accepts(single, input[next]) {
                        position = backward ? top.a - 1 : top.a + 1
                        let remaining = top.b == Int.max ? Int.max : top.b - 1
                        if remaining > 0 {
                            stack[stack.count - 1].a = position
                            stack[stack.count - 1].b = remaining
                        } else {
                            stack.removeLast()
                        }
                        pc = top.pc + 1
                        break backtracking
                    }
                    stack.removeLast()
                case .string:
                    guard case .strings(let index, let exit, _) = code[top.pc] else { preconditionFailure("string entry") }
                    let table = tables[index]
                    position = top.a
                    if top.b < table.count, Int(table.groupEnds[top.b - 1]) > top.b,
                        let found = table.match(from: top.b, in: input, at: position, cost: &steps)
                    {
                        stack[stack.count - 1].b = found.index + 1
                        position = found.position
                        pc = exit
                    } else {
                        stack.removeLast()
                        pc = top.pc + 1
                    }
                    break backtracking
                case .dispatch:
                    guard case .dispatch(let index) = code[top.pc] else { preconditionFailure("dispatch entry") }
                    let candidates = dispatches[index].candidates
                    position = top.a
                    pc = Int(candidates[top.b])
                    if candidates[top.b + 1] >= 0 {
                        stack[stack.count - 1].b = top.b + 1
                    } else {
                        stack.removeLast()
                    }
                    break backtracking
                case .memoMark:
                    stack.removeLast()
                    // Explored without the body's success: a known failure from now on.
                    if points[top.pc].afterGreedy {
                        let positions = length + 1
                        linkFailure(top.a / positions, at: top.a % positions, backward: points[top.pc].backward)
                    }
                case .marker:
                    stack.removeLast()
                    marker = top.b
                    guard case .lookStart(let negative, let end) = code[top.pc] else { preconditionFailure("lookaround marker") }
                    if memoEnabled && program.memoizesLookarounds {
                        recordLookaround(end: end, at: top.a, succeeded: false)
                    }
                    if let run = leadingRun(ofLookaroundAt: top.pc),
                        case .repeatSingle(_, _, _, _, let backward, _) = code[top.pc + 1]
                    {
                        recordFailure(in: run, at: top.a, backward: backward)
                    }
                    if negative {
                        position = top.a
                        pc = end + 1
                        break backtracking
                    }
                }
            }
        }
    }
}
