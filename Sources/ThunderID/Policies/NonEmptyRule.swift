/// The new value must not be empty nor made only of whitespace (`"nonEmpty"`).
///
/// As the ThunderID web SDK does; the server would refuse a blank value. Whitespace is Unicode
/// `White_Space` plus U+FEFF. The value itself is never trimmed.
package struct NonEmptyRule: CredentialRule, IncrementalCredentialRule {
    package let id = "nonEmpty"
    package var reads: Set<ChangeCredentialMachine.Field> { [.newValue] }

    package init() {}

    package func evaluate(_ input: CredentialInput) -> RuleResult? {
        RuleResult(id: id, status: Self.isBlank(input.newValue) ? .failed : .passed, message: input.context.messages.emptyValue)
    }

    /// Whether `value` is empty or only whitespace.
    package static func isBlank(_ value: String) -> Bool {
        // Most values start with a printable ASCII character: answered from the first byte.
        if let first = value.utf8.first, first > 0x20, first < 0x80 { return false }
        return value.unicodeScalars.allSatisfy { scalar in
            // ASCII without the property lookup: tab to carriage return, and space.
            if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
            return scalar.properties.isWhitespace || scalar == "\u{FEFF}"
        }
    }
}
