/// The maximum credential length: checked before any rule runs.
///
/// A value longer than ``maximumLength`` characters or ``maximumUTF8Length`` bytes fails with the
/// result ``lengthRuleID`` and the `tooLong` message, runs no configured rule and is never posted.
/// 4,096 leaves room for any passphrase or pasted key (NIST SP 800-63B asks for at least 64) while
/// bounding the work of one keystroke.
extension CredentialInput {
    /// The most characters (`Character`s, grapheme clusters) a value may have: 4,096.
    package static let maximumLength = 4_096

    /// The most UTF-8 bytes a value may have: 65,536. It bounds the work of counting characters,
    /// since one character may hold any number of combining marks.
    package static let maximumUTF8Length = 65_536

    /// The id of the length check's result, `"maxLength"`.
    package static let lengthRuleID = "maxLength"

    /// Whether `value` is longer than the maximum credential length; counts at most
    /// ``maximumLength`` + 1 characters, and none when the byte count answers.
    package static func exceedsMaximumLength(_ value: String) -> Bool {
        // A native String knows its UTF-8 count, so the keystroke path never scans the value.
        let bytes = value.utf8.count
        if bytes <= maximumLength { return false }
        if bytes > maximumUTF8Length { return true }
        return boundedLength(value) > maximumLength
    }

    /// `value.count`, saturated at ``maximumLength`` + 1 ("longer than the maximum"): what the
    /// debug event log records. Counts at most ``maximumLength`` + 1 characters.
    package static func boundedLength(_ value: String) -> Int {
        let bytes = value.utf8.count
        if bytes > maximumUTF8Length { return maximumLength + 1 }
        // ASCII: every byte is a character except that "\r\n" is one.
        let ascii: Int? = value.utf8.withContiguousStorageIfAvailable { bytes in
            var pairs = 0
            var previous: UInt8 = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x0A && previous == 0x0D { pairs += 1 }
                previous = byte
            }
            return bytes.count - pairs
        } ?? nil
        if let ascii { return min(ascii, maximumLength + 1) }
        var count = 0
        for _ in value {
            count += 1
            if count > maximumLength { break }
        }
        return count
    }

    /// Whether either value is longer than the maximum credential length.
    var exceedsMaximumLength: Bool {
        Self.exceedsMaximumLength(newValue) || Self.exceedsMaximumLength(confirmation)
    }

    /// The failed result of the length check, with its message from the context.
    var lengthFailure: RuleResult {
        RuleResult(id: Self.lengthRuleID, status: .failed, message: context.messages.tooLong)
    }
}
