/// Splits a cell into its comma-separated items, keeping commas inside parentheses and quotes.
enum PhraseList {
    static func split(_ text: String, separator: Character = ",") -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if !quoted {
                if character == "(" { depth += 1 }
                if character == ")" { depth = max(0, depth - 1) }
                if character == separator && depth == 0 {
                    items.append(current.trimmingWhitespace())
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        let last = current.trimmingWhitespace()
        if !last.isEmpty || !items.isEmpty { items.append(last) }
        return items.filter { !$0.isEmpty }
    }

    /// `name (payload)` or `name: payload` → (name, payload); payload is `nil` when absent.
    static func nameAndPayload(_ text: String) -> (name: String, payload: String?) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") {
            let name = String(trimmed[..<open]).trimmingWhitespace()
            let payload = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            return (name, payload.trimmingWhitespace())
        }
        if let colon = trimmed.firstIndex(of: ":") {
            return (String(trimmed[..<colon]).trimmingWhitespace(),
                    String(trimmed[trimmed.index(after: colon)...]).trimmingWhitespace())
        }
        return (trimmed, nil)
    }

    /// Whether a cell says "nothing": empty, `—`, `-` or `none`.
    static func isNone(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace().lowercased()
        return trimmed.isEmpty || trimmed == "—" || trimmed == "-" || trimmed == "none" || trimmed == "–"
    }

    /// The text between the first pair of double quotes, with `\"` and `\\` unescaped.
    static func quoted(_ text: String) -> String? {
        guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { return nil }
        return String(text[text.index(after: open)..<close])
    }
}
