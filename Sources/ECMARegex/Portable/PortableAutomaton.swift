/// The regular part of a pattern as a nondeterministic automaton, answered by a subset simulation whose
/// states are cached as they are met (a lazily built DFA): linear in the subject for any pattern of this
/// shape, however its quantifiers nest or its alternatives overlap.
///
/// A pattern qualifies when it has no lookaround, no back-reference and no class with strings, and when its
/// counted quantifiers, written out, stay within ``stateLimit`` states. For such a pattern `test` asks only
/// whether some substring belongs to the pattern's language: ECMAScript's choice order and its
/// empty-iteration check decide which match is found, and which captures it sets, never whether one
/// exists (an iteration rejected for matching empty can be left out of any match). So the automaton's
/// verdict is the backtracking matcher's, without its exponential or quadratic paths: `^(a+)+$`,
/// `^(a|ab|abc)*d` and `^(?:\p{L}|\p{N}|x)*$` cost one cached transition per character.
struct PortableAutomaton: Sendable {
    /// A zero-width test at a position.
    enum Assertion: UInt8, Sendable {
        case inputStart, inputEnd, lineStart, lineEnd, wordBoundary, notWordBoundary
    }

    /// One state. Targets are state indices.
    enum State: Sendable {
        /// Consumes one character that `Single` accepts.
        case step(PortableInstruction.Single, next: Int32)
        /// Both targets.
        case split(Int32, Int32)
        /// The target, without consuming.
        case epsilon(Int32)
        /// The target, where the assertion holds.
        case check(Assertion, next: Int32)
        /// A match ends here.
        case accept
    }

    /// The most states an automaton may have; a pattern that needs more is left to the backtracking matcher.
    static let stateLimit = 4_096

    var states: [State]
    var start: Int32
    /// Whether an assertion reads the character after the position (`$` with `m`, `\b`, `\B`).
    var readsNextCharacter: Bool
}

/// Builds a ``PortableAutomaton`` from a syntax tree (``PortableCompiler`` supplies the character steps,
/// so the automaton and the backtracking program test characters alike).
struct PortableAutomatonBuilder {
    private(set) var states: [PortableAutomaton.State] = []
    private(set) var readsNextCharacter = false

    /// Adds a state; nil past ``PortableAutomaton/stateLimit``.
    mutating func add(_ state: PortableAutomaton.State) -> Int32? {
        guard states.count < PortableAutomaton.stateLimit else { return nil }
        if case .check(let assertion, _) = state,
           assertion == .lineEnd || assertion == .wordBoundary || assertion == .notWordBoundary
        {
            readsNextCharacter = true
        }
        states.append(state)
        return Int32(states.count - 1)
    }

    /// Replaces a state added as a placeholder.
    mutating func set(_ index: Int32, _ state: PortableAutomaton.State) {
        states[Int(index)] = state
    }

    /// Whether `count` more states would still fit.
    func hasRoom(for count: Int) -> Bool {
        count <= PortableAutomaton.stateLimit - states.count
    }

    /// States built for one node: the range they were added in, the node's entry (which may be the
    /// continuation itself, for a node that matches only the empty string), and the continuation they lead to.
    struct Template {
        var states: Range<Int32>
        var entry: Int32
        var continuation: Int32
    }

    /// Adds a copy of `template`'s states that leads to `next` instead of its continuation; the copy's entry.
    /// Nil past ``PortableAutomaton/stateLimit``. (A node's states lead only to each other and to its
    /// continuation, which was built before them.)
    mutating func copy(_ template: Template, continuingAt next: Int32) -> Int32? {
        guard hasRoom(for: template.states.count) else { return nil }
        let delta = Int32(states.count) - template.states.lowerBound
        func moved(_ target: Int32) -> Int32 {
            if target == template.continuation { return next }
            return template.states.contains(target) ? target + delta : target
        }
        for index in template.states {
            switch states[Int(index)] {
            case .step(let single, let following): states.append(.step(single, next: moved(following)))
            case .split(let first, let second): states.append(.split(moved(first), moved(second)))
            case .epsilon(let following): states.append(.epsilon(moved(following)))
            case .check(let assertion, let following): states.append(.check(assertion, next: moved(following)))
            case .accept: states.append(.accept)
            }
        }
        return moved(template.entry)
    }
}

/// One search of a ``PortableAutomaton``: the set of states alive at each position, with every set met
/// interned once and its transitions cached (by character, and by what an assertion reads of the next
/// character), so a subject costs one table lookup per character once its states are known.
///
/// Every state visited while a set is computed, and every cached transition, costs a step of the same
/// budget as the backtracking matcher's; at most ``cachedSetLimit`` sets are kept (the cache starts over
/// past that), so memory stays bounded whatever the pattern.
struct PortableAutomatonSearch {
    /// The most sets kept at once (each with a 128-entry table per next-character class, 4 bytes an entry).
    static var cachedSetLimit: Int { 2_048 }

    private let states: UnsafeBufferPointer<PortableAutomaton.State>
    private let sets: UnsafeBufferPointer<PortableCharacterSet>
    private let wordCharacters: PortableCharacterSet
    private let unicode: Bool
    private let start: Int32
    private let anchored: Bool
    private let readsNext: Bool
    private let input: PortableInput
    private let budget: Int
    private(set) var steps = 0

    /// The interned sets: their consuming states, sorted.
    private var members: [[Int32]] = []
    private var index: [[Int32]: Int32] = .init()
    /// Transitions on ASCII characters: `variants * 128` entries per set, -1 where not yet known.
    private var ascii: [Int32] = []
    /// Transitions on other characters: set, next-character class and character packed in the key.
    private var other: [UInt64: Int] = .init()
    /// Scratch for computing a set: visit stamps per state, a work list, the collected states.
    private var stamps: [UInt32]
    private var stamp: UInt32 = 0
    private var work: [Int32] = []
    private var collected: [Int32] = []

    private var variants: Int { readsNext ? 4 : 1 }

    init(
        automaton: UnsafeBufferPointer<PortableAutomaton.State>, start: Int32, readsNextCharacter: Bool,
        program: PortableProgram, sets: UnsafeBufferPointer<PortableCharacterSet>, input: PortableInput, budget: Int
    ) {
        states = automaton
        self.sets = sets
        wordCharacters = program.wordCharacters
        unicode = program.unicode
        self.start = start
        anchored = program.anchoredAtStart
        readsNext = readsNextCharacter
        self.input = input
        self.budget = budget
        stamps = [UInt32](repeating: 0, count: automaton.count)
    }

    /// Whether a match ends at some position of the subject.
    mutating func run() throws(ECMARegexError) -> Bool {
        let length = input.count
        var first = closure(seeds: [start], position: 0)
        if first.accepted { return true }
        var current = intern(first.members)
        first.members = []
        var position = 0
        while position < length {
            let character = input[position]
            let next = position + 1
            let last = next == length
            let variant = last || !readsNext ? 0 : nextClass(next)
            var target: Int32 = -1
            if !last { target = cached(current, character, variant) }
            if target >= 0 {
                steps += 1
            } else {
                var seeds: [Int32] = []
                for state in members[Int(current)] {
                    if case .step(let single, let following) = states[Int(state)],
                       single.accepts(character, sets: sets, unicode: unicode)
                    {
                        seeds.append(following)
                    }
                }
                steps += members[Int(current)].count
                if !anchored { seeds.append(start) }
                let found = closure(seeds: seeds, position: next)
                if found.accepted { return true }
                if steps > budget { throw limitError() }
                if anchored && found.members.isEmpty { return false }
                if last { return false }
                if members.count >= Self.cachedSetLimit {
                    // Start the cache over, keeping only the set being left.
                    let kept = members[Int(current)]
                    members.removeAll(keepingCapacity: true)
                    index.removeAll(keepingCapacity: true)
                    ascii.removeAll(keepingCapacity: true)
                    other.removeAll(keepingCapacity: true)
                    current = intern(kept)
                }
                target = intern(found.members)
                store(current, character, variant, target)
            }
            if steps > budget { throw limitError() }
            current = target
            position = next
        }
        return false
    }

    private func limitError() -> ECMARegexError {
        .limit("matching stopped after \(budget) steps of the portable matcher; no exact answer")
    }

    /// What an assertion reads of the character at `position` (the next one): a line terminator, a word character.
    @inline(__always)
    private func nextClass(_ position: Int) -> Int {
        let character = input[position]
        return (PortableInstruction.Single.isLineTerminator(character) ? 1 : 0) | (wordCharacters.contains(character) ? 2 : 0)
    }

    @inline(__always)
    private func cached(_ set: Int32, _ character: UInt32, _ variant: Int) -> Int32 {
        if character < 128 {
            return ascii[(Int(set) * variants + variant) * 128 + Int(character)]
        }
        return other[Self.key(set, character, variant)].map { Int32(truncatingIfNeeded: $0) } ?? -1
    }

    private mutating func store(_ set: Int32, _ character: UInt32, _ variant: Int, _ target: Int32) {
        if character < 128 {
            ascii[(Int(set) * variants + variant) * 128 + Int(character)] = target
        } else {
            other[Self.key(set, character, variant)] = Int(target)
        }
    }

    /// A set number is below ``cachedSetLimit``, a variant below 256, a character below 2^32: 64 bits on
    /// every platform, where `Int` has 32 on watchOS (arm64_32).
    private static func key(_ set: Int32, _ character: UInt32, _ variant: Int) -> UInt64 {
        UInt64(set) << 40 | UInt64(variant) << 32 | UInt64(character)
    }

    private mutating func intern(_ set: [Int32]) -> Int32 {
        if let known = index[set] { return known }
        let number = Int32(members.count)
        members.append(set)
        index[set] = number
        ascii.append(contentsOf: repeatElement(-1, count: variants * 128))
        steps += set.count
        return number
    }

    /// The states reachable without consuming from `seeds` at `position`: the consuming ones, sorted, and
    /// whether a match ends there.
    private mutating func closure(seeds: [Int32], position: Int) -> (members: [Int32], accepted: Bool) {
        stamp &+= 1
        if stamp == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            stamp = 1
        }
        collected.removeAll(keepingCapacity: true)
        work.removeAll(keepingCapacity: true)
        work.append(contentsOf: seeds.reversed())
        var accepted = false
        while let state = work.popLast() {
            let index = Int(state)
            if stamps[index] == stamp { continue }
            stamps[index] = stamp
            steps += 1
            switch states[index] {
            case .step:
                collected.append(state)
            case .split(let first, let second):
                work.append(second)
                work.append(first)
            case .epsilon(let next):
                work.append(next)
            case .check(let assertion, let next):
                if holds(assertion, at: position) { work.append(next) }
            case .accept:
                accepted = true
            }
        }
        collected.sort()
        return (collected, accepted)
    }

    private func holds(_ assertion: PortableAutomaton.Assertion, at position: Int) -> Bool {
        let length = input.count
        switch assertion {
        case .inputStart:
            return position == 0
        case .inputEnd:
            return position == length
        case .lineStart:
            return position == 0 || PortableInstruction.Single.isLineTerminator(input[position - 1])
        case .lineEnd:
            return position == length || PortableInstruction.Single.isLineTerminator(input[position])
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && wordCharacters.contains(input[position - 1])
            let after = position < length && wordCharacters.contains(input[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }
}
