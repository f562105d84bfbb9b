/// One `ecma-regex --jsonl` request line read the way JavaScript's `JSON.parse` reads it: strings are
/// UTF-16 code units (a `\ud800` escape is a lone surrogate, not an error), a repeated key keeps its
/// last value, and bytes that are not UTF-8 are refused rather than repaired.
struct JSONLineRequest {
    /// Why a line is not a request.
    struct Failure: Error {
        var reason: String
    }

    /// The top-level members: strings as code units, anything else as nil (present, not a string).
    private(set) var members: [String: [UInt16]?] = [:]

    /// Longest line read, in bytes.
    static let maximumBytes = 4 << 20

    init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count <= Self.maximumBytes else { throw Failure(reason: "the line is longer than \(Self.maximumBytes) bytes") }
        var iterator = bytes.makeIterator()
        var utf8 = UTF8()
        validation: while true {
            switch utf8.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break validation
            case .error: throw Failure(reason: "the line is not valid UTF-8")
            }
        }
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard reader.eat(UInt8(ascii: "{")) else { throw Failure(reason: "expected a JSON object") }
        reader.skipSpace()
        if !reader.eat(UInt8(ascii: "}")) {
            while true {
                reader.skipSpace()
                let key = try reader.string()
                reader.skipSpace()
                guard reader.eat(UInt8(ascii: ":")) else { throw Failure(reason: "expected ':'") }
                reader.skipSpace()
                if reader.peek == UInt8(ascii: "\"") {
                    members[String(decoding: key, as: UTF16.self)] = .some(try reader.string())
                } else {
                    try reader.skipValue(depth: 0)
                    members[String(decoding: key, as: UTF16.self)] = .some(nil)
                }
                reader.skipSpace()
                if reader.eat(UInt8(ascii: ",")) { continue }
                guard reader.eat(UInt8(ascii: "}")) else { throw Failure(reason: "expected ',' or '}'") }
                break
            }
        }
        reader.skipSpace()
        guard reader.atEnd else { throw Failure(reason: "unexpected content after the object") }
    }

    /// `units` as text, or nil when they hold a lone surrogate.
    static func text(_ units: [UInt16]) -> String? {
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }

    /// The string member `key`: nil when absent, `.some(nil)` when present but not a string.
    func string(_ key: String) -> [UInt16]?? { members[key] }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func eat(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// A string literal as UTF-16 code units (the bytes are already known to be UTF-8).
        mutating func string() throws(Failure) -> [UInt16] {
            guard eat(UInt8(ascii: "\"")) else { throw Failure(reason: "expected a string") }
            var units: [UInt16] = []
            var runStart = index
            while true {
                guard let byte = peek else { throw Failure(reason: "unterminated string") }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    units += String(decoding: bytes[runStart..<index], as: UTF8.self).utf16
                    index += 1
                    if byte == UInt8(ascii: "\"") { return units }
                    units.append(try escape())
                    runStart = index
                } else if byte < 0x20 {
                    throw Failure(reason: "control character in a string")
                } else {
                    index += 1
                }
            }
        }

        private mutating func escape() throws(Failure) -> UInt16 {
            guard let byte = peek else { throw Failure(reason: "unterminated escape") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return 0x22
            case UInt8(ascii: "\\"): return 0x5C
            case UInt8(ascii: "/"): return 0x2F
            case UInt8(ascii: "b"): return 0x08
            case UInt8(ascii: "f"): return 0x0C
            case UInt8(ascii: "n"): return 0x0A
            case UInt8(ascii: "r"): return 0x0D
            case UInt8(ascii: "t"): return 0x09
            case UInt8(ascii: "u"):
                var value: UInt16 = 0
                for _ in 0..<4 {
                    guard let digit = peek, let nibble = Self.hex(digit) else { throw Failure(reason: "expected four hex digits") }
                    value = value << 4 | nibble
                    index += 1
                }
                return value
            default:
                throw Failure(reason: "invalid escape")
            }
        }

        private static func hex(_ byte: UInt8) -> UInt16? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// Skips any JSON value (nesting capped at 64).
        mutating func skipValue(depth: Int) throws(Failure) {
            guard depth < 64 else { throw Failure(reason: "nested too deeply") }
            guard let byte = peek else { throw Failure(reason: "expected a value") }
            switch byte {
            case UInt8(ascii: "\""):
                _ = try string()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index += 1
                skipSpace()
                if eat(close) { return }
                while true {
                    skipSpace()
                    if close == UInt8(ascii: "}") {
                        _ = try string()
                        skipSpace()
                        guard eat(UInt8(ascii: ":")) else { throw Failure(reason: "expected ':'") }
                        skipSpace()
                    }
                    try skipValue(depth: depth + 1)
                    skipSpace()
                    if eat(UInt8(ascii: ",")) { continue }
                    guard eat(close) else { throw Failure(reason: "unterminated container") }
                    return
                }
            default:
                // A number or a literal: its characters up to a delimiter.
                let start = index
                while let next = peek, !(next == UInt8(ascii: ",") || next == UInt8(ascii: "}") || next == UInt8(ascii: "]")
                                        || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D) {
                    index += 1
                }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                guard ["true", "false", "null"].contains(word) || Double(word) != nil else {
                    throw Failure(reason: "invalid value \(word.prefix(20))")
                }
            }
        }
    }
}
