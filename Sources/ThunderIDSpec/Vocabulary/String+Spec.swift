// Small text helpers shared by the spec readers.

extension String {
    /// The rest of the string after `prefix` (case-insensitive), trimmed; `nil` without the prefix.
    func dropPrefix(_ prefix: String) -> String? {
        guard lowercased().hasPrefix(prefix.lowercased()) else { return nil }
        return String(dropFirst(prefix.count)).trimmingWhitespace()
    }

    /// Lower-cased, without spaces, dashes or underscores: `Schema Resolved` and `schemaResolved` agree.
    var squashed: String {
        String(lowercased().filter { $0 != " " && $0 != "_" && $0 != "-" })
    }
}

extension String {
    /// The string without the given characters at either end, then without spaces.
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(trimmingWhitespace())
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice).trimmingWhitespace()
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice.removeLast() }
        return String(slice)
    }
}

extension String {
    /// The text with every double-quoted part replaced by `"…"`, for echoing a cell in an error
    /// message without printing a typed value.
    var redactingQuotes: String {
        var result = ""
        var quoted = false
        for character in self {
            if character == "\"" {
                if !quoted { result += "\"…\"" }
                quoted.toggle()
            } else if !quoted {
                result.append(character)
            }
        }
        return result
    }
}
