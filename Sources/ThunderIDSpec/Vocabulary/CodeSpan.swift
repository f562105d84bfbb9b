/// A regex written as inline code, `` `^\d{4}$` ``: backslashes are the pattern's own.
enum CodeSpan {
    static func parse(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.count >= 2, trimmed.first == "`", trimmed.last == "`" else { return nil }
        return String(trimmed.dropFirst().dropLast())
    }
}
