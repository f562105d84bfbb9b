import ECMARegex
import Foundation

/// Talks to ThunderID's self-service user API: reads the user type schema and updates a credential.
///
/// Each call asks the configuration's token provider for a bearer token and sends one request
/// through the platform's transport (URLSession on Apple platforms, libcurl on Linux). Credential
/// values travel only in the request body: never in a URL, a log line or an error.
public struct ThunderIDClient: CredentialUpdating {
    package let config: ThunderIDConfig
    package let transport: any HTTPTransport
    /// The requests in flight, shared by every copy (``ThunderIDState/signOut()`` ends them).
    package let requests = InFlightRequests()

    /// The most UTF-8 bytes of an access token: 16 KiB. A longer one is refused as
    /// ``ThunderIDError/tokenUnavailable(_:)`` before any request.
    public static let maximumAccessTokenBytes = 16 * 1024

    /// How long past ``ThunderIDConfig/requestTimeout`` a call may take when the token provider or the
    /// transport overruns it: 2 seconds.
    package static let deadlineGrace: Duration = .seconds(2)

    /// A client for `config`, on the platform's streaming transport.
    public init(config: ThunderIDConfig) {
        self.init(config: config, transport: nil)
    }

    /// A client for `config`, on `transport` (`makeDefaultTransport()` when `nil`).
    package init(config: ThunderIDConfig, transport: (any HTTPTransport)?) {
        self.config = config
        self.transport = transport ?? Self.makeDefaultTransport()
    }

    /// `GET {baseUrl}/users/me/meta`: the signed-in user's type schema.
    ///
    /// - Throws: ``ThunderIDError/server(_:)`` for a non-2xx answer, ``ThunderIDError/decoding(_:)``
    ///   for a body that is not the contract (naming the JSON path),
    ///   ``ThunderIDError/responseTooLarge(limit:)`` past 8 MiB, ``ThunderIDError/transport(_:)``
    ///   when no answer arrives, ``ThunderIDError/tokenUnavailable(_:)`` when the app has no token.
    package func getUserSchema() async throws(ThunderIDError) -> UserSchema {
        try await send(.get, path: "users/me/meta", body: nil) { response throws(ThunderIDError) in
            guard response.isSuccess else { throw .server(ServerError(response: response)) }
            if let contentType = response.header("Content-Type"), !Self.isJSON(contentType) {
                throw .decoding(DecodingFailure(path: "", reason: "expected a JSON body, got Content-Type \"\(contentType)\""))
            }
            return try UserSchema.decode(response.body)
        }
    }

    /// `POST {baseUrl}/users/me/update-credentials` with `{"attributes": {attribute: newValue}}`.
    ///
    /// Any 2xx status is a success; its body is never read. The whole call, the token included, ends
    /// within ``ThunderIDConfig/requestTimeout`` (plus 2 seconds' grace when something overruns it).
    ///
    /// - Throws: ``ThunderIDError/server(_:)`` with the server's code and messages (an error body over
    ///   64 KiB is not read); ``ThunderIDError/updateUnconfirmed(_:)`` when the request was sent but no
    ///   answer arrived (the server may have applied the change); ``ThunderIDError/transport(_:)`` when
    ///   it could not be sent; ``ThunderIDError/tokenUnavailable(_:)`` without a usable token. No error
    ///   carries the token or `newValue`.
    public func updateUserCredentials(attribute: String = "password", newValue: String) async throws(ThunderIDError) {
        let body: Data
        do {
            body = try JSONEncoder().encode(["attributes": [attribute: newValue]])
        } catch {
            // Only reachable for strings JSON cannot carry; say so without the value.
            throw .configuration("the credential update body could not be encoded")
        }
        try await send(.post, path: "users/me/update-credentials", body: body, secret: newValue) { response throws(ThunderIDError) in
            guard response.isSuccess else { throw .server(ServerError(response: response)) }
        }
    }

    /// Sends one request within the configuration's timeout (the token first, then the transport with
    /// the time left) and reads the answer with `read`. Errors are scrubbed of the token and `secret`.
    private func send<Value>(_ method: HTTPRequest.Method, path: String, body: Data?, secret: String? = nil,
                             reading read: (HTTPResponse) throws(ThunderIDError) -> Value) async throws(ThunderIDError) -> Value {
        let sent = SharedValue(false)
        let tokenHolder = SharedValue<String?>(nil)
        let url = config.url(for: path)
        let config = config, transport = transport
        // Past the deadline without a token, the provider never answered; with one, the transport overran.
        let onDeadline: @Sendable () -> ThunderIDError = {
            tokenHolder.value == nil ? Self.tokenTimeout(config) : .transport(.timeout)
        }
        do throws(ThunderIDError) {
            let response = try await requests.run(limit: config.requestTimeout + Self.deadlineGrace, onDeadline: onDeadline) {
                started async throws(ThunderIDError) -> HTTPResponse in
                let token = try await Self.accessToken(config)
                tokenHolder.value = token
                var headers = [
                    "Authorization": "Bearer \(token)",
                    "Accept": "application/json",
                ]
                if body != nil { headers["Content-Type"] = "application/json" }
                // The transport gets what is left of the timeout once the token arrived.
                let remaining = started + config.requestTimeout - ContinuousClock.now
                guard remaining > .zero else { throw Self.tokenTimeout(config) }
                let request = HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: remaining)
                if Task.isCancelled { throw .transport(.cancelled) }
                sent.value = true
                var response = try await transport.send(request)
                // An answer that arrives after the caller gave up is not reported as a success.
                if Task.isCancelled { throw .transport(.cancelled) }
                // The caps hold for any transport, not only for one that reads incrementally.
                if response.isSuccess, request.successBody == .read, response.body.count > request.maximumResponseBytes {
                    throw .responseTooLarge(limit: request.maximumResponseBytes)
                }
                if !response.isSuccess, response.body.count > request.maximumErrorResponseBytes {
                    response.body = Data()
                }
                return response
            }
            return try read(response)
        } catch {
            var error = error
            // Only a 2xx answer has this cap: to an update the status is the answer, the body is not needed.
            if method == .post, case .responseTooLarge = error { return try read(HTTPResponse(status: 200)) }
            if method == .post, sent.value, case .transport(let failure) = error {
                switch failure {
                case .timeout, .connectionLost, .cancelled: error = .updateUnconfirmed(failure)
                case .offline, .tls, .other: break
                }
            }
            let secrets = [tokenHolder.value, secret].compactMap { $0 }
            throw secrets.isEmpty ? error : SecretScrubber(secrets: secrets).scrub(error)
        }
    }

    /// The provider's token, checked, or ``ThunderIDError/tokenUnavailable(_:)``.
    private static func accessToken(_ config: ThunderIDConfig) async throws(ThunderIDError) -> String {
        if Task.isCancelled { throw .transport(.cancelled) }
        let token: String
        do {
            token = try await config.accessToken()
        } catch is CancellationError {
            throw .transport(.cancelled)
        } catch let error as ThunderIDError {
            throw error
        } catch {
            // The provider's error type and code, not its text: it may quote a token.
            let nsError = error as NSError
            throw .tokenUnavailable("the access-token provider failed (\(nsError.domain) error \(nsError.code))")
        }
        return try checked(token)
    }

    private static func tokenTimeout(_ config: ThunderIDConfig) -> ThunderIDError {
        .tokenUnavailable("the access-token provider did not answer within \(config.requestTimeout)")
    }

    /// `token` trimmed, or ``ThunderIDError/tokenUnavailable(_:)`` when it is empty, too long, or holds
    /// a control character (a header cannot carry one).
    static func checked(_ token: String) throws(ThunderIDError) -> String {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw .tokenUnavailable("the access-token provider returned an empty token")
        }
        guard trimmed.utf8.count <= maximumAccessTokenBytes else {
            throw .tokenUnavailable("the access-token provider returned a token longer than \(maximumAccessTokenBytes) bytes")
        }
        guard !trimmed.contains(where: { $0.isNewline || $0 == "\r" }) else {
            throw .tokenUnavailable("the access-token provider returned a token with a line break")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }) else {
            throw .tokenUnavailable("the access-token provider returned a token with a control character")
        }
        return trimmed
    }

    private static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}

/// What the request's task sets and the caller reads once the race is over: whether the request
/// reached the transport, and the token (to scrub errors of it).
private final class SharedValue<Value: Sendable>: Sendable {
    private let stored: Locked<Value>
    init(_ value: Value) { stored = Locked(value) }
    var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
