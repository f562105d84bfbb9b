import Foundation

/// JSON string literals for the `--jsonl` answer and request lines, written by Foundation's `JSONEncoder`
/// (`json-bench`: 0.96× the hand-written quoter it replaced, 1.1× the package's own `JSONValue` writer).
public enum JSONText {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    /// `text` as a JSON string literal: quotes, backslashes and control characters are escaped, so the
    /// literal never spans lines; everything else is kept as it is (U+2028 and U+2029 too, which
    /// `JSON.parse` and every JSON reader accept).
    public static func quote(_ text: String) -> String {
        // Encoding a String cannot fail (only non-finite floating-point values can).
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
