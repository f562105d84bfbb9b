
/// The code points of each Unicode property the portable matcher has used, from ``UnicodeTables``,
/// kept for the life of the process (there are a few hundred properties at most).
enum PortablePropertyCache {
    /// Keyed by the property itself: a key that spells the kind out (`"\(kind)"`) depends on reflection,
    /// which an Embedded Swift build (the 32-bit check) does not have, so every kind would share one key.
    private static let cache = Locked<[UnicodeProperty: [ClosedRange<UInt32>]]>(.init())

    static func ranges(of property: UnicodeProperty) -> [ClosedRange<UInt32>] {
        if let hit = cache.withLock({ $0[property] }) { return hit }
        let ranges = UnicodeTables.codePoints(of: property).ranges
        cache.withLock { $0[property] = ranges }
        return ranges
    }
}
