import ThunderID

/// How a ``ThunderIDError`` is written in a spec: `server 400 USR-1024`, `429`, `offline`,
/// `timeout`, `tls`, `cancelled`, `connection lost`, `transport: <text>`, `unconfirmed <failure>`
/// (an update sent but not answered, such as `unconfirmed timeout`),
/// `decoding at <path>: <reason>`, `configuration: <text>`, `token unavailable: <text>`,
/// `response too large` (the 8 MiB default cap) or `response too large: <bytes>`.
///
/// A server error may end with `retry after <seconds>`. Server messages are not written in specs.
public enum ErrorPhrase {
    /// Reads an error phrase; `nil` when the words are not an error.
    public static func parse(_ text: String) -> ThunderIDError? {
        let phrase = text.trimmingWhitespace()
        if let rest = phrase.dropPrefix("unconfirmed ") {
            guard case .transport(let failure)? = parse(rest) else { return nil }
            return .updateUnconfirmed(failure)
        }
        let lower = phrase.lowercased()
        switch lower {
        case "offline": return .transport(.offline)
        case "timeout", "timed out": return .transport(.timeout)
        case "tls": return .transport(.tls)
        case "cancelled", "canceled": return .transport(.cancelled)
        case "connection lost": return .transport(.connectionLost)
        case "configuration": return .configuration("invalid")
        case "token unavailable": return .tokenUnavailable("no token")
        case "decoding": return .decoding(DecodingFailure(path: "schema", reason: "unexpected shape"))
        case "response too large": return .responseTooLarge(limit: HTTPRequest.defaultMaximumResponseBytes)
        default: break
        }
        if let rest = phrase.dropPrefix("response too large:") {
            guard let limit = Int(rest), limit >= 0 else { return nil }
            return .responseTooLarge(limit: limit)
        }
        if let rest = phrase.dropPrefix("transport:") { return .transport(.other(rest)) }
        if let rest = phrase.dropPrefix("configuration:") { return .configuration(rest) }
        if let rest = phrase.dropPrefix("token unavailable:") { return .tokenUnavailable(rest) }
        if let rest = phrase.dropPrefix("decoding at ") {
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            return .decoding(DecodingFailure(path: String(rest[..<colon]).trimmingWhitespace(),
                                             reason: String(rest[rest.index(after: colon)...]).trimmingWhitespace()))
        }
        var words = phrase.split(separator: " ").map(String.init)
        if words.first?.lowercased() == "server" { words.removeFirst() }
        guard let statusWord = words.first, let status = Int(statusWord), (100...599).contains(status) else { return nil }
        words.removeFirst()
        var retryAfter: Double?
        if words.count >= 3, words[words.count - 3].lowercased() == "retry", words[words.count - 2].lowercased() == "after" {
            // A decimal number (no `nan`, `inf`, hex or leading sign) that is finite once read.
            let word = words[words.count - 1]
            guard let first = word.unicodeScalars.first, "0"..."9" ~= first,
                  word.unicodeScalars.allSatisfy({ "0"..."9" ~= $0 || ".eE+-".unicodeScalars.contains($0) }),
                  let seconds = Double(word), seconds.isFinite else { return nil }
            retryAfter = seconds
            words.removeLast(3)
        }
        guard words.count <= 1 else { return nil }
        return .server(ServerError(status: status, code: words.first, retryAfter: retryAfter))
    }

    private static func format(_ failure: TransportFailure) -> String {
        switch failure {
        case .offline: return "offline"
        case .timeout: return "timeout"
        case .tls: return "tls"
        case .cancelled: return "cancelled"
        case .connectionLost: return "connection lost"
        case .other(let text): return "transport: \(text)"
        }
    }

    /// `30`, `2.5`, `1e+19`: whole numbers below 10^15 as integers, anything else as Swift writes a
    /// Double (which reads back exactly); never an integer conversion that could trap.
    static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }

    /// Writes `error` the way a spec would (the inverse of ``parse(_:)`` for errors specs can hold).
    public static func format(_ error: ThunderIDError) -> String {
        switch error {
        case .server(let server):
            var text = "server \(server.status)"
            if let code = server.code { text += " \(code)" }
            if let retry = server.retryAfter {
                text += " retry after \(formatSeconds(retry))"
            }
            return text
        case .transport(let failure):
            return format(failure)
        case .updateUnconfirmed(let failure):
            return "unconfirmed \(format(failure))"
        case .decoding(let failure): return "decoding at \(failure.path): \(failure.reason)"
        case .configuration(let text): return "configuration: \(text)"
        case .tokenUnavailable(let text): return "token unavailable: \(text)"
        case .responseTooLarge(let limit): return "response too large: \(limit)"
        }
    }
}
