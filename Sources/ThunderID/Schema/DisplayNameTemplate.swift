import Foundation

/// A `displayName` as stored: plain text, or text with i18n placeholders `{{t(key)}}`.
struct DisplayNameTemplate {
    /// A piece of the stored text.
    enum Piece {
        case text(String)
        case key(String)
    }

    /// The pieces in order; nil when the text has `{{` … `}}` that is not a `t(key)` call.
    let pieces: [Piece]?

    init(_ raw: String) {
        var pieces: [Piece] = []
        var rest = Substring(raw)
        var malformed = false
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                malformed = true
                break
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if inner.hasPrefix("t("), inner.hasSuffix(")"), inner.count > 3 {
                let key = inner.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces)
                if key.isEmpty { malformed = true; break }
                pieces.append(.key(key))
            } else {
                malformed = true
                break
            }
            rest = rest[close.upperBound...]
        }
        if !malformed, !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = malformed ? nil : pieces
    }

    /// The text with every key resolved, or nil when the template is malformed or a key is unknown.
    func resolve(with resolver: some DisplayNameResolving) -> String? {
        guard let pieces else { return nil }
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .key(let key):
                guard let text = resolver.text(forKey: key) else { return nil }
                result += text
            }
        }
        return result
    }
}
