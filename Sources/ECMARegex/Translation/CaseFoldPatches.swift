/// Catalogue I2: without `u`/`v`, JavaScript's `i` canonicalises with `toUpperCase` (never mapping
/// non-ASCII to ASCII, never to more than one unit), while PCRE2 (16-bit, UCP) uses simple case folding.
/// They disagree only inside the groups below, which PCRE2 unifies and JavaScript splits. Characters in
/// these groups are emitted case-sensitively with their JavaScript equivalents (verified with node by
/// testing `/^X$/i` against every BMP unit).
enum CaseFoldPatches {
    /// JavaScript's equivalence classes for the patched units (no `u`, with `i`).
    static let groups: [[UInt32]] = {
        var groups: [[UInt32]] = [
            [0x4B, 0x6B], [0x212A],
            [0x53, 0x73], [0x17F],
            [0xC5, 0xE5], [0x212B],
            [0x398, 0x3B8, 0x3D1], [0x3F4],
            [0x3A9, 0x3C9], [0x2126],
            [0xDF], [0x1E9E],
            [0x1FB3], [0x1FBC], [0x1FC3], [0x1FCC], [0x1FF3], [0x1FFC],
        ]
        for unit in UInt32(0x1F80)...0x1FAF { groups.append([unit]) }
        return groups
    }()

    /// Every patched unit.
    static let patched: CodePointSet = CodePointSet(groups.flatMap { $0.map { $0...$0 } })

    private static let groupOf: [UInt32: [UInt32]] = {
        var map: [UInt32: [UInt32]] = [:]
        for group in groups {
            for member in group { map[member] = group }
        }
        return map
    }()

    /// The JavaScript equivalents of a patched unit (itself included).
    static func equivalents(of unit: UInt32) -> [UInt32] {
        groupOf[unit] ?? [unit]
    }

    /// The JavaScript case closure of the patched members of `set`.
    static func closureOfPatchedMembers(of set: CodePointSet) -> CodePointSet {
        var result = CodePointSet()
        for range in patched.ranges {
            for unit in range where set.contains(unit) {
                for member in equivalents(of: unit) { result.insert(member...member) }
            }
        }
        return result
    }
}
