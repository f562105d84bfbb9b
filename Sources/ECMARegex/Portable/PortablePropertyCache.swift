
/// The code points of each Unicode property the portable matcher has used, from ``UnicodeTables``,
/// kept for the life of the process (there are a few hundred properties at most).
enum PortablePropertyCache {
    private struct Key: Hashable {
        var kind: String
        var name: String
    }

    private static let cache = Locked<[Key: [ClosedRange<UInt32>]]>(.init())

    static func ranges(of property: UnicodeProperty) -> [ClosedRange<UInt32>] {
        let key = Key(kind: "\(property.kind)", name: property.name)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let ranges = UnicodeTables.codePoints(of: property).ranges
        cache.withLock { $0[key] = ranges }
        return ranges
    }
}
