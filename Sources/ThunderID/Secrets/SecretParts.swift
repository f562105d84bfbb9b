/// What `SecretScrubber` searches for, on folded code points: every ``minimumPartLength`` run of the
/// longer values, the shorter values whole, and invisible values as typed. Plain standard-library
/// code, so `Tools/int32-check` builds it where `Int` has 32 bits.
struct SecretParts: Sendable {
    /// The shortest run of a value's folded code points that is removed wherever it appears.
    static let minimumPartLength = 4

    /// A window of ``minimumPartLength`` folded code points.
    private struct Part: Hashable, Sendable {
        var first, second, third, fourth: UInt32
    }

    /// Every run of ``minimumPartLength`` consecutive folded code points of the longer values.
    private var parts = Set<Part>()
    /// The folded forms of values shorter than ``minimumPartLength``, removed only whole.
    private var shortValues = Set<[UInt32]>()
    /// Values made only of default-ignorable code points (folded to nothing), found as typed.
    private var invisibleValues = Set<[UInt32]>()

    init() {}

    var isEmpty: Bool { parts.isEmpty && shortValues.isEmpty && invisibleValues.isEmpty }

    /// Adds a value by its folded code points, and (used when `folded` is empty) its code points as typed.
    mutating func insert(folded: [UInt32], typed: [UInt32]) {
        if folded.count >= Self.minimumPartLength {
            for start in 0...(folded.count - Self.minimumPartLength) {
                parts.insert(Part(first: folded[start], second: folded[start + 1], third: folded[start + 2],
                                  fourth: folded[start + 3]))
            }
        } else if !folded.isEmpty {
            shortValues.insert(folded)
        } else if !typed.isEmpty {
            invisibleValues.insert(typed)
        }
    }

    /// Appends the original-text span of every window of `values` (folded; code point `i` came from
    /// `origins[i]`) that is a part of a value, or a short value whole.
    func collectSpans(values: [UInt32], origins: [(first: Int, last: Int)], includingShortValues: Bool = true,
                      into spans: inout [(first: Int, last: Int)]) {
        func add(_ start: Int, _ length: Int) {
            var first = origins[start].first, last = origins[start].last
            for index in start..<(start + length) {
                first = min(first, origins[index].first)
                last = max(last, origins[index].last)
            }
            spans.append((first, last))
        }
        if !parts.isEmpty, values.count >= Self.minimumPartLength {
            for start in 0...(values.count - Self.minimumPartLength)
            where parts.contains(Part(first: values[start], second: values[start + 1], third: values[start + 2],
                                      fourth: values[start + 3])) {
                add(start, Self.minimumPartLength)
            }
        }
        for short in shortValues where includingShortValues && values.count >= short.count {
            for start in 0...(values.count - short.count) where values[start..<(start + short.count)].elementsEqual(short) {
                add(start, short.count)
            }
        }
    }

    /// Appends the span of every occurrence, in the original `scalars`, of a value made only of
    /// default-ignorable code points.
    func collectInvisibleSpans(in scalars: [Unicode.Scalar], into spans: inout [(first: Int, last: Int)]) {
        for invisible in invisibleValues where scalars.count >= invisible.count {
            for start in 0...(scalars.count - invisible.count)
            where scalars[start..<(start + invisible.count)].elementsEqual(invisible, by: { $0.value == $1 }) {
                spans.append((start, start + invisible.count - 1))
            }
        }
    }

    /// `scalars` with each of `spans` (indices into `scalars`, in any order) replaced by `marker`:
    /// overlapping spans become one, adjacent ones keep a marker each.
    static func replacing(_ spans: [(first: Int, last: Int)], in scalars: [Unicode.Scalar],
                          with marker: String.UnicodeScalarView) -> String.UnicodeScalarView {
        var output = String.UnicodeScalarView()
        guard !spans.isEmpty else {
            output.append(contentsOf: scalars)
            return output
        }
        // Sorted as `UInt64` (first << 32 | last), 64 bits where `Int` has 32 (watchOS); both are indices
        // of a text under 2^32 scalars.
        let sorted = spans.map { UInt64($0.first) << 32 | UInt64($0.last) }.sorted()
            .map { (first: Int($0 >> 32), last: Int($0 & 0xFFFF_FFFF)) }
        var copied = 0
        var current = sorted[0]
        func close(_ span: (first: Int, last: Int)) {
            output.append(contentsOf: scalars[copied..<span.first])
            output.append(contentsOf: marker)
            copied = span.last + 1
        }
        for span in sorted.dropFirst() {
            if span.first <= current.last {
                current.last = max(current.last, span.last)
            } else {
                close(current)
                current = span
            }
        }
        close(current)
        output.append(contentsOf: scalars[copied...])
        return output
    }
}
