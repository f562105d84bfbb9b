/// A pattern compiled for the portable matcher: an instruction array with its sets, quantifier
/// descriptions and search hints. Immutable and `Sendable`.
///
/// A class, so that handing a program to a match (out of the engine's lock, into the matcher) is one
/// retain, not a copy of its twenty-two members with a retain for each array among them; and one
/// type's metadata instead of a struct's value witnesses.
final class PortableProgram: Sendable {
    /// A general quantifier (one whose atom is more than a single character).
    struct Loop: Sendable {
        /// Index of the iteration count register; the iteration start is the next register.
        var register: Int
        var min: Int
        /// `Int.max` when unbounded.
        var max: Int
        var greedy: Bool
        /// Where matching continues after the quantifier.
        var exit: Int
        /// The `loopHead` instruction (or the `memo` just before it).
        var head: Int
        /// Capturing groups inside the atom, reset on every iteration.
        var captures: Range<Int>
        /// Whether the atom can match the empty string (so the empty-iteration check can fire).
        var nullable: Bool
    }

    /// A memo point's condition: the loops around it must have reached their minimum.
    struct MemoPoint: Sendable {
        var loops: [Int]
        /// The innermost lookaround whose body holds the point (nil outside lookarounds): there the point
        /// also records whether it led to the body's success.
        var lookaround: Int?
        /// The loop whose head this point is (its iteration start is not live there), nil elsewhere.
        var head: Int? = nil
        /// The point follows a greedy `repeatSingle`, in this direction: that quantifier's give-backs skip
        /// the positions where the point is known to fail (`skipFailed`), through a skip table.
        var afterGreedy: Bool = false
        var backward: Bool = false
    }

    let instructions: [PortableInstruction]
    let sets: [PortableCharacterSet]
    /// The string tables of `strings` instructions; a property of strings' table is shared process-wide.
    let stringTables: [PortableStringTable]
    /// The tables of `dispatch` instructions.
    let dispatchTables: [PortableDispatchTable]
    /// When every match starts with a class that has strings (`\p{RGI_Emoji}+$`), its string table and the
    /// set of its single characters: an unanchored search skips the positions where neither a string nor a
    /// single character of the class starts, without running the program there.
    let startClass: (table: Int, characters: Int)?
    let loops: [Loop]
    let memoPoints: [MemoPoint]
    /// The memo points' conditions, flattened for the matcher: one start index per point and one past the
    /// last, then for point `p` triples (kind, register, value) at `memoConditions[p]..<memoConditions[p + 1]`:
    /// kind 0, an unbounded loop's count must have reached its minimum `value`; kind 1, a nullable loop's
    /// iteration start must differ from the position (there the empty-iteration check cannot fire); kind 2,
    /// a bounded loop's count selects the slot, times `value`; kind 3 (with back-references), never: a capture
    /// may still be read after the point.
    let memoConditions: [Int]
    /// The first memo slot of each point, and the number of slots after the last point: a point inside
    /// bounded loops has one slot per combination of their counts (its memo bits are per slot and position).
    let memoSlotBase: [Int]
    /// The `lookEnd` instruction of each lookaround, numbered in order of their `lookStart`.
    let lookaroundEnds: [Int]
    /// For each instruction, the number of the lookaround whose `lookEnd` it is (-1 elsewhere; empty when
    /// the pattern has no lookaround).
    let lookaroundAtEnd: [Int]
    /// Whether lookaround results and in-body memo points may be memoized by position (no back-references).
    let memoizesLookarounds: Bool
    /// Run cache slots of the lookaheads led by an unbounded greedy quantifier that every attempt evaluates
    /// at its start position before consuming anything (`(?=.*\d)(?=.*[A-Z])`): where one of them is
    /// known to fail, an unanchored search skips the start positions at once.
    let startGuards: [Int]
    /// Slots of the matcher's run cache (see ``PortableInstruction/repeatSingle(_:min:max:greedy:backward:run:)``).
    let runSlotCount: Int
    /// Registers: captures (two per group, from group 1), marks (one per group), then loop registers.
    let registerCount: Int
    let captureCount: Int
    /// Characters counting as word characters for `\b`.
    let wordCharacters: PortableCharacterSet
    /// `Canonicalize` is needed (`i`), and which one (`unicode`: `u`/`v`).
    let ignoreCase: Bool
    let unicode: Bool
    /// The match can only start at position 0.
    let anchoredAtStart: Bool
    /// When known, the first character of every match is in this set (unanchored search skips others).
    let firstCharacters: PortableCharacterSet?
    /// No match is shorter than this many characters.
    let minimumLength: Int
    /// The pattern as an automaton, when it is regular enough (see ``PortableAutomaton``): long subjects
    /// are answered by it in linear time.
    let automaton: PortableAutomaton?
    /// Sets of which every match needs a character in the subject (see `PortableCompiler.requiredSets`), as
    /// indices in ``sets``: a long subject is scanned for each before matching, and one without any member
    /// has no match.
    let requiredSets: [Int]

    /// The register of a group's capture start (its end is the next register).
    init(
        instructions: [PortableInstruction],
        sets: [PortableCharacterSet],
        stringTables: [PortableStringTable],
        dispatchTables: [PortableDispatchTable],
        startClass: (table: Int, characters: Int)?,
        loops: [Loop],
        memoPoints: [MemoPoint],
        memoConditions: [Int],
        memoSlotBase: [Int],
        lookaroundEnds: [Int],
        lookaroundAtEnd: [Int],
        memoizesLookarounds: Bool,
        startGuards: [Int],
        runSlotCount: Int,
        registerCount: Int,
        captureCount: Int,
        wordCharacters: PortableCharacterSet,
        ignoreCase: Bool,
        unicode: Bool,
        anchoredAtStart: Bool,
        firstCharacters: PortableCharacterSet?,
        minimumLength: Int,
        automaton: PortableAutomaton?,
        requiredSets: [Int]
    ) {
        self.instructions = instructions
        self.sets = sets
        self.stringTables = stringTables
        self.dispatchTables = dispatchTables
        self.startClass = startClass
        self.loops = loops
        self.memoPoints = memoPoints
        self.memoConditions = memoConditions
        self.memoSlotBase = memoSlotBase
        self.lookaroundEnds = lookaroundEnds
        self.lookaroundAtEnd = lookaroundAtEnd
        self.memoizesLookarounds = memoizesLookarounds
        self.startGuards = startGuards
        self.runSlotCount = runSlotCount
        self.registerCount = registerCount
        self.captureCount = captureCount
        self.wordCharacters = wordCharacters
        self.ignoreCase = ignoreCase
        self.unicode = unicode
        self.anchoredAtStart = anchoredAtStart
        self.firstCharacters = firstCharacters
        self.minimumLength = minimumLength
        self.automaton = automaton
        self.requiredSets = requiredSets
    }

    @inline(__always)
    static func captureStart(_ group: Int) -> Int { group * 2 }

    /// The register holding a group's mark.
    @inline(__always)
    func mark(_ group: Int) -> Int { (captureCount + 1) * 2 + group }
}
