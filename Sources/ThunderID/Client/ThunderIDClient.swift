import Foundation

/// Talks to ThunderID's self-service user API: reads the user type schema and updates a
/// credential.
///
/// Each call asks the configuration's token provider for a bearer token, sends one request
/// through the platform's streaming transport (URLSession on Apple platforms, libcurl on Linux) and maps every
/// outcome to a value or a typed ``ThunderIDError``. Credential values travel only in the
/// request body: never in a URL, a log line or an error.
public struct ThunderIDClient: CredentialUpdating {
    /// The configuration the client was built with.
    package let config: ThunderIDConfig
    /// The transport requests go through.
    package let transport: any HTTPTransport

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
    /// - Throws: ``ThunderIDError/server(_:)`` for a non-2xx answer,
    ///   ``ThunderIDError/decoding(_:)`` for a 2xx body that is not JSON or not the contract
    ///   (naming the JSON path), ``ThunderIDError/responseTooLarge(limit:)`` for a 2xx body over
    ///   8 MiB (`HTTPRequest.defaultMaximumResponseBytes`, counted after content decoding),
    ///   ``ThunderIDError/transport(_:)`` when no answer arrives, and
    ///   ``ThunderIDError/tokenUnavailable(_:)`` when the app has no token.
    package func getUserSchema() async throws(ThunderIDError) -> UserSchema {
        let response = try await send(.get, path: "users/me/meta", body: nil)
        guard response.isSuccess else { throw .server(ServerError(response: response)) }
        if let contentType = response.header("Content-Type"), !Self.isJSON(contentType) {
            throw .decoding(DecodingFailure(path: "", reason: "expected a JSON body, got Content-Type \"\(contentType)\""))
        }
        return try UserSchema.decode(response.body)
    }

    /// `POST {baseUrl}/users/me/update-credentials` with `{"attributes": {attribute: newValue}}`.
    ///
    /// Success is `204 No Content` (any 2xx is accepted and its body ignored, up to the 8 MiB cap).
    ///
    /// - Throws: ``ThunderIDError/server(_:)`` with the server's code, message and description
    ///   (for example `400 USR-1024`; an error body over 64 KiB, `ServerError.maximumBodyBytes`, is
    ///   not read and the error keeps the status), ``ThunderIDError/responseTooLarge(limit:)`` for a
    ///   2xx body over 8 MiB, ``ThunderIDError/transport(_:)`` when no answer arrives,
    ///   ``ThunderIDError/tokenUnavailable(_:)`` when the app has no token.
    public func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError) {
        let body: Data
        do {
            body = try JSONEncoder().encode(["attributes": [attribute: newValue]])
        } catch {
            // Only reachable for strings JSON cannot carry; say so without the value.
            throw .configuration("the credential update body could not be encoded")
        }
        let response = try await send(.post, path: "users/me/update-credentials", body: body)
        // The body may quote the value back; it never leaves in an error.
        guard response.isSuccess else { throw SecretScrubber(secrets: [newValue]).scrub(.server(ServerError(response: response))) }
    }

    private func send(_ method: HTTPRequest.Method, path: String, body: Data?) async throws(ThunderIDError) -> HTTPResponse {
        let token = try await accessToken()
        var headers = [
            "Authorization": "Bearer \(token)",
            "Accept": "application/json",
        ]
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPRequest(method: method, url: config.url(for: path), headers: headers, body: body,
                                  timeout: config.requestTimeout)
        if Task.isCancelled { throw .transport(.cancelled) }
        var response = try await transport.send(request)
        // An answer that arrives after the caller gave up is not reported as a success.
        if Task.isCancelled { throw .transport(.cancelled) }
        // The caps hold for any transport, not only for one that reads incrementally.
        if response.isSuccess, response.body.count > request.maximumResponseBytes {
            throw .responseTooLarge(limit: request.maximumResponseBytes)
        }
        if !response.isSuccess, response.body.count > request.maximumErrorResponseBytes {
            response.body = Data()
        }
        return response
    }

    private func accessToken() async throws(ThunderIDError) -> String {
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
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw .tokenUnavailable("the access-token provider returned an empty token")
        }
        guard !trimmed.contains(where: { $0.isNewline || $0 == "\r" }) else {
            throw .tokenUnavailable("the access-token provider returned a token with a line break")
        }
        return trimmed
    }

    private static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}
