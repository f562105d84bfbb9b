/// The branches of a large alternation by the character a match meets first (instruction `dispatch`): only
/// the branches that can start with the next character are tried, in the alternation's order, so a search
/// over thousands of two-character alternatives tries a handful of them at each position, not all.
///
/// A branch is left out at a position only when it cannot match there at all: every match of it consumes
/// a character, and the next one is not among those its matches can start with. Trying it would fail at
/// its first step, so leaving it out changes neither the verdict nor the order of the rest.
struct PortableDispatchTable: Sendable {
    /// Every branch's first instruction, in order (for the compiler's analyses of the program).
    private(set) var entries: [Int32]
    /// Lower bounds of sorted, disjoint intervals of first characters, and their upper bounds.
    private let lows: [UInt32]
    private let highs: [UInt32]
    /// Where each interval's candidates start in ``candidates``.
    private let starts: [Int32]
    /// Candidate lists, each a run of branch entries in alternation order ended by -1: one per interval,
    /// then (at ``elsewhere``) the branches that may start with any character or match empty, which is
    /// the list for a character outside every interval and for the end of the subject.
    private(set) var candidates: [Int32]
    private let elsewhere: Int32

    /// The largest table built: past it (branches whose first characters overlap in many ways) the
    /// alternation stays a chain of splits.
    static let candidateLimit = 1 << 16

    /// A table for branches whose matches start with a character of `firsts[i]` (normalized ranges), or
    /// anywhere (nil: the first character is unknown, or the branch may match empty), its candidates naming
    /// branches by number until ``place(at:)``. Nil when the table would exceed ``candidateLimit`` entries.
    init?(firsts: [[ClosedRange<UInt32>]?]) {
        entries = Array(0..<Int32(firsts.count))
        // The bounds where the set of branches that can start changes: each range's low bound and the
        // character past its high bound. Between two bounds every character has the same candidates.
        var bounds: [UInt32] = []
        var anywhere: [Int32] = []
        for (branch, first) in firsts.enumerated() {
            guard let first else {
                anywhere.append(Int32(branch))
                continue
            }
            for range in first { bounds += [range.lowerBound, range.upperBound + 1] }
        }
        bounds.sort()
        var distinct = 0
        for bound in bounds where distinct == 0 || bounds[distinct - 1] != bound {
            bounds[distinct] = bound
            distinct += 1
        }
        bounds.removeLast(bounds.count - distinct)
        // Each bound is tested against every branch: keep that linear in the pattern, not quadratic.
        guard bounds.count <= Self.candidateLimit * 64 / max(firsts.count, 1) else { return nil }
        var lows: [UInt32] = []
        var highs: [UInt32] = []
        var starts: [Int32] = []
        var candidates: [Int32] = []
        var previous: [Int32] = []
        for (index, low) in bounds.enumerated() where index + 1 < bounds.count {
            var list: [Int32] = []
            for (branch, first) in firsts.enumerated() where first.map({ PortableRanges.contains($0, low) }) ?? true {
                list.append(Int32(branch))
            }
            let high = bounds[index + 1] - 1
            if list.count == anywhere.count {
                previous = []
                continue  // no branch starts here: the character is elsewhere
            }
            if list == previous, let last = highs.last, last &+ 1 == low {
                highs[highs.count - 1] = high
                continue
            }
            guard candidates.count + list.count + 1 <= Self.candidateLimit else { return nil }
            lows.append(low)
            highs.append(high)
            starts.append(Int32(candidates.count))
            candidates += list
            candidates.append(-1)
            previous = list
        }
        elsewhere = Int32(candidates.count)
        candidates += anywhere
        candidates.append(-1)
        self.lows = lows
        self.highs = highs
        self.starts = starts
        self.candidates = candidates
    }

    /// Names the branches by their first instructions, `entries[n]` for branch `n`.
    mutating func place(at entries: [Int]) {
        self.entries = entries.map { Int32($0) }
        candidates = candidates.map { $0 < 0 ? $0 : Int32(entries[Int($0)]) }
    }

    /// Where the candidates for a match meeting `character` first start in ``candidates`` (nil: the end of
    /// the subject).
    @inline(__always)
    func firstCandidate(for character: UInt32?) -> Int {
        guard let character else { return Int(elsewhere) }
        var low = 0
        var high = lows.count - 1
        while low <= high {
            let middle = (low + high) >> 1
            if character < lows[middle] {
                high = middle - 1
            } else if character > highs[middle] {
                low = middle + 1
            } else {
                return Int(starts[middle])
            }
        }
        return Int(elsewhere)
    }

    /// Bytes the table holds.
    var estimatedBytes: Int { (entries.count + candidates.count + starts.count + lows.count + highs.count) * 4 + 5 * 32 }
}
