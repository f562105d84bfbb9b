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
