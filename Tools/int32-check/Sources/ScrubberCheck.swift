/// Runs the scrubber's cases through `SecretParts`, the scrubber's matching without Foundation.
///
/// The folding here is the part of `FoldedText`'s that needs no Unicode data: ASCII letters lowercased,
/// a few default-ignorable code points dropped, everything else as written. The cases hold only such
/// text (`ScrubberCasesTests` runs them through the real `SecretScrubber`, which must give the same).
struct ScrubberCheck {
    private(set) var cases = 0
    private(set) var wrong = 0
    private(set) var examples: [String] = []

    /// Checks one record: the text, what the scrubber makes of it, the values.
    mutating func check(_ fields: [String]) -> Bool {
        guard fields.count >= 2 else { return false }
        var parts = SecretParts()
        for secret in fields.dropFirst(2) where !secret.isEmpty {
            let typed = Array(secret.unicodeScalars)
            parts.insert(folded: Self.fold(typed).values, typed: typed.map { $0.value })
        }
        let text = fields[0]
        var scrubbed = text
        if !parts.isEmpty, !text.isEmpty {
            let scalars = Array(text.unicodeScalars)
            let folded = Self.fold(scalars)
            var spans: [(first: Int, last: Int)] = []
            parts.collectSpans(values: folded.values, origins: folded.origins, into: &spans)
            parts.collectInvisibleSpans(in: scalars, into: &spans)
            if !spans.isEmpty {
                scrubbed = String(SecretParts.replacing(spans, in: scalars, with: "•••".unicodeScalars))
            }
        }
        cases += 1
        if scrubbed != fields[1] {
            wrong += 1
            if examples.count < 20 {
                examples.append("\"\(visible(text))\": expected \"\(visible(fields[1]))\", got \"\(visible(scrubbed))\"")
            }
        }
        return true
    }

    /// The folded code points of `scalars`, each with the index of the scalar it came from.
    private static func fold(_ scalars: [Unicode.Scalar]) -> (values: [UInt32], origins: [(first: Int, last: Int)]) {
        var values: [UInt32] = []
        var origins: [(first: Int, last: Int)] = []
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x41...0x5A:
                values.append(scalar.value + 0x20)
            case 0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF:
                continue
            default:
                values.append(scalar.value)
            }
            origins.append((index, index))
        }
        return (values, origins)
    }
}
