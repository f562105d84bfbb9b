// Indirect, so an error is one reference to copy rather than a `ServerError`-sized value in every case.

/// Everything that can go wrong talking to ThunderID. Each case reads as a sentence for a developer
/// (``description``) and never carries a credential value.
public indirect enum ThunderIDError: Error, Sendable, Equatable {
    /// The configuration cannot be used (for example a non-https `baseUrl`).
    case configuration(String)
    /// The app's access-token provider failed or returned no token.
    case tokenUnavailable(String)
    /// The server answered with a non-success status.
    case server(ServerError)
    /// The request never produced an HTTP answer.
    case transport(TransportFailure)
    /// A credential update was sent but no answer arrived (timeout, dropped connection, or cancellation
    /// such as sign-out): the server may have applied it. Retrying with the same value is safe.
    case updateUnconfirmed(TransportFailure)
    /// The server answered 2xx but the body is not what the contract says.
    case decoding(DecodingFailure)
    /// A 2xx body longer than `limit` bytes after content decoding: the rest was not read.
    case responseTooLarge(limit: Int)
}

/// A non-success answer from the server, with what its error body said.
public struct ServerError: Sendable, Equatable {
    /// HTTP status code.
    public var status: Int
    /// The server's error code, such as `USR-1024` or `AUTH-4010`, when the body carried one.
    public var code: String?

    /// The error codes ThunderID itself answers these endpoints with: never an echo of a typed value, so
    /// the scrubber keeps them.
    package static let knownCodes: Set<String> = [
        "AUTH-4010", "SSE-4030", "SSE-5000", "USR-1001", "USR-1003", "USR-1017", "USR-1018", "USR-1021",
        "USR-1024", "USR-1025", "USR-1029", "USR-5000", "USRS-1002",
    ]
    /// The body's `message` (its `defaultValue` when it is an i18n object).
    public var message: String?
    /// The body's `description` (its `defaultValue` when it is an i18n object), named `detail` so that
    /// ``description`` is the sentence for a developer.
    public var detail: String?
    /// Seconds from a `Retry-After` header, when present.
    public var retryAfter: Double?
    /// The i18n key of the body's `message`, when it was an i18n object.
    package var messageKey: String?
    /// The i18n key of the body's `description` (``detail``), when it was an i18n object.
    package var detailKey: String?

    /// A server error; every field but the status is optional because bodies may be empty or not JSON.
    public init(status: Int, code: String? = nil, message: String? = nil, detail: String? = nil, retryAfter: Double? = nil,
                messageKey: String? = nil, detailKey: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.detail = detail
        self.retryAfter = retryAfter
        self.messageKey = messageKey
        self.detailKey = detailKey
    }
}

/// A failure below HTTP: no answer was received.
public enum TransportFailure: Sendable, Equatable {
    /// No network connection, or the host cannot be reached.
    case offline
    /// The request timed out.
    case timeout
    /// TLS negotiation or certificate validation failed.
    case tls
    /// The request was cancelled (task cancellation or sign-out).
    case cancelled
    /// The connection dropped before a full answer arrived.
    case connectionLost
    /// Anything else the transport reported, described for a developer.
    case other(String)
}

/// A response body that does not match the contract, with the JSON path where decoding stopped.
public struct DecodingFailure: Sendable, Equatable {
    /// JSON path such as `schema.password.regex`.
    public let path: String
    /// What was wrong at `path`.
    public let reason: String

    /// A failure at `path` (empty for the body as a whole) because of `reason`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
