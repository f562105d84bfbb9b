/// A pattern compiled for the portable matcher: an instruction array with its sets, quantifier
/// descriptions and search hints. Immutable and `Sendable`.
struct PortableProgram: Sendable {
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

    var instructions: [PortableInstruction]
    var sets: [PortableCharacterSet]
    /// The string tables of `strings` instructions; a property of strings' table is shared process-wide.
    var stringTables: [PortableStringTable]
    var loops: [Loop]
    var memoPoints: [MemoPoint]
    /// The memo points' conditions, flattened for the matcher: one start index per point and one past the
    /// last, then for point `p` triples (kind, register, value) at `memoConditions[p]..<memoConditions[p + 1]`:
    /// kind 0, an unbounded loop's count must have reached its minimum `value`; kind 1, a nullable loop's
    /// iteration start must differ from the position (there the empty-iteration check cannot fire); kind 2,
    /// a bounded loop's count selects the slot, times `value`; kind 3 (with back-references), never: a capture
    /// may still be read after the point.
    var memoConditions: [Int]
    /// The first memo slot of each point, and the number of slots after the last point: a point inside
    /// bounded loops has one slot per combination of their counts (its memo bits are per slot and position).
    var memoSlotBase: [Int]
    /// The `lookEnd` instruction of each lookaround, numbered in order of their `lookStart`.
    var lookaroundEnds: [Int]
    /// For each instruction, the number of the lookaround whose `lookEnd` it is (-1 elsewhere; empty when
    /// the pattern has no lookaround).
    var lookaroundAtEnd: [Int]
    /// Whether lookaround results and in-body memo points may be memoized by position (no back-references).
    var memoizesLookarounds: Bool
    /// Run cache slots of the lookaheads led by an unbounded greedy quantifier that every attempt evaluates
    /// at its start position before consuming anything (`(?=.*\d)(?=.*[A-Z])`): where one of them is
    /// known to fail, an unanchored search skips the start positions at once.
    var startGuards: [Int]
    /// Slots of the matcher's run cache (see ``PortableInstruction/repeatSingle(_:min:max:greedy:backward:run:)``).
    var runSlotCount: Int
    /// Registers: captures (two per group, from group 1), marks (one per group), then loop registers.
    var registerCount: Int
    var captureCount: Int
    /// Characters counting as word characters for `\b`.
    var wordCharacters: PortableCharacterSet
    /// `Canonicalize` is needed (`i`), and which one (`unicode`: `u`/`v`).
    var ignoreCase: Bool
    var unicode: Bool
    /// The match can only start at position 0.
    var anchoredAtStart: Bool
    /// When known, the first character of every match is in this set (unanchored search skips others).
    var firstCharacters: PortableCharacterSet?
    /// No match is shorter than this many characters.
    var minimumLength: Int
    /// The pattern as an automaton, when it is regular enough (see ``PortableAutomaton``): long subjects
    /// are answered by it in linear time.
    var automaton: PortableAutomaton?
    /// Sets of which every match needs a character in the subject (see `PortableCompiler.requiredSets`), as
    /// indices in ``sets``: a long subject is scanned for each before matching, and one without any member
    /// has no match.
    var requiredSets: [Int]

    /// The register of a group's capture start (its end is the next register).
    @inline(__always)
    static func captureStart(_ group: Int) -> Int { group * 2 }

    /// The register holding a group's mark.
    @inline(__always)
    func mark(_ group: Int) -> Int { (captureCount + 1) * 2 + group }
}
