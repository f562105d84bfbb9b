import ECMARegex
import Foundation

/// Compile time against pattern length: patterns of 32 KiB, 256 KiB and 1 MiB (the cap) of
/// several shapes, each compiled fresh (parse, selection, translation or portable program; no match),
/// thread CPU time, best of three. Compile time must grow linearly: the Limits article's budget is per
/// MiB of pattern.
struct PatternLengthBench {
    struct Row {
        var shape: String
        var length: Int
        var milliseconds: Double
        var backend: String
    }

    /// The shapes: what real schemas and hostile inputs are made of.
    static let shapes: [(name: String, flags: String, make: @Sendable (Int) -> String)] = [
        ("literal a…", "", { String(repeating: "a", count: $0) }),
        ("alternation of names", "", { length in
            // A SchemaStore-style `^(?:name0|name1|…)$` enumeration.
            var text = "^(?:"
            var index = 0
            while text.utf16.count < length - 12 {
                text += (index == 0 ? "" : "|") + "name\(index)"
                index += 1
            }
            return text + ")$"
        }),
        ("classes [a-z0-9_-]{2,8}", "", { pad("[a-z0-9_-]{2,8}", to: $0) }),
        ("\\p{L}\\p{N} under iu", "iu", { pad("\\p{L}\\p{N}", to: $0) }),
        ("groups (?:ab|cd)*", "", { pad("(?:ab|cd)*", to: $0) }),
        ("captures (a)", "", { length in
            // At most 32,767 groups (V8's cap), then literals.
            let groups = String(repeating: "(a)", count: min(length / 3, 32_767))
            return groups + String(repeating: "b", count: length - groups.utf16.count)
        }),
        ("v class [\\w--\\d]", "v", { pad("[\\w--\\d]", to: $0) }),
        ("modifiers (?i:a)", "", { pad("(?i:ab)", to: $0) }),
        ("nested 1,000 deep, then literals", "", { length in
            let nested = String(repeating: "(?:", count: 1_000) + "a" + String(repeating: ")", count: 1_000)
            return nested + String(repeating: "b", count: max(0, length - nested.utf16.count))
        }),
    ]

    static func pad(_ unit: String, to length: Int) -> String {
        String(repeating: unit, count: length / unit.utf16.count)
    }

    static let lengths = [32 * 1024, 256 * 1024, 1 << 20]
    /// The documented compile budget (Limits article), per MiB of pattern, on the reference machine.
    static let budgetMillisecondsPerMiB = 2_000

    static func run(cpuNanoseconds: () -> UInt64) -> [Row] {
        var rows: [Row] = []
        for shape in shapes {
            for length in lengths {
                let pattern = shape.make(length)
                var best = Double.infinity
                var backend = "-"
                for _ in 0..<3 {
                    let start = cpuNanoseconds()
                    do {
                        let regex = try ECMARegex(pattern, flags: shape.flags)
                        backend = regex.backend.rawValue
                    } catch {
                        backend = "\(error.kind)"
                    }
                    best = min(best, Double(cpuNanoseconds() - start) / 1_000_000)
                }
                rows.append(Row(shape: shape.name, length: pattern.utf16.count, milliseconds: best, backend: backend))
            }
        }
        return rows
    }

    /// Prints the rows and returns the highest compile time per MiB of pattern at the cap.
    static func report(_ rows: [Row]) -> Double {
        print("compile time against pattern length (thread CPU ms, best of 3; no match)")
        var worstPerMiB = 0.0
        for row in rows {
            let perMiB = row.milliseconds * Double(1 << 20) / Double(max(row.length, 1))
            if row.length >= lengths[lengths.count - 1] - 64 { worstPerMiB = max(worstPerMiB, perMiB) }
            let name = row.shape.padding(toLength: 34, withPad: " ", startingAt: 0)
            let length = String(row.length).padding(toLength: 8, withPad: " ", startingAt: 0)
            let backend = row.backend.padding(toLength: 9, withPad: " ", startingAt: 0)
            print("  \(name) \(length) \(backend) \(String(format: "%9.2f", row.milliseconds)) ms  (\(String(format: "%.0f", perMiB)) ms per MiB)")
        }
        print("  slowest at the 1 MiB cap: \(Int(worstPerMiB.rounded())) ms per MiB")
        return worstPerMiB
    }
}
