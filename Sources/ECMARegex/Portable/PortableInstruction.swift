/// One instruction of a ``PortableProgram``. Every payload is a trivial value, so dispatch never
/// retains or releases anything.
enum PortableInstruction: Sendable {
    /// What a one-character step accepts.
    enum Single: Sendable {
        /// Exactly this character.
        case character(UInt32)
        /// Any character whose `Canonicalize` is this value.
        case folded(UInt32)
        /// A member of the program's set with this index.
        case set(Int)
        /// Any character (`.` with `s`).
        case any
        /// Any character but a line terminator (`.` without `s`).
        case notLineTerminator
    }

    /// Consumes one character (the one before the position when `backward`).
    case single(Single, backward: Bool)
    /// `^` with `m`: start of input or after a line terminator.
    case lineStart
    /// `$` with `m`: end of input or before a line terminator.
    case lineEnd
    /// Start of input.
    case inputStart
    /// End of input.
    case inputEnd
    /// `\b` or `\B`.
    case wordBoundary(negated: Bool)
    /// A class's strings (the program's string table with this index, see ``PortableStringTable``): the
    /// longest string of the next character's group (after `Canonicalize` under `i`) that the subject holds
    /// is consumed and matching continues at `exit`, with the group's shorter strings left to backtrack
    /// into; when none is there (or none is left), matching continues at the next instruction (the class's
    /// single characters). Keeps a property of strings from trying every one of its thousands of strings
    /// at every position, and from costing instructions per string.
    case strings(Int, exit: Int, backward: Bool)
    /// Continues at the first target; on failure, at the second.
    case split(Int, Int)
    /// A large alternation: continues at the first branch of the program's dispatch table with this index
    /// that can start with the next character; on failure, at the next such branch (see
    /// ``PortableDispatchTable``).
    case dispatch(Int)
    /// Continues at the target.
    case jump(Int)
    /// Marks where the group's text begins in matching order (its end when `backward`).
    case open(group: Int, backward: Bool)
    /// Sets the group's capture from the mark and the position.
    case close(group: Int, backward: Bool)
    /// Starts a general quantifier: its iteration count becomes 0.
    case loopInit(Int)
    /// Decides whether the quantifier iterates once more, stops, or tries both in its order.
    case loopHead(Int)
    /// Begins an iteration: records its start and resets the captures inside the quantified atom.
    case loopBegin(Int)
    /// Ends an iteration: rejects an empty one once the minimum is reached, counts it, goes back to the head.
    case loopTail(Int)
    /// A quantifier over a single character, with backtracking kept in one stack entry. A greedy one may
    /// have a slot of the matcher's run cache (`run`, -1 for none): the last run of accepted characters it
    /// scanned, so scanning the same run again from a later position costs nothing.
    case repeatSingle(Single, min: Int, max: Int, greedy: Bool, backward: Bool, run: Int32)
    /// `\N`, compared with `Canonicalize` when `ignoreCase` (the pattern's `i`, or a modifier group's).
    /// Outside lookarounds, matching forward, the compiler knows what every match needs after it: at least
    /// `minimumAfter` more characters, and, when `endsSubject`, to be at the end of the subject right there.
    /// The text a capture holds is compared only where it leaves that much room.
    case backreference(group: Int, backward: Bool, ignoreCase: Bool, minimumAfter: Int32, endsSubject: Bool)
    /// Starts a lookaround whose `lookEnd` is at `end`.
    case lookStart(negative: Bool, end: Int)
    /// Ends the innermost lookaround.
    case lookEnd
    /// A point whose outcome depends only on the position: fails at once if visited before.
    case memo(Int)
    /// Success.
    case match
}

extension PortableInstruction.Single {
    /// Whether this step accepts `value`: `sets` are the program's, and `unicode` says how `Canonicalize`
    /// folds (the backtracking machine and the automaton both test characters with this).
    @inline(__always)
    func accepts(_ value: UInt32, sets: UnsafeBufferPointer<PortableCharacterSet>, unicode: Bool) -> Bool {
        switch self {
        case .character(let expected): return value == expected
        case .folded(let expected): return PortableCaseFolding.canonicalize(value, unicode: unicode) == expected
        case .set(let index): return sets[index].contains(value)
        case .any: return true
        case .notLineTerminator: return !Self.isLineTerminator(value)
        }
    }

    /// Whether `value` is a line terminator: what `.` without `s` refuses, and what `^` and `$` with `m` look for.
    @inline(__always)
    static func isLineTerminator(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }
}
