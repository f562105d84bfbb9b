// Bounds on the schema's texts, which fill every message of the flow and the requirement hint.

extension SchemaAttribute {
    /// The most characters a `displayName` keeps: 256; a longer one is cut and ends in `…`.
    package static let maximumDisplayNameLength = 256

    /// The most characters a `description` keeps: 1,024; a longer one is cut and ends in `…`.
    package static let maximumDescriptionLength = 1_024

    /// `text`, or its first `maximum - 1` characters and `…` when longer, never cutting a grapheme
    /// cluster. Bounded: at most 16 × `maximum` scalars are read (a character whose marks run past that
    /// is dropped whole).
    static func capped(_ text: String, maximum: Int) -> String {
        guard maximum > 0 else { return "" }
        // Every character has at least one byte.
        if text.utf8.count <= maximum { return text }
        let window = 16 * maximum
        let scalars = text.unicodeScalars
        let windowEnd = scalars.index(scalars.startIndex, offsetBy: window, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let isWhole = windowEnd == scalars.endIndex
        var head = String(scalars[..<windowEnd])
        if !isWhole {
            // The window may end inside a cluster: its last character is dropped. Earlier boundaries are
            // boundaries of `text` too, since a boundary depends only on its neighbours.
            _ = head.popLast()
        }
        guard let cut = head.index(head.startIndex, offsetBy: maximum, limitedBy: head.endIndex) else {
            // Fewer than `maximum` whole characters: all of `text` fitted (or the window was cut).
            return isWhole ? text : head + "…"
        }
        if cut == head.endIndex, isWhole { return text }
        return String(head[..<head.index(before: cut)]) + "…"
    }
}
