import CAllocationCounter
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This thread's CPU time in nanoseconds (user and system, so a sink's `write(2)` counts).
func cpuNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Heap allocations of this thread, where they can be counted (see `CAllocationCounter`).
enum Allocations {
    static var available: Bool { kb_allocation_counting_available() != 0 }

    /// The allocations `body` makes on this thread; nil where counting is unavailable.
    static func count(_ body: () -> Void) -> UInt64? {
        guard available else {
            body()
            return nil
        }
        kb_allocation_counting_begin()
        body()
        return kb_allocation_counting_end()
    }
}

func format(_ value: Double, digits: Int = 0) -> String {
    guard value.isFinite else { return "n/a" }
    if digits == 0 {
        let whole = Int(value.rounded())
        let text = String(whole)
        // Thousands separators, for the table.
        var grouped = ""
        for (index, character) in text.reversed().enumerated() {
            if index > 0, index % 3 == 0, character != "-" { grouped.append(",") }
            grouped.append(character)
        }
        return String(grouped.reversed())
    }
    let scale = Double((0..<digits).reduce(1) { total, _ in total * 10 })
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func rightPad(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
