import Foundation

/// Sends one HTTP request and returns the answer, whatever its status.
///
/// The contract every transport keeps (`CurlTransport`, `URLSessionTransport`, and
/// `InMemoryHTTPTransport` in `ThunderIDTesting`): every failure below HTTP is
/// ``ThunderIDError/transport(_:)``, task cancellation is ``TransportFailure/cancelled``, a body is
/// read only up to its cap (counted after content decoding; see `HTTPRequest`), and a request whose
/// 2xx body is ``HTTPRequest/SuccessBody/ignored`` ends at its 2xx status.
package protocol HTTPTransport: Sendable {
    /// Sends `request`. Any HTTP status is a returned response, not an error.
    func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse
}

/// An HTTP request as the client builds it. Its description and mirror show the body's length and
/// redact the `Authorization` header.
package struct HTTPRequest: Sendable {
    package enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    /// What the transport does with the body of a 2xx answer.
    package enum SuccessBody: Sendable {
        /// Read it, up to ``HTTPRequest/maximumResponseBytes``.
        case read
        /// Do not read it: a 2xx status ends the request at once, with no body (and, on libcurl, no headers).
        case ignored
    }

    package let method: Method
    /// The absolute URL. The client never puts a credential value in it.
    package let url: URL
    /// Header fields, by name as written.
    package let headers: [String: String]
    /// The body, when there is one. May hold a credential value: never log it.
    package let body: Data?
    package let timeout: Duration
    /// The most bytes of a 2xx body read, after content decoding; past it the transfer stops with
    /// ``ThunderIDError/responseTooLarge(limit:)``.
    package let maximumResponseBytes: Int
    /// The most bytes of any other body read, after content decoding; past it the answer keeps its
    /// status and headers with an empty body.
    package let maximumErrorResponseBytes: Int
    /// Whether a 2xx body is read: by default ``SuccessBody/read`` for a `GET` and ``SuccessBody/ignored``
    /// for a `POST`, whose 2xx status alone says the change was applied.
    package let successBody: SuccessBody

    /// The most bytes of request header fields (names, values, `": "` and line ends): 256 KiB. A
    /// transport refuses a larger request unsent.
    package static let maximumHeaderBytes = 256 * 1024

    /// 8 MiB: the largest `/users/me/meta` body read, the JSON reader's document cap.
    package static let defaultMaximumResponseBytes = 8 * 1024 * 1024

    package init(method: Method, url: URL, headers: [String: String] = .init(), body: Data? = nil, timeout: Duration = .seconds(30),
                maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes,
                maximumErrorResponseBytes: Int = ServerError.maximumBodyBytes, successBody: SuccessBody? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.maximumErrorResponseBytes = maximumErrorResponseBytes
        self.successBody = successBody ?? (method == .post ? .ignored : .read)
    }

    /// The error for header fields over ``maximumHeaderBytes``, thrown before sending; `nil` within it.
    package var oversizedHeaders: ThunderIDError? {
        var bytes = 0
        for (name, value) in headers {
            bytes += name.utf8.count + value.utf8.count + 4
        }
        guard bytes > Self.maximumHeaderBytes else { return nil }
        return .transport(.other("the request's header fields are \(ThunderIDError.format(bytes: bytes)), more than the "
                                 + "\(ThunderIDError.format(bytes: Self.maximumHeaderBytes)) a request may carry; it was not sent"))
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `POST https://…/users/me/update-credentials (body 42 bytes)`; never the body itself.
    package var description: String {
        "\(method.rawValue) \(url.absoluteString) (body \(body?.count ?? 0) bytes)"
    }

    /// The description plus header names; the `Authorization` value is redacted.
    package var debugDescription: String {
        "\(description) headers: \(redactedHeaderLines.joined(separator: ", "))"
    }

    /// What `dump()` shows: lengths and redactions, never secrets.
    package var customMirror: Mirror {
        Mirror(self, children: [
            "method": method.rawValue,
            "url": url.absoluteString,
            "headers": redactedHeaderLines,
            "bodyLength": body?.count ?? 0,
            "timeout": "\(timeout)",
        ], displayStyle: .struct)
    }

    /// `name: value` for every header, by name; the `Authorization` value is `<redacted>`.
    private var redactedHeaderLines: [String] {
        Array(headers.keys).sorted().map { name in
            let value = name.caseInsensitiveCompare("Authorization") == .orderedSame ? "<redacted>" : headers[name] ?? ""
            return "\(name): \(value)"
        }
    }
}

/// An HTTP answer: status, headers and body.
package struct HTTPResponse: Sendable {
    package let status: Int
    /// Header fields with lower-cased names.
    package let headers: [String: String]
    package var body: Data

    /// A response; header names are lower-cased.
    package init(status: Int, headers: [String: String] = .init(), body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    package var isSuccess: Bool { (200..<300).contains(status) }
}
