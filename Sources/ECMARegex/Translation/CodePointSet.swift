/// A set of code points (or UTF-16 code units) kept as sorted, disjoint, non-adjacent ranges.
struct CodePointSet: Sendable {
    private(set) var ranges: [ClosedRange<UInt32>] = []

    init() {}

    init(_ ranges: [ClosedRange<UInt32>]) {
        for range in ranges { insert(range) }
    }

    /// A set from ranges that are already sorted, disjoint and non-adjacent (the caller guarantees it).
    init(normalized ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    var isEmpty: Bool { ranges.isEmpty }

    /// Whether some member lies in `range`.
    func overlaps(_ range: ClosedRange<UInt32>) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].lowerBound <= range.upperBound
    }

    func contains(_ value: UInt32) -> Bool {
        PortableRanges.contains(ranges, value)
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        var lower = range.lowerBound
        var upper = range.upperBound
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(ranges.count + 1)
        var placed = false
        for existing in ranges {
            if existing.upperBound &+ 1 < lower {
                result.append(existing)
            } else if upper &+ 1 < existing.lowerBound {
                if !placed {
                    result.append(lower...upper)
                    placed = true
                }
                result.append(existing)
            } else {
                lower = min(lower, existing.lowerBound)
                upper = max(upper, existing.upperBound)
            }
        }
        if !placed { result.append(lower...upper) }
        ranges = result
    }

    /// Adds `other`'s members by one linear merge of the two sorted range lists.
    mutating func formUnion(_ other: CodePointSet) {
        if other.ranges.isEmpty { return }
        if ranges.isEmpty {
            ranges = other.ranges
            return
        }
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(ranges.count + other.ranges.count)
        var left = 0
        var right = 0
        while left < ranges.count || right < other.ranges.count {
            let next: ClosedRange<UInt32>
            if right == other.ranges.count
                || (left < ranges.count && ranges[left].lowerBound <= other.ranges[right].lowerBound)
            {
                next = ranges[left]
                left += 1
            } else {
                next = other.ranges[right]
                right += 1
            }
            if let last = result.last, next.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, next.upperBound)
            } else {
                result.append(next)
            }
        }
        ranges = result
    }

    /// Everything in `0...maximum` not in the set.
    func complement(maximum: UInt32) -> CodePointSet {
        var result = CodePointSet()
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > maximum { break }
            if range.lowerBound > next { result.ranges.append(next...(range.lowerBound - 1)) }
            if range.upperBound >= maximum { return result }
            next = range.upperBound + 1
        }
        if next <= maximum { result.ranges.append(next...maximum) }
        return result
    }

    /// The members of both sets up to `maximum`, by one linear pass over the two range lists.
    func intersection(_ other: CodePointSet, maximum: UInt32) -> CodePointSet {
        var result = CodePointSet()
        result.ranges.reserveCapacity(min(ranges.count, other.ranges.count) * 2)
        var left = 0
        var right = 0
        while left < ranges.count, right < other.ranges.count {
            let low = max(ranges[left].lowerBound, other.ranges[right].lowerBound)
            let high = min(ranges[left].upperBound, other.ranges[right].upperBound, maximum)
            if low <= high { result.ranges.append(low...high) }
            if ranges[left].upperBound < other.ranges[right].upperBound { left += 1 } else { right += 1 }
        }
        return result
    }

    /// The members not in `other`, up to `maximum`, by one linear pass over the two range lists.
    func subtracting(_ other: CodePointSet, maximum: UInt32) -> CodePointSet {
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(ranges.count + other.ranges.count)
        ranges.withUnsafeBufferPointer { mine in
            other.ranges.withUnsafeBufferPointer { cuts in
                var right = 0
                for range in mine {
                    if range.lowerBound > maximum { break }
                    var low = range.lowerBound
                    let high = min(range.upperBound, maximum)
                    while right < cuts.count, cuts[right].upperBound < low { right += 1 }
                    var index = right
                    var done = false
                    while index < cuts.count, cuts[index].lowerBound <= high {
                        let cut = cuts[index]
                        if cut.lowerBound > low { result.append(low...(cut.lowerBound - 1)) }
                        if cut.upperBound >= high {
                            done = true
                            break
                        }
                        low = max(low, cut.upperBound + 1)
                        index += 1
                    }
                    if !done { result.append(low...high) }
                }
            }
        }
        return CodePointSet(normalized: result)
    }

    /// The members, for small sets only.
    var members: [UInt32] {
        ranges.flatMap { Array($0) }
    }
}
