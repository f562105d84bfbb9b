/// ECMA-262's `Canonicalize` for the portable matcher, and the case closures of classes built from it.
///
/// With `u`/`v` and `i`, `Canonicalize(ch)` is simple case folding (`scf`); without `u`/`v` it is the
/// `toUppercase` rule on UTF-16 code units (a single-unit result only, never non-ASCII to ASCII). Both
/// come from ``UnicodeTables``; this type only tabulates them for speed and derives the equivalence
/// classes a class needs at compile time.
enum PortableCaseFolding {
    /// Characters whose case mappings could be non-trivial all lie below this bound.
    private static let casedLimit: UInt32 = 0x20000

    /// `Canonicalize` without `u`/`v`, for every UTF-16 code unit.
    private static let unitTable: [UInt16] = (0...UInt32(0xFFFF)).map {
        UInt16(truncatingIfNeeded: UnicodeTables.canonicalizeWithoutUnicode($0))
    }

    /// Simple case folding for every code point below ``casedLimit``.
    private static let foldTable: [UInt32] = (0..<casedLimit).map { UnicodeTables.simpleCaseFolding($0) }

    /// `Canonicalize(rer, ch)` with `i`; `unicode` is true in `u`/`v` mode.
    @inline(__always)
    static func canonicalize(_ value: UInt32, unicode: Bool) -> UInt32 {
        if value < 128 {
            if unicode {
                return value &- 0x41 < 26 ? value + 0x20 : value
            }
            return value &- 0x61 < 26 ? value - 0x20 : value
        }
        if unicode {
            return value < casedLimit ? foldTable[Int(value)] : value
        }
        return value <= 0xFFFF ? UInt32(unitTable[Int(value)]) : value
    }

    /// The classes of characters with the same canonical value, for classes with two or more members.
    struct Classes: Sendable {
        /// Each class's members, ascending; the classes are ordered by their first member.
        let members: [[UInt32]]
        /// Every member of every class.
        let covered: [ClosedRange<UInt32>]
        /// The canonical value of each class.
        let keys: [UInt32]
        /// The class of each member.
        let classOf: [UInt32: Int]
    }

    static let unitClasses = makeClasses(unicode: false)
    static let foldClasses = makeClasses(unicode: true)

    private static func makeClasses(unicode: Bool) -> Classes {
        var byKey: [UInt32: [UInt32]] = .init()
        let limit = unicode ? casedLimit : 0x10000
        for value in 0..<limit {
            let key = canonicalize(value, unicode: unicode)
            if key != value || byKey[key] != nil {
                byKey[key, default: []].append(value)
            }
        }
        var classes: [(key: UInt32, members: [UInt32])] = []
        for (key, var members) in byKey {
            if canonicalize(key, unicode: unicode) == key, !members.contains(key) { members.append(key) }
            members.sort()
            if members.count >= 2 { classes.append((key, members)) }
        }
        // By first member (classes are disjoint, so first members differ), as (first << 32 | index)
        // `UInt64`s: 64 bits on every platform, where `Int` has 32 on watchOS (arm64_32).
        classes = classes.indices.map { UInt64(classes[$0].members[0]) << 32 | UInt64($0) }.sorted()
            .map { classes[Int($0 & 0xFFFF_FFFF)] }
        let covered = PortableRanges.normalized(classes.flatMap { $0.members.map { $0...$0 } })
        var classOf: [UInt32: Int] = .init()
        for (index, entry) in classes.enumerated() {
            for member in entry.members { classOf[member] = index }
        }
        return Classes(members: classes.map { $0.members }, covered: covered, keys: classes.map { $0.key }, classOf: classOf)
    }

    /// Every character whose canonical value is the canonical value of a member of `ranges`.
    static func closure(_ ranges: [ClosedRange<UInt32>], unicode: Bool) -> [ClosedRange<UInt32>] {
        let classes = unicode ? foldClasses : unitClasses
        var added: [ClosedRange<UInt32>] = []
        var size = 0
        for range in ranges where size <= 256 { size += Int(range.upperBound - range.lowerBound) + 1 }
        if size <= 256 {
            // A few members: look their classes up directly.
            for range in ranges {
                for value in range {
                    guard let index = classes.classOf[value] else { continue }
                    for member in classes.members[index] { added.append(member...member) }
                }
            }
            if added.isEmpty { return ranges }
        } else {
            let touched = PortableRanges.intersection(ranges, classes.covered)
            if touched.isEmpty { return ranges }
            for members in classes.members where members.contains(where: { PortableRanges.contains(touched, $0) }) {
                for member in members { added.append(member...member) }
            }
        }
        return PortableRanges.union(ranges, added)
    }
}
