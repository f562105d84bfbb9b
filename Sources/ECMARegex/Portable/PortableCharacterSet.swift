/// A compiled character class of the portable matcher: a 256-bit bitmap for Latin-1 and sorted,
/// disjoint ranges above it, searched by bisection.
struct PortableCharacterSet: Sendable {
    private var latin1: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Lower and upper bounds of the ranges above U+00FF, interleaved (`low, high, low, high, …`).
    private var bounds: [UInt32] = []

    /// A set with the members of `ranges` (sorted, disjoint).
    init(_ ranges: [ClosedRange<UInt32>]) {
        for range in ranges {
            var low = range.lowerBound
            while low <= range.upperBound && low < 256 {
                let bit = UInt64(1) << UInt64(low & 63)
                switch low >> 6 {
                case 0: latin1.0 |= bit
                case 1: latin1.1 |= bit
                case 2: latin1.2 |= bit
                default: latin1.3 |= bit
                }
                low += 1
            }
            if low <= range.upperBound {
                bounds.append(low)
                bounds.append(range.upperBound)
            }
        }
    }

    /// Bytes the set holds: its bitmap and its bounds.
    var estimatedBytes: Int { 32 + (bounds.isEmpty ? 0 : 32 + bounds.count * 4) }

    /// Whether `value` is a member.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        if value < 256 {
            let bit = UInt64(1) << UInt64(value & 63)
            switch value >> 6 {
            case 0: return latin1.0 & bit != 0
            case 1: return latin1.1 & bit != 0
            case 2: return latin1.2 & bit != 0
            default: return latin1.3 & bit != 0
            }
        }
        return bounds.withUnsafeBufferPointer { bounds in
            var low = 0
            var high = bounds.count / 2 - 1
            while low <= high {
                let middle = (low + high) >> 1
                if value < bounds[middle * 2] {
                    high = middle - 1
                } else if value > bounds[middle * 2 + 1] {
                    low = middle + 1
                } else {
                    return true
                }
            }
            return false
        }
    }
}
