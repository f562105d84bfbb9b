/// A JSON value, read by ``JSONParser`` for the schema decoder, the error-body reader and the `--jsonl`
/// protocol, that keeps what `JSONSerialization` loses: the difference between a boolean and a number, and the order of object keys (so attributes keep the admin's order).
package enum JSONValue: Sendable, Equatable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in document order. A repeated key keeps its first position and its
    /// last value, as `JSON.parse` does.
    case object([(key: String, value: JSONValue)])

    /// The member `key` of an object (its last occurrence), or nil.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The JSON type's name as a developer reads it in an error: "a string", "an object", …
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): false
        }
    }
}

/// How a JSON number is written: integral values below 10^15 in magnitude as integers, other finite
/// values as Swift prints a `Double` (`2.5`, `1e+20`), and NaN and the infinities, which JSON has no
/// text for, as `null` (as JavaScript's `JSON.stringify` writes them; Swift would print `nan` and
/// `inf`, which no JSON reader accepts). ``JSONValue/jsonText`` writes numbers this way;
/// ThunderID's error texts fill a number parameter with ``text(_:)``.
public enum JSONNumber {
    /// Whether `value` is written as an integer.
    @inlinable public static func isWrittenAsInteger(_ value: Double) -> Bool {
        value == value.rounded() && abs(value) < 1e15
    }

    /// `value` as JSON text.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // `Int64`: an integer below 10^15 passes `Int.max` where `Int` has 32 bits (watchOS's arm64_32).
        return isWrittenAsInteger(value) ? String(Int64(value)) : String(value)
    }
}
