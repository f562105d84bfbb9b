/// A value written in a spec as it would be typed, in double quotes with escapes:
/// `"Abcdef1!"`, `""`, `"line\n"`, `"a\u{00A0}b"` (no-break space), `"\"quoted\""`, `"back\\slash"`.
/// In a table cell a literal pipe is `\|`.
public enum QuotedText {
    /// Reads a quoted value; `nil` when `text` is not one double-quoted string.
    public static func parse(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else { return nil }
        let body = Array(trimmed.dropFirst().dropLast())
        var result = ""
        var index = 0
        while index < body.count {
            let character = body[index]
            if character == "\"" { return nil }
            guard character == "\\" else {
                result.append(character)
                index += 1
                continue
            }
            index += 1
            guard index < body.count else { return nil }
            switch body[index] {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "u":
                guard index + 1 < body.count, body[index + 1] == "{",
                      let close = body[(index + 2)...].firstIndex(of: "}"),
                      let scalarValue = UInt32(String(body[(index + 2)..<close]), radix: 16),
                      let scalar = Unicode.Scalar(scalarValue) else { return nil }
                result.unicodeScalars.append(scalar)
                index = close
            default: return nil
            }
            index += 1
        }
        return result
    }

    /// Writes `value` quoted, escaping what would not read back or would be invisible.
    public static func format(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "|": result += "\\|"
            default:
                if scalar.properties.isWhitespace && scalar != " " || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .control {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
