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

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text (object members in their order), written by ``JSONLineWriter``.
    package var description: String {
        var writer = JSONLineWriter(capacity: 64)
        writer.value(self)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}

extension JSONLineWriter {
    /// Appends `value` as compact JSON (object members in their order).
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let values):
            byte(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.value(element)
            }
            byte(UInt8(ascii: "]"))
        case .object(let members):
            byte(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                string(member.key)
                byte(UInt8(ascii: ":"))
                self.value(member.value)
            }
            byte(UInt8(ascii: "}"))
        }
    }
}
