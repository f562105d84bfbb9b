import Foundation

/// The package's hand-written JSON reader: strict RFC 8259 over UTF-8 bytes, producing ``JSONValue``, or, for the
/// `ecma-regex --jsonl` protocol, an object's string members as UTF-16 code units.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` read JSON too, and the package uses them where they
/// lose nothing (the regex corpus and test262 loaders, the JSON-Schema-Test-Suite files, the `--jsonl`
/// string writer). This reader is for what they lose:
/// - Key order. Foundation's objects are dictionaries; `UserSchema.attributeNames` and
///   `SchemaAttribute.propertyNames` promise the admin's document order (a profile renders in it).
/// - Where a body is malformed. `JSONDecoder` says only "The given data was not valid JSON." (no
///   position); here every failure has a byte offset and a reason (`expected a string key at byte 42`).
/// - Strictness. Both Foundation readers accept trailing commas (`[1,]`), `JSONDecoder` also raw control
///   characters in strings; `JSONSerialization` returns booleans as `NSNumber`s.
/// - Repeated keys. `JSONDecoder` keeps a repeated key's first value; `JSON.parse`, the `--jsonl`
///   protocol and the schema decoder keep the last (in the first key's position).
/// - Lone surrogates. `JSON.parse` reads `"\ud800"` as one UTF-16 code unit; both Foundation readers
///   refuse it, so the `--jsonl` protocol could not give JavaScript's verdict on such inputs.
/// - Speed. A schema body reaches a `UserSchema` faster through this reader than through
///   `JSONDecoder` with a Codable model or a `JSONSerialization` tree.
///
/// Bounded: documents over ``maximumBytes`` are refused before parsing, nesting deeper than
/// ``maximumDepth`` is an error (no stack overflow), time is linear in the size (a repeated key costs one
/// hash lookup), a number beyond `Double` is an error, and bytes that are not UTF-8 are refused.
package struct JSONParser {
    /// Why parsing stopped, and the byte offset where it did.
    package struct Failure: Error, Equatable {
        package var offset: Int
        package var reason: String

        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        /// `expected ':' at byte 12`
        package var sentence: String { "\(reason) at byte \(offset)" }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Deepest nesting of arrays and objects; deeper documents are refused (no stack overflow).
    package static let maximumDepth = 256
    /// Largest document read, in bytes (8 MiB); a larger one is refused before any parsing.
    package static let maximumBytes = 8 * 1024 * 1024

    /// Parses a whole document; trailing non-space bytes are an error. Time and memory are linear in
    /// the document's size, which is capped at ``maximumBytes``.
    package static func parse(_ data: Data) throws(Failure) -> JSONValue {
        guard data.count <= maximumBytes else {
            throw Failure(offset: maximumBytes, reason: "the document is larger than \(maximumBytes) bytes")
        }
        var parser = JSONParser(bytes: Array(data))
        // A UTF-8 byte order mark is tolerated.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.failure("unexpected content after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8], loneSurrogates: LoneSurrogates = .refused) {
        self.bytes = bytes
        self.loneSurrogates = loneSurrogates
    }

    /// What a `\u` escape of an unpaired surrogate does in a string read as text.
    private enum LoneSurrogates {
        /// An error (a Swift `String` cannot hold one).
        case refused
        /// U+FFFD: for values the code-unit reader checks but does not keep, which `JSON.parse` accepts.
        case replaced
    }

    private let loneSurrogates: LoneSurrogates

    /// Reads a document that must be one object, as JavaScript's `JSON.parse` reads it: each member
    /// whose value is a string maps to its UTF-16 code units (a `\ud800` escape stays one lone code
    /// unit), any other value is checked and maps to nil, and a repeated key keeps its last value.
    /// Keys are read the same way, then decoded to text (a lone surrogate in a key becomes U+FFFD).
    /// No byte order mark is skipped (`JSON.parse` does not skip one). Bounds as ``parse(_:)``.
    package static func codeUnitMembers(_ bytes: [UInt8]) throws(Failure) -> [String: [UInt16]?] {
        guard bytes.count <= maximumBytes else {
            throw Failure(offset: maximumBytes, reason: "the document is larger than \(maximumBytes) bytes")
        }
        var parser = JSONParser(bytes: bytes, loneSurrogates: .replaced)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: "{") else { throw parser.failure("expected an object") }
        try parser.enter()
        parser.index += 1
        var members: [String: [UInt16]?] = .init()
        parser.skipWhitespace()
        if parser.current == UInt8(ascii: "}") {
            parser.index += 1
        } else {
            members: while true {
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: "\"") else { throw parser.failure("expected a string key") }
                let key = String(decoding: try parser.parseCodeUnits(), as: UTF16.self)
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: ":") else { throw parser.failure("expected ':'") }
                parser.index += 1
                parser.skipWhitespace()
                if parser.current == UInt8(ascii: "\"") {
                    members[key] = .some(try parser.parseCodeUnits())
                } else {
                    _ = try parser.parseValue()
                    members[key] = .some(nil)
                }
                parser.skipWhitespace()
                switch parser.current {
                case UInt8(ascii: ","): parser.index += 1
                case UInt8(ascii: "}"): parser.index += 1; break members
                default: throw parser.failure("expected ',' or '}'")
                }
            }
        }
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.failure("unexpected content after the JSON value")
        }
        return members
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(Failure) {
        for expected in literal.utf8 {
            guard current == expected else { throw failure("invalid literal, expected '\(literal)'") }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        // Where each key sits in `members`, so a repeated key costs one lookup, not a scan.
        var positions: [ExactKey: Int] = .init()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            // As JSON.parse: a repeated key keeps its first position and takes the last value.
            if let existing = positions[ExactKey(key)] {
                members[existing].value = value
            } else {
                positions[ExactKey(key)] = members.count
                members.append((key, value))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    /// A key compared byte for byte, as JavaScript compares property names: `"é"` composed and
    /// decomposed are two keys (Swift's `String ==` would call them one).
    private struct ExactKey: Hashable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for byte in text.utf8 { hasher.combine(byte) }
            }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(values)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw failure("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, isDigit(byte) else { throw failure("expected a digit after '.'") }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, isDigit(byte) else { throw failure("expected a digit in the exponent") }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw Failure(offset: start, reason: "number out of range")
        }
        return number
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var result = ""
        var runStart = index
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                result += try text(from: runStart, to: index)
                index += 1
                return result
            case UInt8(ascii: "\\"):
                result += try text(from: runStart, to: index)
                index += 1
                result.unicodeScalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw failure("control character in a string")
            default:
                index += 1
            }
        }
    }

    private func text(from start: Int, to end: Int) throws(Failure) -> String {
        // The standard library's validating initializer is strict (no overlong forms, no surrogate
        // code points) and cheaper than Foundation's.
        let decoded: String?
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            decoded = String(validating: bytes[start..<end], as: UTF8.self)
        } else {
            decoded = String(bytes: bytes[start..<end], encoding: .utf8)
        }
        guard let text = decoded else {
            throw Failure(offset: start, reason: "invalid UTF-8 in a string")
        }
        return text
    }

    /// A string literal as UTF-16 code units; `\u` escapes are taken one code unit each, paired or not.
    private mutating func parseCodeUnits() throws(Failure) -> [UInt16] {
        index += 1
        var units: [UInt16] = []
        var runStart = index
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                units += try text(from: runStart, to: index).utf16
                index += 1
                return units
            case UInt8(ascii: "\\"):
                units += try text(from: runStart, to: index).utf16
                index += 1
                if current == UInt8(ascii: "u") {
                    index += 1
                    units.append(UInt16(try parseHex4()))
                } else {
                    // Every other escape stands for one ASCII character.
                    units.append(UInt16(try parseEscape().value))
                }
                runStart = index
            case 0x00..<0x20:
                throw failure("control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high), current == UInt8(ascii: "\\"), index + 1 < bytes.count,
               bytes[index + 1] == UInt8(ascii: "u") {
                let resume = index
                index += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
                index = resume
            }
            if let scalar = Unicode.Scalar(high) { return scalar }
            switch loneSurrogates {
            case .refused: throw failure("unpaired surrogate in a \\u escape")
            case .replaced: return "\u{FFFD}"
            }
        default:
            index -= 1
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw failure("expected four hex digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
