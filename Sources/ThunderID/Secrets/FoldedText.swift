import Foundation

/// Text in the form `SecretScrubber` compares: each scalar of a view of the text (as written,
/// or percent-decoded) mapped to its compatibility decomposition (NFKD), case-folded and
/// decomposed again, with default-ignorable code points (zero-width space and joiners, soft
/// hyphen, variation selectors, …) dropped and combining marks in canonical order. Two texts that
/// are equal under case folding and Unicode normalization (NFC, NFD, NFKC or NFKD) have the same
/// folded scalars.
///
/// Each folded scalar remembers which scalars of the original text it came from, so a span found
/// in the folded form maps back to a span of the original text.
struct FoldedText {
    /// The folded scalars.
    private(set) var scalars: [Unicode.Scalar] = []
    /// For each folded scalar, the first and last index of the original scalars it came from.
    private(set) var origins: [(first: Int, last: Int)] = []

    /// The folded form of `scalars` read as written.
    init(_ scalars: [Unicode.Scalar], folding: inout ScalarFolding) {
        self.scalars.reserveCapacity(scalars.count)
        origins.reserveCapacity(scalars.count)
        for (index, scalar) in scalars.enumerated() {
            append(scalar, from: index, to: index, folding: &folding)
        }
    }

    /// The folded form of `scalars` percent-decoded: each run of `%XX` triplets that spells UTF-8
    /// becomes the scalars it encodes, and `+` reads as a space (form encoding). A triplet that
    /// does not decode stays as written.
    init(percentDecoding scalars: [Unicode.Scalar], folding: inout ScalarFolding) {
        var index = 0
        while index < scalars.count {
            guard let lead = Self.byte(at: index, in: scalars) else {
                append(scalars[index] == "+" ? " " : scalars[index], from: index, to: index, folding: &folding)
                index += 1
                continue
            }
            let length = Self.sequenceLength(lead)
            var value = UInt32(lead) & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var end = index + 3
            var valid = length > 0
            if valid {
                for _ in 1..<length {
                    guard let continuation = Self.byte(at: end, in: scalars), continuation & 0xC0 == 0x80 else {
                        valid = false
                        break
                    }
                    value = value << 6 | UInt32(continuation & 0x3F)
                    end += 3
                }
            }
            let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : length == 4 ? 0x10000 : 0
            if valid, value >= minimum, let decoded = Unicode.Scalar(value) {
                append(decoded, from: index, to: end - 1, folding: &folding)
                index = end
            } else {
                // Not UTF-8: the triplet's three scalars as written.
                for offset in 0..<3 { append(scalars[index + offset], from: index + offset, to: index + offset, folding: &folding) }
                index += 3
            }
        }
    }

    /// Whether `scalars` holds anything percent-decoding would change (`%` or `+`).
    static func mayBePercentEncoded(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { $0 == "%" || $0 == "+" }
    }

    private mutating func append(_ scalar: Unicode.Scalar, from first: Int, to last: Int, folding: inout ScalarFolding) {
        for folded in folding.fold(scalar) {
            let combiningClass = folded.properties.canonicalCombiningClass.rawValue
            var position = scalars.count
            // Canonical ordering: a combining mark moves before marks of a higher class.
            if combiningClass != 0 {
                while position > 0 {
                    let previous = scalars[position - 1].properties.canonicalCombiningClass.rawValue
                    guard previous > combiningClass else { break }
                    position -= 1
                }
            }
            scalars.insert(folded, at: position)
            origins.insert((first, last), at: position)
        }
    }

    /// The byte of a `%XX` triplet at `index`, if one starts there.
    private static func byte(at index: Int, in scalars: [Unicode.Scalar]) -> UInt8? {
        guard index + 2 < scalars.count, scalars[index] == "%",
              let high = hexDigit(scalars[index + 1]), let low = hexDigit(scalars[index + 2]) else { return nil }
        return high << 4 | low
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: UInt8(scalar.value - 0x30)
        case 0x41...0x46: UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: UInt8(scalar.value - 0x61 + 10)
        default: nil
        }
    }

    /// The length of the UTF-8 sequence `lead` starts, or 0 when it starts none.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}

/// Folds single scalars for ``FoldedText``, remembering each non-ASCII answer (one Foundation
/// normalization per distinct scalar).
struct ScalarFolding {
    private var known: [UInt32: [Unicode.Scalar]] = .init()

    /// `scalar` decomposed for compatibility, case-folded (the lower case of its upper case, so
    /// `ß`, `SS` and `ss` agree) and decomposed again; empty for a default-ignorable code point.
    mutating func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII {
            let value = scalar.value
            return [(0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar]
        }
        if let folded = known[scalar.value] { return folded }
        var folded: [Unicode.Scalar] = []
        if !scalar.properties.isDefaultIgnorableCodePoint {
            var cased = String.UnicodeScalarView()
            for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars {
                for upper in part.properties.uppercaseMapping.unicodeScalars {
                    cased.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
                }
            }
            folded = String(cased).decomposedStringWithCompatibilityMapping.unicodeScalars
                .filter { !$0.properties.isDefaultIgnorableCodePoint }
        }
        known[scalar.value] = folded
        return folded
    }
}
