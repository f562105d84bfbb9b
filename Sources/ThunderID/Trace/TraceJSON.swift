/// A JSON value with ordered object keys: the event log writes keys in a fixed, readable order.
enum TraceJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TraceJSON])
    case object([(String, TraceJSON)])

    static func == (lhs: TraceJSON, rhs: TraceJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    // MARK: Writing

    var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                out += String(Int64(value))
            } else {
                out += "\(value)"
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20 || s.value == 0x2028 || s.value == 0x2029:
                let hex = String(s.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    // MARK: Reading

    /// Parses one JSON text (RFC 8259), keeping object keys in their written order.
    static func parse(_ text: String) throws(EventLogDecodingError) -> TraceJSON {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.scalars.count else { throw parser.failure("trailing characters") }
        return value
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        func failure(_ reason: String) -> EventLogDecodingError {
            EventLogDecodingError(line: nil, path: "", reason: "not JSON: \(reason) at character \(index)")
        }

        mutating func skipWhitespace() {
            while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws(EventLogDecodingError) {
            for scalar in literal.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { throw failure("expected \(literal)") }
                index += 1
            }
        }

        mutating func value() throws(EventLogDecodingError) -> TraceJSON {
            guard index < scalars.count else { throw failure("unexpected end") }
            switch scalars[index] {
            case "n": try expect("null"); return .null
            case "t": try expect("true"); return .bool(true)
            case "f": try expect("false"); return .bool(false)
            case "\"": return .string(try string())
            case "[":
                index += 1
                var items: [TraceJSON] = []
                skipWhitespace()
                if index < scalars.count, scalars[index] == "]" { index += 1; return .array(items) }
                while true {
                    skipWhitespace()
                    items.append(try value())
                    skipWhitespace()
                    guard index < scalars.count else { throw failure("unterminated array") }
                    if scalars[index] == "," { index += 1; continue }
                    if scalars[index] == "]" { index += 1; return .array(items) }
                    throw failure("expected , or ]")
                }
            case "{":
                index += 1
                var members: [(String, TraceJSON)] = []
                skipWhitespace()
                if index < scalars.count, scalars[index] == "}" { index += 1; return .object(members) }
                while true {
                    skipWhitespace()
                    guard index < scalars.count, scalars[index] == "\"" else { throw failure("expected a key") }
                    let key = try string()
                    skipWhitespace()
                    try expect(":")
                    skipWhitespace()
                    members.append((key, try value()))
                    skipWhitespace()
                    guard index < scalars.count else { throw failure("unterminated object") }
                    if scalars[index] == "," { index += 1; continue }
                    if scalars[index] == "}" { index += 1; return .object(members) }
                    throw failure("expected , or }")
                }
            default:
                return .number(try number())
            }
        }

        mutating func number() throws(EventLogDecodingError) -> Double {
            let start = index
            while index < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) { index += 1 }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<index])
            guard !text.isEmpty, let number = Double(text) else { throw failure("bad number") }
            return number
        }

        mutating func string() throws(EventLogDecodingError) -> String {
            index += 1  // opening quote
            var out = String.UnicodeScalarView()
            while true {
                guard index < scalars.count else { throw failure("unterminated string") }
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return String(out)
                case "\\":
                    guard index < scalars.count else { throw failure("unterminated escape") }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "\"": out.append("\"")
                    case "\\": out.append("\\")
                    case "/": out.append("/")
                    case "b": out.append("\u{08}")
                    case "f": out.append("\u{0C}")
                    case "n": out.append("\n")
                    case "r": out.append("\r")
                    case "t": out.append("\t")
                    case "u":
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw failure("bad surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(code) else { throw failure("bad escape") }
                        out.append(decoded)
                    default: throw failure("bad escape")
                    }
                default:
                    out.append(scalar)
                }
            }
        }

        mutating func hex4() throws(EventLogDecodingError) -> UInt32 {
            guard index + 4 <= scalars.count else { throw failure("short \\u escape") }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[index..<index + 4])
            index += 4
            guard let code = UInt32(text, radix: 16) else { throw failure("bad \\u escape") }
            return code
        }
    }

    subscript(key: String) -> TraceJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
