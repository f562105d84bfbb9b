import Foundation
import Testing
@testable import ThunderID
import ThunderIDTesting

/// Errors read as sentences for a developer, and no printed form ever carries a credential value.
@Suite("Error descriptions and secrecy")
struct ThunderIDErrorDescriptionTests {
    @Test("Each error reads as a sentence with status, code and server message", arguments: [
        (ThunderIDError.server(ServerError(status: 400, code: "USR-1024", message: "Invalid request format",
                                           detail: "Invalid credential fields in request")),
         "ThunderID answered HTTP 400 (USR-1024): Invalid request format. Invalid credential fields in request."),
        (.server(ServerError(status: 429, retryAfter: 30)), "ThunderID answered HTTP 429 with no error message. Retry after 30 s."),
        (.server(ServerError(status: 503, retryAfter: 1.5)), "ThunderID answered HTTP 503 with no error message. Retry after 1.5 s."),
        (.server(ServerError(status: 401, code: "AUTH-4010", message: "Unauthorized")), "ThunderID answered HTTP 401 (AUTH-4010): Unauthorized."),
        (.server(ServerError(status: 403, code: "SSE-4030", message: "Unauthorized", detail: "Unauthorized.")),
         "ThunderID answered HTTP 403 (SSE-4030): Unauthorized."),
        (.server(ServerError(status: 404, detail: "User not found")), "ThunderID answered HTTP 404: User not found."),
        (.transport(.offline), "The request to ThunderID got no answer: the device is offline or the host cannot be reached."),
        (.transport(.timeout), "The request to ThunderID got no answer: the request timed out."),
        (.transport(.tls), "The request to ThunderID got no answer: the secure connection (TLS) failed."),
        (.transport(.cancelled), "The request to ThunderID got no answer: the request was cancelled."),
        (.transport(.connectionLost), "The request to ThunderID got no answer: the connection was lost before the full answer arrived."),
        (.decoding(DecodingFailure(path: "", reason: "expected a JSON body, got Content-Type \"text/html\"")),
         "ThunderID's answer does not match the contract: expected a JSON body, got Content-Type \"text/html\"."),
        (.configuration("baseUrl must use https, not \"ftp\""), "ThunderID configuration is invalid: baseUrl must use https, not \"ftp\"."),
        (.tokenUnavailable("the access-token provider returned an empty token"),
         "No access token for ThunderID: the access-token provider returned an empty token."),
        (.responseTooLarge(limit: 65_536),
         "ThunderID's answer is larger than the 64 KiB (65,536 bytes) the client reads; the rest was not read."),
    ])
    func sentences(error: ThunderIDError, sentence: String) {
        #expect(error.description == sentence)
        #expect("\(error)" == sentence)
    }

    @Test("Every error from a credential update, across statuses and failures, omits the value")
    func updateErrorsOmitValue() async throws {
        let secret = "Tr0ub4dor&3-unique-marker"
        let answers: [Result<HTTPResponse, ThunderIDError>] = [
            .success(HTTPResponse(status: 400, body: Data(#"{"code":"USR-1024","message":"Invalid request format"}"#.utf8))),
            .success(HTTPResponse(status: 500, body: Data("<html>oops</html>".utf8))),
            .success(HTTPResponse(status: 429, headers: ["Retry-After": "3"])),
            .failure(.transport(.timeout)),
            .failure(.transport(.connectionLost)),
        ]
        for answer in answers {
            let transport = InMemoryHTTPTransport { _ throws(ThunderIDError) in try answer.get() }
            let client = ThunderIDClient(config: try Canned.config(), transport: transport)
            let error = await #expect(throws: ThunderIDError.self) {
                try await client.updateUserCredentials(attribute: "password", newValue: secret)
            }
            let printed = [error.map { "\($0)" }, error.map { String(reflecting: $0) }, error.map { dumped($0) }].compactMap { $0 }
            #expect(printed.count == 3)
            #expect(printed.allSatisfy { !$0.contains(secret) })
            // The transport saw the value (in the body only), and never in its URL.
            let request = try #require(transport.requests.first)
            #expect(!request.url.absoluteString.contains(secret))
        }
    }

    @Test("A request prints its body length, never the body or the token")
    func requestRedaction() throws {
        let secret = "Tr0ub4dor&3-unique-marker"
        let request = HTTPRequest(method: .post, url: URL(string: "https://id.example.com/users/me/update-credentials")!,
                                  headers: ["Authorization": "Bearer token-marker-42", "Content-Type": "application/json"],
                                  body: Data(#"{"attributes":{"password":"\#(secret)"}}"#.utf8))
        let printed = ["\(request)", String(reflecting: request), dumped(request)]
        for text in printed {
            #expect(!text.contains(secret))
            #expect(!text.contains("token-marker-42"))
        }
        #expect(request.description == "POST https://id.example.com/users/me/update-credentials (body 55 bytes)")
        #expect(String(reflecting: request).contains("Authorization: <redacted>"))
        #expect(dumped(request).contains("bodyLength"))
    }

    @Test("The in-memory transport prints counts, not bodies")
    func inMemoryDescription() async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        try await ThunderIDClient(config: try Canned.config(), transport: transport)
            .updateUserCredentials(attribute: "password", newValue: "value-marker")
        #expect("\(transport)" == "InMemoryHTTPTransport(1 requests)")
    }

    private func dumped<T>(_ value: T) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
