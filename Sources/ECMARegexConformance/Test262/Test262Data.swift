import Foundation

/// The data derived from test262 in `Specs/regex/test262` (see its README), loaded and expanded into
/// the checks the protocol is asked.
public struct Test262Data: Sendable {
    /// How many code points of a property-escape range set are sent.
    public enum Coverage: Sendable, Equatable {
        /// Every code point of every range, in subjects of up to 4,096 code points.
        case full
        /// Each range's first and last 8 code points and 8 evenly spaced ones in between (the whole
        /// range when it has at most 24), in subjects of up to 256 code points. Range boundaries,
        /// where tables of different Unicode versions differ, are always covered.
        case sampled
    }

    /// The data files, without `.jsonl`; each must exist and hold at least one line.
    public static let fileNames = ["annexB", "built-ins", "early-errors", "literals", "property-escapes", "property-escapes-generated", "unicodeSets"]

    /// Every line of every file, in file order.
    public var lines: [Test262Line]

    /// Wraps lines that are already loaded.
    public init(lines: [Test262Line]) { self.lines = lines }

    /// Loads every data file under `directory`.
    public static func load(from directory: URL) throws(ConformanceError) -> Test262Data {
        var lines: [Test262Line] = []
        let decoder = JSONDecoder()
        for name in fileNames {
            let url = directory.appendingPathComponent(name + ".jsonl")
            guard let data = try? Data(contentsOf: url) else { throw .missingData(url.path) }
            var count = 0
            for (index, slice) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !slice.isEmpty {
                do {
                    let line = try decoder.decode(Test262Line.self, from: Data(slice))
                    guard line.category == name else { throw ConformanceError.malformedData("\(name).jsonl line \(index + 1): category \(line.category)") }
                    lines.append(line)
                    count += 1
                } catch let error as ConformanceError {
                    throw error
                } catch {
                    throw .malformedData("\(name).jsonl line \(index + 1): \(error)")
                }
            }
            if count == 0 { throw .missingData("\(url.path) holds no cases") }
        }
        return Test262Data(lines: lines)
    }

    /// Calls `body` with every check, line by line; range sets are cut into subjects per `coverage`.
    public func forEachCheck(coverage: Coverage, _ body: (Test262Check) -> Void) {
        for line in lines {
            Self.expand(line, coverage: coverage, body)
        }
    }

    /// The checks of one line.
    public static func expand(_ line: Test262Line, coverage: Coverage, _ body: (Test262Check) -> Void) {
        if let pattern = line.pattern, let input = line.input {
            let id = Test262Check.identifier(test: line.test, pattern: pattern, flags: line.flags, inputKey: input)
            body(Test262Check(id: id, category: line.category, kind: line.kind, test: line.test, pattern: pattern, flags: line.flags, input: input, expect: line.expect))
        }
        if let pattern = line.pattern, let ranges = line.inputCodePoints {
            for range in ranges where range.count == 2 && range[0] <= range[1] {
                for value in range[0]...range[1] {
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    let input = String(Character(scalar))
                    let id = Test262Check.identifier(test: line.test, pattern: pattern, flags: line.flags, inputKey: input)
                    body(Test262Check(id: id, category: line.category, kind: line.kind, test: line.test, pattern: pattern, flags: line.flags, input: input, expect: line.expect))
                }
            }
        }
        if let patterns = line.patterns, let ranges = line.ranges {
            let chunks = subjects(of: ranges, coverage: coverage)
            for pattern in patterns {
                for chunk in chunks {
                    let id = Test262Check.identifier(test: line.test, pattern: pattern, flags: line.flags, inputKey: chunk.key)
                    body(Test262Check(id: id, category: line.category, kind: line.kind, test: line.test, pattern: pattern, flags: line.flags, input: chunk.text, expect: line.expect,
                                          subjectKey: chunk.key))
                }
            }
        }
    }

    /// A subject made of code points of a range set, and a key naming it (`U+first..U+last/count`).
    public struct Subject: Sendable, Equatable {
        /// The code points as a string.
        public var text: String
        /// `U+XXXX..U+YYYY/N`: first and last code point and how many.
        public var key: String
    }

    /// The code points `coverage` takes from `ranges`, in order, cut into subjects.
    public static func subjects(of ranges: [[UInt32]], coverage: Coverage) -> [Subject] {
        let limit = coverage == .full ? 4096 : 256
        var subjects: [Subject] = []
        var current: [UInt32] = []
        func flush() {
            guard let first = current.first, let last = current.last else { return }
            var text = String()
            text.unicodeScalars.append(contentsOf: current.compactMap(Unicode.Scalar.init))
            subjects.append(Subject(text: text, key: "\(hexCodePoint(first))..\(hexCodePoint(last))/\(current.count)"))
            current.removeAll(keepingCapacity: true)
        }
        func take(_ value: UInt32) {
            current.append(value)
            if current.count == limit { flush() }
        }
        for range in ranges where range.count == 2 && range[0] <= range[1] {
            for value in sample(first: range[0], last: range[1], coverage: coverage) { take(value) }
        }
        flush()
        return subjects
    }

    /// The code points of `first...last` that `coverage` takes.
    public static func sample(first: UInt32, last: UInt32, coverage: Coverage) -> [UInt32] {
        let edge: UInt32 = 8
        let length = last - first + 1
        if coverage == .full || length <= 3 * edge { return Array(first...last) }
        var values = Array(first..<(first + edge))
        let innerFirst = first + edge, innerLength = length - 2 * edge
        for step in 0..<edge {
            values.append(innerFirst + UInt32((UInt64(innerLength) * UInt64(2 * step + 1)) / UInt64(2 * edge)))
        }
        values.append(contentsOf: (last - edge + 1)...last)
        return values
    }

    static func hexCodePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
