/// A credential value held by the state object; every textual form of it (`description`, `dump()`,
/// reflection) shows only its length.
struct RedactedText: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var value: String

    init(_ value: String = "") {
        self.value = value
    }

    var description: String { "<redacted, \(value.count) characters>" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: ["length": value.count], displayStyle: .struct) }

    /// Byte-for-byte equality (no Unicode normalization): what the user typed is what is sent.
    static func == (lhs: RedactedText, rhs: RedactedText) -> Bool {
        lhs.value.hasSameBytes(as: rhs.value)
    }
}
