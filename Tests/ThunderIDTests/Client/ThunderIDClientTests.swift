import Foundation
import Testing
@testable import ThunderID
import ThunderIDTesting

/// The client over an in-memory transport: the requests it builds and how it reads answers,
/// without sockets.
@Suite("ThunderIDClient in memory")
struct ThunderIDClientTests {
    static func client(_ transport: InMemoryHTTPTransport, token: @escaping ThunderIDConfig.AccessTokenProvider = { "tok-123" },
                       timeout: Duration = .seconds(120)) throws -> ThunderIDClient {
        ThunderIDClient(config: try ThunderIDConfig(baseUrl: "https://id.example.com/t/acme", requestTimeout: timeout,
                                                    accessToken: token),
                        transport: transport)
    }

    @Test("getUserSchema sends GET {baseUrl}/users/me/meta with Bearer, Accept and the timeout")
    func schemaRequest() async throws {
        let transport = InMemoryHTTPTransport(response: try Canned.fixture("person"))
        let schema = try await Self.client(transport).getUserSchema()
        #expect(schema == (try Canned.schema("person")))
        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "https://id.example.com/t/acme/users/me/meta")
        #expect(request.header("authorization") == "Bearer tok-123")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("Content-Type") == nil)
        #expect(request.body == nil)
        // The time left of the configured 120 s once the token arrived.
        #expect(request.timeout <= .seconds(120) && request.timeout > .seconds(60))
    }

    @Test("updateUserCredentials sends POST with a JSON body and no value in the URL")
    func updateRequest() async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        try await Self.client(transport).updateUserCredentials(attribute: "pin", newValue: "98&76=54")
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://id.example.com/t/acme/users/me/update-credentials")
        #expect(!request.url.absoluteString.contains("98"))
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == "Bearer tok-123")
        let body = try JSONParser.parse(try #require(request.body))
        #expect(body == .object([("attributes", .object([("pin", .string("98&76=54"))]))]))
    }

    @Test("Any 2xx answer to update-credentials is success; its body is ignored", arguments: [200, 201, 202, 204])
    func updateSuccessStatuses(status: Int) async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: status, body: Data("not json".utf8)))
        try await Self.client(transport).updateUserCredentials(attribute: "password", newValue: "value-1")
    }

    @Test("A 3xx answer is an error, not followed", arguments: [301, 302, 307, 308])
    func redirectsAreErrors(status: Int) async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: status, headers: ["Location": "https://elsewhere.test"]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await Self.client(transport).updateUserCredentials(attribute: "password", newValue: "value-1")
        }
        #expect(error == .server(ServerError(status: status)))
    }

    @Test("The schema answer's content type: JSON variants pass, others fail at the body", arguments: [
        ("application/json", true), ("application/json; charset=utf-8", true), ("Application/JSON", true),
        ("application/problem+json", true), ("text/html", false), ("text/plain; charset=utf-8", false),
    ])
    func contentTypes(contentType: String, accepted: Bool) async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(
            status: 200, headers: ["Content-Type": contentType], body: try Canned.fixture("person").body))
        let client = try Self.client(transport)
        let result: Result<UserSchema, ThunderIDError>
        do throws(ThunderIDError) {
            result = .success(try await client.getUserSchema())
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success: #expect(accepted)
        case .failure(let error):
            #expect(!accepted)
            #expect(error == .decoding(DecodingFailure(path: "", reason: "expected a JSON body, got Content-Type \"\(contentType)\"")))
        }
    }

    @Test("A schema answer without Content-Type is parsed anyway")
    func missingContentType() async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 200, body: try Canned.fixture("pin").body))
        #expect(try await Self.client(transport).getUserSchema()["pin"]?.isCredential == true)
    }

    @Test("A transport failure passes through unchanged", arguments: [
        TransportFailure.offline, .timeout, .tls, .cancelled, .connectionLost, .other("URL error -1"),
    ])
    func transportFailures(failure: TransportFailure) async throws {
        let transport = InMemoryHTTPTransport { _ throws(ThunderIDError) in throw .transport(failure) }
        let error = await #expect(throws: ThunderIDError.self) { try await Self.client(transport).getUserSchema() }
        #expect(error == .transport(failure))
    }

    @Test("A failing token provider gives .tokenUnavailable and sends nothing")
    func tokenProviderFails() async throws {
        struct Expired: Error {}
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        let error = await #expect(throws: ThunderIDError.self) {
            try await Self.client(transport, token: { throw Expired() }).updateUserCredentials(attribute: "password", newValue: "v-1")
        }
        guard case .tokenUnavailable(let reason)? = error else {
            Issue.record("expected .tokenUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the access-token provider failed"))
        #expect(transport.requests.isEmpty)
    }

    @Test("An empty token, a token with a line break, or a provider's ThunderIDError are reported as such")
    func badTokens() async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        await #expect(throws: ThunderIDError.tokenUnavailable("the access-token provider returned an empty token")) {
            try await Self.client(transport, token: { "  " }).updateUserCredentials(attribute: "password", newValue: "v-1")
        }
        await #expect(throws: ThunderIDError.tokenUnavailable("the access-token provider returned a token with a line break")) {
            try await Self.client(transport, token: { "a\r\nX-Injected: 1" }).getUserSchema()
        }
        await #expect(throws: ThunderIDError.transport(.offline)) {
            try await Self.client(transport, token: { throw ThunderIDError.transport(.offline) }).getUserSchema()
        }
        await #expect(throws: ThunderIDError.transport(.cancelled)) {
            try await Self.client(transport, token: { throw CancellationError() }).getUserSchema()
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("Cancellation before sending gives .cancelled and sends nothing")
    func cancelledBeforeSending() async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        let client = try Self.client(transport)
        let task = Task { () async -> ThunderIDError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ThunderIDError) {
                try await client.updateUserCredentials(attribute: "password", newValue: "v-1")
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value == .transport(.cancelled))
        #expect(transport.requests.isEmpty)
    }

    @Test("An answer that arrives after cancellation is reported as .cancelled, not success")
    func answerAfterCancellation() async throws {
        let gate = ResponseGate()
        let transport = gate.transport()
        let client = try Self.client(transport)
        let task = Task { () async -> ThunderIDError? in
            do throws(ThunderIDError) {
                try await client.updateUserCredentials(attribute: "password", newValue: "v-1")
                return nil
            } catch {
                return error
            }
        }
        await gate.untilWaiting(1)
        task.cancel()
        await gate.release(HTTPResponse(status: 204))
        // Sent, then given up: the server may have applied it.
        #expect(await task.value == .updateUnconfirmed(.cancelled))
    }
}
