/// The maximum credential length: checked before any rule runs.
///
/// A value longer than ``maximumLength`` characters (or, whatever its characters, longer than
/// ``maximumUTF8Length`` bytes) is refused on its own: the form fails with the result of id
/// ``lengthRuleID`` and the `ChangeCredentialStrings.Key.tooLong` message, no configured rule
/// runs on it (no regex, no deny list, none of the app's rules), and it is never posted. NIST SP
/// 800-63B asks verifiers to accept at least 64 characters; 4,096 leaves room for any passphrase
/// or pasted key while bounding the work of one keystroke.
extension CredentialInput {
    /// The most characters (`Character`s, grapheme clusters) a value may have: 4,096.
    package static let maximumLength = 4_096

    /// The most UTF-8 bytes a value may have, whatever its characters: 65,536 (16 bytes per
    /// character on average; no ordinary text of ``maximumLength`` characters reaches it). It
    /// bounds the work of counting characters, since a single character may hold any number of
    /// combining marks.
    package static let maximumUTF8Length = 65_536

    /// The id of the length check's result, `"maxLength"`.
    package static let lengthRuleID = "maxLength"

    /// Whether `value` is longer than the maximum credential length. Answers from the byte count
    /// alone for values of up to ``maximumLength`` bytes and beyond ``maximumUTF8Length`` bytes;
    /// otherwise counts at most ``maximumLength`` + 1 characters.
    package static func exceedsMaximumLength(_ value: String) -> Bool {
        // A native String knows its UTF-8 count; a value of at most `maximumLength` bytes has at most
        // that many characters, so the keystroke path never scans the value.
        let bytes = value.utf8.count
        if bytes <= maximumLength { return false }
        if bytes > maximumUTF8Length { return true }
        return boundedLength(value) > maximumLength
    }

    /// `value.count`, saturated at ``maximumLength`` + 1 (which then means "longer than the
    /// maximum"): what the debug event log records. Constant time for a value of more than
    /// ``maximumUTF8Length`` bytes; one pass over the bytes of an ASCII value; at most
    /// ``maximumLength`` + 1 characters counted otherwise.
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
