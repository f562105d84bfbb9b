import JSONCore

extension JSONValue {
    /// The value as compact JSON text (object members in their order), written by ``JSONLineWriter``.
    package var jsonText: String {
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
