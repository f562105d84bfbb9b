// Bounds on the schema's texts: a `displayName` fills every message of the flow and a
// `description` is the requirement hint, and only the 8 MiB body cap bounds them on the wire.

extension SchemaAttribute {
    /// The most characters a `displayName` keeps: 256. A longer one is cut at a character
    /// (grapheme cluster) boundary and ends in `…`.
    package static let maximumDisplayNameLength = 256

    /// The most characters a `description` (the requirement hint) keeps: 1,024. A longer one is
    /// cut at a character (grapheme cluster) boundary and ends in `…`.
    package static let maximumDescriptionLength = 1_024

    /// `text` when it has at most `maximum` characters; else its first `maximum - 1` characters
    /// followed by `…`, so the result has `maximum` characters and never ends inside a grapheme
    /// cluster.
    ///
    /// Bounded work whatever the length of `text`: constant for `maximum` bytes or fewer, else at
    /// most 16 × `maximum` Unicode scalars are read (a character may hold any number of combining
    /// marks; one that would not end within them is dropped whole).
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
            // The window may end inside a grapheme cluster: its last character is dropped. Every
            // earlier boundary is a boundary of `text` too (a boundary depends only on what
            // precedes it and the scalar after it, both inside the window).
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
