/// The strings of a `v`-mode class for the portable matcher (instruction `strings`): grouped by the
/// character a match meets first (the last one when matching backwards), longest first within a group,
/// in one flat array.
///
/// Immutable. A property of strings has one table per direction and case mode for the whole process
/// (``StringPropertyTable/portableTable(folded:unicode:backward:)``), shared by every program that uses
/// it; a class built by set operations gets a table of its own, shared by its occurrences in one program.
final class PortableStringTable: Sendable {
    /// The strings' code points, one string after another.
    let units: [UInt32]
    /// Where each string starts in ``units``, and one past the last string's end.
    let offsets: [Int32]
    /// For each string, the index one past the last string of its group.
    let groupEnds: [Int32]
    /// The first string of each group, by the group's key (canonicalized under `i`).
    let groupStarts: [UInt32: Int]
    /// The strings are folded and compared after `Canonicalize`.
    let ignoreCase: Bool
    /// Which `Canonicalize` (`u`/`v`).
    let unicode: Bool
    /// Keyed by the last character, compared from the end.
    let backward: Bool
    /// A property of strings' process-wide table (not counted in any one regex's bytes).
    let isShared: Bool

    /// A table of `strings` (none empty, no duplicates; folded when `ignoreCase`).
    init(_ strings: [[UInt32]], ignoreCase: Bool, unicode: Bool, backward: Bool, isShared: Bool = false) {
        self.isShared = isShared
        self.ignoreCase = ignoreCase
        self.unicode = unicode
        self.backward = backward
        var groups: [UInt32: [Int]] = .init()
        var keys: [UInt32] = []
        // Longest first, then in order: ((UInt32.max - count) << 32 | index) sorted as `UInt64`s, 64 bits
        // on every platform, where `Int` has 32 on watchOS (arm64_32). A string of the table is shorter
        // than a pattern, and a table has fewer strings than 2^32.
        let ordered = strings.indices.filter { !strings[$0].isEmpty }
            .map { UInt64(UInt32.max - UInt32(strings[$0].count)) << 32 | UInt64($0) }.sorted()
            .map { Int($0 & 0xFFFF_FFFF) }
        for index in ordered {
            let string = strings[index]
            let met = backward ? string[string.count - 1] : string[0]
            let key = ignoreCase ? PortableCaseFolding.canonicalize(met, unicode: unicode) : met
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(index)
        }
        var units: [UInt32] = []
        var offsets: [Int32] = []
        var groupEnds: [Int32] = []
        var groupStarts: [UInt32: Int] = .init()
        for key in keys {
            let members = groups[key] ?? []
            groupStarts[key] = offsets.count
            let end = Int32(offsets.count + members.count)
            for index in members {
                offsets.append(Int32(units.count))
                units += strings[index]
                groupEnds.append(end)
            }
        }
        offsets.append(Int32(units.count))
        self.units = units
        self.offsets = offsets
        self.groupEnds = groupEnds
        self.groupStarts = groupStarts
    }

    /// Number of strings.
    var count: Int { groupEnds.count }

    /// Heap bytes the table holds (an estimate: its arrays, and its dictionary at two words and a key per
    /// entry with a quarter free).
    var estimatedBytes: Int {
        units.count * 4 + offsets.count * 4 + groupEnds.count * 4 + groupStarts.count * 20 + 4 * 32
    }

    /// The first string, from `candidate` to the end of its group, that `input` holds at `position`
    /// (ending there when ``backward``): its index and the position after it; `cost` grows by one a string
    /// tried and half a step a code point compared.
    @inline(__always)
    func match(
        from candidate: Int, in input: PortableInput, at position: Int, cost: inout Int
    ) -> (index: Int, position: Int)? {
        let end = Int(groupEnds[candidate])
        var index = candidate
        let length = input.count
        while index < end {
            let start = Int(offsets[index])
            let count = Int(offsets[index + 1]) - start
            let from = backward ? position - count : position
            if from >= 0 && from + count <= length {
                var offset = 0
                while offset < count {
                    let actual = input[from + offset]
                    let expected = units[start + offset]
                    if actual != expected
                        && (!ignoreCase || PortableCaseFolding.canonicalize(actual, unicode: unicode) != expected)
                    {
                        break
                    }
                    offset += 1
                }
                cost += 1 + offset >> 1  // a compared code point costs about half a step, as a scanned one does
                if offset == count { return (index, backward ? from : from + count) }
            }
            index += 1
        }
        return nil
    }

    /// The first string of the group of the character `input` holds at `position` (before it when
    /// ``backward``), if there is one.
    @inline(__always)
    func firstCandidate(in input: PortableInput, at position: Int) -> Int? {
        let index = backward ? position - 1 : position
        guard index >= 0 && index < input.count else { return nil }
        let character = input[index]
        let key = ignoreCase ? PortableCaseFolding.canonicalize(character, unicode: unicode) : character
        return groupStarts[key]
    }
}
