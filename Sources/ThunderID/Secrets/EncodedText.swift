/// A text read in one more way before `SecretScrubber` folds it: percent-decoded, with numeric
/// character references resolved, or with base64 or hexadecimal runs decoded as UTF-8, so a value a
/// server echoes encoded reads plainly. Each scalar remembers the original scalars it came from.
struct EncodedText {
    private(set) var scalars: [Unicode.Scalar] = []
    /// For each scalar, the first and last index of the original scalars it came from.
    private(set) var origins: [(first: Int, last: Int)] = []
    /// Whether values shorter than a part are searched for: not in decoded runs, where a couple of
    /// bytes spell a short value by chance.
    private(set) var matchesShortValues = true

    /// Separates decoded runs so no window joins two; a noncharacter, so no typed value holds it.
    static let separator: Unicode.Scalar = "\u{FFFF}"

    /// The shortest base64 run decoded (six characters: four bytes, one part of a value).
    static let minimumBase64Run = 6
    /// The shortest hexadecimal run decoded (eight digits: four bytes).
    static let minimumHexRun = 8
    /// How many times a text is percent-decoded at most (`%2525…` nested deeper stays encoded).
    static let maximumPercentRounds = 4

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        origins = scalars.indices.map { ($0, $0) }
    }

    private init() {}

    /// Every decoded view of `scalars` that differs from it: percent-decoded per round while that
    /// changes something, references resolved, and base64 and hexadecimal runs at each alignment.
    static func decodedViews(of scalars: [Unicode.Scalar]) -> [EncodedText] {
        let written = EncodedText(scalars)
        var views: [EncodedText] = []
        var current = written
        for _ in 0..<maximumPercentRounds {
            guard let decoded = current.percentDecoded() else { break }
            views.append(decoded)
            current = decoded
        }
        if let resolved = written.referencesResolved() { views.append(resolved) }
        for alignment in 0..<4 {
            if let decoded = written.runsDecoded(alignment: alignment, base64: true) { views.append(decoded) }
        }
        for alignment in 0..<2 {
            if let decoded = written.runsDecoded(alignment: alignment, base64: false) { views.append(decoded) }
        }
        return views
    }

    private mutating func append(_ scalar: Unicode.Scalar, _ first: Int, _ last: Int) {
        scalars.append(scalar)
        origins.append((first, last))
    }

    // MARK: - Percent-encoding

    /// `%XX` runs that spell UTF-8 as their scalars, and `+` as a space; `nil` when there are none.
    func percentDecoded() -> EncodedText? {
        guard scalars.contains(where: { $0 == "%" || $0 == "+" }) else { return nil }
        var view = EncodedText()
        view.scalars.reserveCapacity(scalars.count)
        view.origins.reserveCapacity(scalars.count)
        var index = 0
        var changed = false
        while index < scalars.count {
            var bytes: [(byte: UInt8, first: Int, last: Int)] = []
            var end = index
            while let byte = Self.percentByte(at: end, in: scalars) {
                bytes.append((byte, origins[end].first, origins[end + 2].last))
                end += 3
            }
            if bytes.isEmpty {
                let scalar = scalars[index]
                if scalar == "+" { changed = true }
                view.append(scalar == "+" ? " " : scalar, origins[index].first, origins[index].last)
                index += 1
                continue
            }
            changed = true
            // Bytes that are not UTF-8 stay as their triplets.
            let decoded = Self.utf8Scalars(bytes)
            var triplet = index
            for item in decoded {
                if let scalar = item.scalar {
                    view.append(scalar, item.first, item.last)
                } else {
                    for offset in 0..<3 { view.append(scalars[triplet + offset], origins[triplet + offset].first, origins[triplet + offset].last) }
                }
                triplet += 3 * item.byteCount
            }
            index = end
        }
        return changed ? view : nil
    }

    private static func percentByte(at index: Int, in scalars: [Unicode.Scalar]) -> UInt8? {
        guard index + 2 < scalars.count, scalars[index] == "%",
              let high = hexDigit(scalars[index + 1]), let low = hexDigit(scalars[index + 2]) else { return nil }
        return high << 4 | low
    }

    // MARK: - Character references

    /// Decimal and hexadecimal character references (`&#x68;`, `;` optional) as their scalars; `nil`
    /// when there are none.
    func referencesResolved() -> EncodedText? {
        guard scalars.indices.contains(where: { scalars[$0] == "&" && $0 + 1 < scalars.count && scalars[$0 + 1] == "#" }) else {
            return nil
        }
        var view = EncodedText()
        var index = 0
        var changed = false
        while index < scalars.count {
            if let (scalar, end) = reference(at: index) {
                view.append(scalar, origins[index].first, origins[end - 1].last)
                index = end
                changed = true
            } else {
                view.append(scalars[index], origins[index].first, origins[index].last)
                index += 1
            }
        }
        return changed ? view : nil
    }

    /// The scalar a reference starting at `index` names, and the index after it.
    private func reference(at index: Int) -> (Unicode.Scalar, Int)? {
        guard index + 2 < scalars.count, scalars[index] == "&", scalars[index + 1] == "#" else { return nil }
        var position = index + 2
        let isHex = scalars[position] == "x" || scalars[position] == "X"
        if isHex { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while position < scalars.count, digits < 8 {
            let digit: UInt8?
            if isHex {
                digit = Self.hexDigit(scalars[position])
            } else {
                digit = (0x30...0x39).contains(scalars[position].value) ? UInt8(scalars[position].value - 0x30) : nil
            }
            guard let digit else { break }
            value = value * (isHex ? 16 : 10) + UInt32(digit)
            digits += 1
            position += 1
        }
        guard digits > 0, let scalar = Unicode.Scalar(value) else { return nil }
        if position < scalars.count, scalars[position] == ";" { position += 1 }
        return (scalar, position)
    }

    // MARK: - Base64 and hexadecimal runs

    /// Every base64 (either alphabet) or hexadecimal run decoded from `alignment` as UTF-8, runs apart
    /// by ``separator``; `nil` when none decodes.
    func runsDecoded(alignment: Int, base64: Bool) -> EncodedText? {
        var view = EncodedText()
        view.matchesShortValues = false
        var index = 0
        let minimum = base64 ? Self.minimumBase64Run : Self.minimumHexRun
        while index < scalars.count {
            guard Self.digit(scalars[index], base64: base64) != nil else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, Self.digit(scalars[end], base64: base64) != nil { end += 1 }
            if end - index - alignment >= minimum {
                var bytes: [(byte: UInt8, first: Int, last: Int)] = []
                if base64 {
                    decodeBase64(index + alignment, end, into: &bytes)
                } else {
                    decodeHex(index + alignment, end, into: &bytes)
                }
                let decoded = Self.utf8Scalars(bytes).compactMap { item in item.scalar.map { ($0, item.first, item.last) } }
                if decoded.count >= SecretParts.minimumPartLength {
                    if !view.scalars.isEmpty { view.append(Self.separator, index, index) }
                    for (scalar, first, last) in decoded { view.append(scalar, first, last) }
                }
            }
            index = end
        }
        return view.scalars.isEmpty ? nil : view
    }

    private func decodeBase64(_ start: Int, _ end: Int, into bytes: inout [(byte: UInt8, first: Int, last: Int)]) {
        var group = start
        while group + 1 < end {
            let count = min(4, end - group)
            var value: UInt32 = 0
            for offset in 0..<4 {
                value <<= 6
                if offset < count, let digit = Self.digit(scalars[group + offset], base64: true) { value |= UInt32(digit) }
            }
            // Four characters carry three bytes; a short final group carries one or two.
            for byte in 0..<(count - 1) {
                let first = origins[group + byte].first, last = origins[group + byte + 1].last
                bytes.append((UInt8(truncatingIfNeeded: value >> (16 - 8 * UInt32(byte))), first, last))
            }
            group += 4
        }
    }

    private func decodeHex(_ start: Int, _ end: Int, into bytes: inout [(byte: UInt8, first: Int, last: Int)]) {
        var pair = start
        while pair + 1 < end {
            if let high = Self.hexDigit(scalars[pair]), let low = Self.hexDigit(scalars[pair + 1]) {
                bytes.append((high << 4 | low, origins[pair].first, origins[pair + 1].last))
            }
            pair += 2
        }
    }

    /// The value of a base64 (either alphabet) or hexadecimal digit.
    private static func digit(_ scalar: Unicode.Scalar, base64: Bool) -> UInt8? {
        guard base64 else { return hexDigit(scalar) }
        switch scalar.value {
        case 0x41...0x5A: return UInt8(scalar.value - 0x41)
        case 0x61...0x7A: return UInt8(scalar.value - 0x61 + 26)
        case 0x30...0x39: return UInt8(scalar.value - 0x30 + 52)
        case 0x2B, 0x2D: return 62
        case 0x2F, 0x5F: return 63
        default: return nil
        }
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: UInt8(scalar.value - 0x30)
        case 0x41...0x46: UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: UInt8(scalar.value - 0x61 + 10)
        default: nil
        }
    }

    // MARK: - UTF-8

    /// `bytes` as UTF-8: each well-formed sequence as its scalar spanning its bytes' origins, each other
    /// byte as `nil`.
    private static func utf8Scalars(_ bytes: [(byte: UInt8, first: Int, last: Int)])
        -> [(scalar: Unicode.Scalar?, first: Int, last: Int, byteCount: Int)] {
        var items: [(scalar: Unicode.Scalar?, first: Int, last: Int, byteCount: Int)] = []
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.lazy.map(\.byte).makeIterator()
        var index = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                let last = bytes[index + encoded.count - 1].last
                items.append((Unicode.UTF8.decode(encoded), bytes[index].first, last, encoded.count))
                index += encoded.count
            case .error(let length):
                // An ill-formed sequence's bytes stay one by one: none of them starts a sequence.
                for offset in index..<(index + length) {
                    items.append((nil, bytes[offset].first, bytes[offset].last, 1))
                }
                index += length
            case .emptyInput:
                return items
            }
        }
    }
}
