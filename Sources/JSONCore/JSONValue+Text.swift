/// Compact JSON text of a value, for tests and tools that show or compare what was read.
extension JSONValue {
    /// The value as compact JSON text, object members in their order; numbers as ``JSONNumber`` writes them.
    package var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): JSONNumber.text(number)
        case .string(let text): Self.quoted(text)
        case .array(let values): "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string: quote, backslash and control characters escaped, the rest as it is.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
