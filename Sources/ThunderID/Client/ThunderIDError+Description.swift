import Foundation

// Developer-facing sentences; none holds a credential value.

extension ThunderIDError: CustomStringConvertible {
    /// One sentence for a developer: what failed, with the status, server code and message if any.
    public var description: String {
        switch self {
        case .configuration(let problem):
            return "ThunderID configuration is invalid: \(problem)."
        case .tokenUnavailable(let reason):
            return "No access token for ThunderID: \(reason)."
        case .server(let error):
            return error.sentence
        case .transport(let failure):
            return "The request to ThunderID got no answer: \(failure)."
        case .updateUnconfirmed(let failure):
            return "The credential update was sent, but ThunderID's answer never arrived (\(failure)); the server may have applied it."
        case .decoding(let failure):
            return "ThunderID's answer does not match the contract: \(failure)."
        case .responseTooLarge(let limit):
            return "ThunderID's answer is larger than the \(Self.format(bytes: limit)) the client reads; the rest was not read."
        }
    }

    /// `8 MiB (8,388,608 bytes)`, `64 KiB (65,536 bytes)`, `100 bytes`.
    static func format(bytes: Int) -> String {
        // Thousands separated by commas, by hand: the developer's locale does not change a log line.
        var digits = Array(String(bytes.magnitude))
        var exact = ""
        while digits.count > 3 {
            exact = "," + String(digits.suffix(3)) + exact
            digits.removeLast(3)
        }
        exact = (bytes < 0 ? "-" : "") + String(digits) + exact
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(unit) (\(exact) bytes)"
        }
        return bytes == 1 ? "1 byte" : "\(exact) bytes"
    }
}

extension ServerError: CustomStringConvertible {
    /// One sentence for a developer: `ThunderID answered HTTP 400 (USR-1024): Invalid request format.`
    public var description: String { sentence }

    var sentence: String {
        var text = "ThunderID answered HTTP \(status)"
        if let code { text += " (\(code))" }
        var parts = [message, detail]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { $0.hasSuffix(".") ? $0 : $0 + "." }
        if parts.count == 2, parts[0] == parts[1] { parts.removeLast() }
        if parts.isEmpty {
            text += " with no error message."
        } else {
            text += ": " + parts.joined(separator: " ")
        }
        if let retryAfter {
            text += " Retry after \(Self.format(seconds: retryAfter)) s."
        }
        return text
    }

    private static func format(seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}

extension TransportFailure: CustomStringConvertible {
    /// A short sentence naming the failure.
    public var description: String {
        switch self {
        case .offline: "the device is offline or the host cannot be reached"
        case .timeout: "the request timed out"
        case .tls: "the secure connection (TLS) failed"
        case .cancelled: "the request was cancelled"
        case .connectionLost: "the connection was lost before the full answer arrived"
        case .other(let detail): detail
        }
    }
}

extension DecodingFailure: CustomStringConvertible {
    /// `schema.password.credential: expected a boolean`, or the reason alone for the whole body.
    public var description: String {
        path.isEmpty ? reason : "\(path): \(reason)"
    }
}
