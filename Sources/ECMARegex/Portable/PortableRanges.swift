/// Set algebra on sorted, disjoint, non-adjacent code point ranges, for compiling classes.
enum PortableRanges {
    typealias Ranges = [ClosedRange<UInt32>]

    /// Sorts and merges overlapping or adjacent ranges.
    static func normalized(_ ranges: Ranges) -> Ranges {
        guard ranges.count > 1 else { return ranges }
        // Ordered by (lower, upper) as (lower << 32 | upper) `UInt64`s: 64 bits on every platform, where
        // `Int` has 32 on watchOS (arm64_32).
        let sorted = ranges.map { UInt64($0.lowerBound) << 32 | UInt64($0.upperBound) }.sorted()
        func range(_ packed: UInt64) -> ClosedRange<UInt32> {
            UInt32(truncatingIfNeeded: packed >> 32)...UInt32(truncatingIfNeeded: packed)
        }
        var result: Ranges = []
        result.reserveCapacity(sorted.count)
        var current = range(sorted[0])
        for packed in sorted.dropFirst() {
            let range = range(packed)
            if range.lowerBound <= current.upperBound &+ 1 {
                if range.upperBound > current.upperBound { current = current.lowerBound...range.upperBound }
            } else {
                result.append(current)
                current = range
            }
        }
        result.append(current)
        return result
    }

    static func union(_ a: Ranges, _ b: Ranges) -> Ranges {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return normalized(a + b)
    }

    /// Everything in `0...maximum` outside `ranges`.
    static func complement(_ ranges: Ranges, maximum: UInt32) -> Ranges {
        var result: Ranges = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > maximum { break }
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound >= maximum { return result }
            next = range.upperBound + 1
        }
        if next <= maximum { result.append(next...maximum) }
        return result
    }

    static func intersection(_ a: Ranges, _ b: Ranges) -> Ranges {
        var result: Ranges = []
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            let low = max(a[i].lowerBound, b[j].lowerBound)
            let high = min(a[i].upperBound, b[j].upperBound)
            if low <= high { result.append(low...high) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    static func subtracting(_ a: Ranges, _ b: Ranges, maximum: UInt32) -> Ranges {
        intersection(a, complement(b, maximum: maximum))
    }

    static func contains(_ ranges: Ranges, _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) >> 1
            if value < ranges[middle].lowerBound {
                high = middle - 1
            } else if value > ranges[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
