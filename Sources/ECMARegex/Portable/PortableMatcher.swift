import Synchronization

/// Runs a ``PortableProgram`` against a subject with an explicit backtracking stack.
///
/// Memory grows with the stack, never with native recursion; every instruction, consumed character and
/// backtrack counts against a step budget, and exhausting it answers `limit`. Captures are restored
/// through a trail of register writes kept on the same stack, so lookarounds can discard their
/// alternatives while keeping the captures they set.
struct PortableMatcher {
    /// Steps one `test` may take (instructions, characters scanned by a quantifier, and backtracks).
    static let defaultStepBudget = 20_000_000
    /// The budget each `test` gets: ``defaultStepBudget``, lowered only by the fuzzers, whose sanitized
    /// and instrumented builds run each step many times slower.
    package static let stepBudget = Atomic<Int>(defaultStepBudget)
    /// Whether `program` finds a match in `value` (anywhere, or as compiled for whole-value mode).
    static func matches(
        _ program: PortableProgram, _ value: String, budget: Int = stepBudget.load(ordering: .relaxed)
    ) throws(ECMARegexError) -> Bool {
        var value = value
        let ascii = value.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 }
        }
        if ascii == nil {
            value.makeContiguousUTF8()
        }
        if ascii ?? value.utf8.allSatisfy({ $0 < 0x80 }) {
            let result = value.utf8.withContiguousStorageIfAvailable { bytes in
                Result { () throws(ECMARegexError) -> Bool in
                    try search(program, PortableASCIIInput(bytes: bytes), budget: budget)
                }
            }
            if let result { return try result.get() }
        }
        let decoded: [UInt32] = program.unicode ? value.unicodeScalars.map(\.value) : value.utf16.map(UInt32.init)
        return try decoded.withUnsafeBufferPointer { (units) throws(ECMARegexError) -> Bool in
            try search(program, PortableDecodedInput(units: units), budget: budget)
        }
    }

    /// Whether `program` finds a match in a value given as UTF-16 code units, which may hold lone
    /// surrogates: without `u`/`v` the units are the characters; with them, pairs become code points and
    /// a lone surrogate stays a character of its own (ECMA-262's reading of a string as code points).
    static func matches(
        _ program: PortableProgram, codeUnits units: [UInt16], budget: Int = stepBudget.load(ordering: .relaxed)
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
            try search(program, PortableDecodedInput(units: buffer), budget: budget)
        }
    }

    private static func search<Input: PortableInput>(
        _ program: PortableProgram, _ input: Input, budget: Int
    ) throws(ECMARegexError) -> Bool {
        let length = input.count
        guard length >= program.minimumLength else { return false }
        // The hot loop reads the program through pointers that are stable for the whole search, and keeps
        // its registers and a first stretch of its backtracking stack in one temporary allocation (on the
        // machine stack when small), so a search allocates nothing and reference-counts nothing per step.
        return try program.instructions.withUnsafeBufferPointer { (code) throws(ECMARegexError) -> Bool in
            try program.sets.withUnsafeBufferPointer { (sets) throws(ECMARegexError) -> Bool in
                try program.loops.withUnsafeBufferPointer { (loops) throws(ECMARegexError) -> Bool in
                    // Registers first, then as many entries as keep the whole within 1 KiB, which
                    // `withUnsafeTemporaryAllocation` places on the machine stack.
                    let registerCount = Swift.max(1, program.registerCount)
                    let entryWords = MemoryLayout<PortableBacktrackEntry>.stride / MemoryLayout<Int>.stride
                    let initialEntries = Swift.max(4, (128 - registerCount) / entryWords)
                    let words = registerCount + initialEntries * entryWords
                    return try withUnsafeTemporaryAllocation(of: Int.self, capacity: words) {
                        (storage) throws(ECMARegexError) -> Bool in
                        guard let base = storage.baseAddress else { return false }
                        let entries = UnsafeMutableRawPointer(base + registerCount)
                            .bindMemory(to: PortableBacktrackEntry.self, capacity: initialEntries)
                        return try withUnsafePointer(to: program) { (program) throws(ECMARegexError) -> Bool in
                            var machine = PortableMachine<Input>(
                                program: program, code: code, sets: sets, loops: loops, input: input, budget: budget,
                                registers: base, stack: PortableBacktrackStack(initial: entries, capacity: initialEntries))
                            defer { machine.stack.release() }
                            return try machine.search()
                        }
                    }
                }
            }
        }
    }
}

/// One backtracking entry of the portable matcher; the meaning of `a` and `b` depends on the kind.
struct PortableBacktrackEntry {
    enum Kind: UInt8 {
        case branch, restore, greedy, lazy, marker
    }

    var kind: Kind
    var pc: Int
    var a: Int
    var b: Int
}

/// The portable matcher's explicit backtracking stack: a caller-provided first stretch, then heap
/// storage that doubles as needed. Not copyable in meaning: one machine owns it and calls ``release()``.
struct PortableBacktrackStack {
    private(set) var base: UnsafeMutablePointer<PortableBacktrackEntry>
    private(set) var count = 0
    private var capacity: Int
    private var ownsStorage = false

    init(initial: UnsafeMutablePointer<PortableBacktrackEntry>, capacity: Int) {
        base = initial
        self.capacity = capacity
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

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<PortableBacktrackEntry>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = bigger
        capacity *= 2
        ownsStorage = true
    }

    /// Frees heap storage, if any.
    mutating func release() {
        if ownsStorage { base.deallocate() }
        ownsStorage = false
        count = 0
    }
}

/// The state of one search: registers, the backtracking stack and the memo bits.
private struct PortableMachine<Input: PortableInput> {
    /// Steps after which memo points start recording (cheap matches never allocate the memo bits).
    private static var memoThreshold: Int { 2_048 }

    private typealias Entry = PortableBacktrackEntry

    /// The program, borrowed for the search (read through a pointer so the machine never copies it).
    private let program: UnsafePointer<PortableProgram>
    private let code: UnsafeBufferPointer<PortableInstruction>
    private let sets: UnsafeBufferPointer<PortableCharacterSet>
    private let loops: UnsafeBufferPointer<PortableProgram.Loop>
    let input: Input
    let budget: Int
    private let unicode: Bool
    private let registerCount: Int
    private var steps = 0
    private let registers: UnsafeMutablePointer<Int>
    var stack: PortableBacktrackStack
    private var memo: [UInt64] = []
    private var memoEnabled = false
    private var marker = -1

    init(
        program: UnsafePointer<PortableProgram>, code: UnsafeBufferPointer<PortableInstruction>,
        sets: UnsafeBufferPointer<PortableCharacterSet>, loops: UnsafeBufferPointer<PortableProgram.Loop>,
        input: Input, budget: Int, registers: UnsafeMutablePointer<Int>, stack: PortableBacktrackStack
    ) {
        self.program = program
        self.code = code
        self.sets = sets
        self.loops = loops
        self.input = input
        self.budget = budget
        self.unicode = program.pointee.unicode
        self.registerCount = program.pointee.registerCount
        self.registers = registers
        self.stack = stack
    }

    /// Tries every start position in order (only 0 when the program is anchored).
    mutating func search() throws(ECMARegexError) -> Bool {
        let length = input.count
        if program.pointee.anchoredAtStart {
            return try run(from: 0)
        }
        let last = length - program.pointee.minimumLength
        var start = 0
        if let first = program.pointee.firstCharacters {
            while start <= last {
                while start < length && !first.contains(input[start]) { start += 1 }
                if start > last { return false }
                if try run(from: start) { return true }
                start += 1
            }
            return false
        }
        while start <= last {
            if try run(from: start) { return true }
            start += 1
        }
        return false
    }

    @inline(__always)
    private func accepts(_ single: PortableInstruction.Single, _ value: UInt32) -> Bool {
        switch single {
        case .character(let expected): return value == expected
        case .folded(let expected): return PortableCaseFolding.canonicalize(value, unicode: unicode) == expected
        case .set(let index): return sets[index].contains(value)
        case .any: return true
        case .notLineTerminator: return !Self.isLineTerminator(value)
        }
    }

    @inline(__always)
    private static func isLineTerminator(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }

    @inline(__always)
    private mutating func write(_ register: Int, _ value: Int) {
        let old = registers[register]
        if old == value { return }
        if !stack.isEmpty { stack.append(Entry(kind: .restore, pc: 0, a: register, b: old)) }
        registers[register] = value
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
        let ignoreCase = program.pointee.ignoreCase
        let code = self.code
        let loops = self.loops
        var pc = 0
        var position = start
        while true {
            steps += 1
            if steps > budget { throw limitError() }
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
                let before = position > 0 && program.pointee.wordCharacters.contains(input[position - 1])
                let after = position < length && program.pointee.wordCharacters.contains(input[position])
                ok = (before != after) != negated
                pc += 1
            case .dispatch(let table, let fallback, let backward):
                let index = backward ? position - 1 : position
                if index >= 0 && index < length {
                    let character = input[index]
                    let key = ignoreCase ? PortableCaseFolding.canonicalize(character, unicode: unicode) : character
                    if let target = program.pointee.dispatchTables[table][key] {
                        stack.append(Entry(kind: .branch, pc: fallback, a: position, b: 0))
                        pc = target
                    } else {
                        pc = fallback
                    }
                } else {
                    pc = fallback
                }
            case .split(let first, let second):
                stack.append(Entry(kind: .branch, pc: second, a: position, b: 0))
                pc = first
            case .jump(let target):
                pc = target
            case .open(let group, _):
                write(program.pointee.mark(group), position)
                pc += 1
            case .close(let group, let backward):
                let mark = registers[program.pointee.mark(group)]
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
                write(loop.register + 1, position)
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
                    write(loop.register, count + 1)
                    pc = loop.head
                }
            case .repeatSingle(let single, let min, let max, let greedy, let backward):
                if greedy {
                    let room = backward ? position : length - position
                    let limit = Swift.min(max, room)
                    var taken = 0
                    if backward {
                        while taken < limit && accepts(single, input[position - 1 - taken]) { taken += 1 }
                    } else {
                        while taken < limit && accepts(single, input[position + taken]) { taken += 1 }
                    }
                    steps += taken
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
                    steps += taken
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
            case .backreference(let group, let backward):
                let slot = PortableProgram.captureStart(group)
                let begin = registers[slot]
                let end = registers[slot + 1]
                if begin < 0 || end < 0 {
                    pc += 1
                    break
                }
                let count = end - begin
                let from = backward ? position - count : position
                if from < 0 || from + count > length {
                    ok = false
                    break
                }
                steps += count
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
                if offset < count {
                    ok = false
                } else {
                    position = backward ? from : from + count
                    pc += 1
                }
            case .lookStart:
                stack.append(Entry(kind: .marker, pc: pc, a: position, b: marker))
                marker = stack.count - 1
                pc += 1
            case .lookEnd:
                let index = marker
                let entry = stack[index]
                marker = entry.b
                guard case .lookStart(let negative, let end) = code[entry.pc] else { preconditionFailure("lookaround marker") }
                position = entry.a
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
                if !memoEnabled {
                    if steps < Self.memoThreshold { break }
                    let bits = program.pointee.memoPoints.count * (length + 1)
                    if bits > 1 << 27 { break }
                    memo = Array(repeating: 0, count: (bits + 63) / 64)
                    memoEnabled = true
                }
                var saturated = true
                for loop in program.pointee.memoPoints[point].loops
                where registers[loops[loop].register] < loops[loop].min {
                    saturated = false
                }
                if !saturated { break }
                let bit = point * (length + 1) + position
                let mask = UInt64(1) << UInt64(bit & 63)
                if memo[bit >> 6] & mask != 0 {
                    ok = false
                } else {
                    memo[bit >> 6] |= mask
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
                    guard case .repeatSingle(_, _, _, _, let backward) = code[top.pc] else { preconditionFailure("greedy entry") }
                    position = top.b
                    if backward ? top.b + 1 <= top.a : top.b - 1 >= top.a {
                        stack[stack.count - 1].b = backward ? top.b + 1 : top.b - 1
                    } else {
                        stack.removeLast()
                    }
                    pc = top.pc + 1
                    break backtracking
                case .lazy:
                    guard case .repeatSingle(let single, _, _, _, let backward) = code[top.pc] else { preconditionFailure("lazy entry") }
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
                case .marker:
                    stack.removeLast()
                    marker = top.b
                    guard case .lookStart(let negative, let end) = code[top.pc] else { preconditionFailure("lookaround marker") }
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
