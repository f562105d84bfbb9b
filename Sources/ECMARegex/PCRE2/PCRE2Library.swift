#if PCRE2_BACKEND
import CPCRE2

/// Facts about the linked PCRE2 library that decide how much of its Unicode data the emitter may use.
enum PCRE2Library {
    /// The Unicode version of the linked library's data (`PCRE2_CONFIG_UNICODE_VERSION`), such as "14.0.0".
    static let unicodeVersion: String = {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBytes { bytes in
            pcre2_config_8(UInt32(PCRE2_CONFIG_UNICODE_VERSION), bytes.baseAddress)
        }
        guard length > 1 else { return "" }
        return String(decoding: buffer.prefix(Int(length) - 1), as: UTF8.self)
    }()

    /// Whether the library carries the Unicode data `Tools/regex-tables` measured it with. Only then may the
    /// emitter use PCRE2's caseless matching for literals and its `\p{…}` as a corrected base; with any
    /// other library (for example a newer PCRE2 from a package manager) it spells everything out.
    static let matchesMeasurement: Bool = unicodeVersion == PCRE2CaseDifferences.measuredUnicodeVersion
}
#endif
