import Foundation

/// Text in the form `SecretScrubber` compares: each scalar of a view (``EncodedText``) decomposed for
/// compatibility, case-folded and decomposed again, default-ignorables dropped and marks in canonical
/// order, so texts equal under case folding and any normalization fold alike. Each folded scalar
/// remembers the original scalars it came from.
struct FoldedText {
    private(set) var values: [UInt32] = []
    /// For each folded scalar, the first and last index of the original scalars it came from.
    private(set) var origins: [(first: Int, last: Int)] = []

    /// The folded form of `scalars` read as written.
    init(_ scalars: [Unicode.Scalar], folding: inout ScalarFolding) {
        self.init(EncodedText(scalars), folding: &folding)
    }

    init(_ view: EncodedText, folding: inout ScalarFolding) {
        folding.prepare(view.scalars)
        values.reserveCapacity(view.scalars.count)
        origins.reserveCapacity(view.scalars.count)
        for (scalar, origin) in zip(view.scalars, view.origins) {
            append(scalar, from: origin.first, to: origin.last, folding: &folding)
        }
    }

    private mutating func append(_ scalar: Unicode.Scalar, from first: Int, to last: Int, folding: inout ScalarFolding) {
        if scalar.isASCII {
            let value = scalar.value
            values.append((0x41...0x5A).contains(value) ? value + 0x20 : value)
            origins.append((first, last))
            return
        }
        let folded = folding.fold(scalar)
        for index in folded.indices {
            let value = folding.storage[index]
            var position = values.count
            // Canonical ordering: a combining mark moves before marks of a higher class.
            if let mark = Unicode.Scalar(value), case let combiningClass = mark.properties.canonicalCombiningClass.rawValue,
               combiningClass != 0 {
                while position > 0, let previous = Unicode.Scalar(values[position - 1]),
                      previous.properties.canonicalCombiningClass.rawValue > combiningClass {
                    position -= 1
                }
            }
            values.insert(value, at: position)
            origins.insert((first, last), at: position)
        }
    }
}

/// Folds single scalars for ``FoldedText`` and remembers each non-ASCII answer. ``prepare(_:)``
/// folds a whole text's new scalars in two Foundation normalizations of one batch, not two per scalar.
struct ScalarFolding {
    /// Every answer's folded code points, one after another.
    private(set) var storage: [UInt32] = []
    /// Where each scalar's answer sits in ``storage``: its start and count, packed (start << 32 | count).
    private var known: [UInt32: UInt64] = .init()

    /// Folds and remembers every non-ASCII scalar of `scalars` not folded yet.
    mutating func prepare(_ scalars: [Unicode.Scalar]) {
        var pending: [Unicode.Scalar] = []
        var batch = String.UnicodeScalarView()
        for scalar in scalars where !scalar.isASCII && known[scalar.value] == nil {
            if scalar.properties.isDefaultIgnorableCodePoint {
                known[scalar.value] = UInt64(storage.count) << 32
                continue
            }
            // Marked as known at once, so a scalar repeated in the text is batched once.
            known[scalar.value] = 0
            // One scalar per line: a line feed is a starter, so no mark moves across it.
            if !pending.isEmpty { batch.append("\n") }
            batch.append(scalar)
            pending.append(scalar)
        }
        guard !pending.isEmpty else { return }
        var cased = String.UnicodeScalarView()
        for part in String(batch).decomposedStringWithCompatibilityMapping.unicodeScalars {
            guard part.properties.changesWhenCaseMapped else {
                cased.append(part)
                continue
            }
            for upper in part.properties.uppercaseMapping.unicodeScalars {
                cased.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
            }
        }
        var line = 0
        var start = storage.count
        func close() {
            known[pending[line].value] = UInt64(start) << 32 | UInt64(storage.count - start)
            line += 1
            start = storage.count
        }
        for part in String(cased).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if part == "\n" {
                close()
            } else if !part.properties.isDefaultIgnorableCodePoint {
                storage.append(part.value)
            }
        }
        close()
    }

    /// Where in ``storage`` the fold of `scalar` sits (NFKD, lower case of upper case, NFKD again);
    /// empty for a default-ignorable code point.
    mutating func fold(_ scalar: Unicode.Scalar) -> Range<Int> {
        if known[scalar.value] == nil { prepare([scalar]) }
        let packed = known[scalar.value] ?? 0
        let start = Int(packed >> 32), count = Int(packed & 0xFFFF_FFFF)
        return start..<(start + count)
    }
}
