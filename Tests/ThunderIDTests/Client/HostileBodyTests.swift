import Foundation
import Testing
@testable import ThunderID
import ThunderIDTesting

/// Hostile bodies over real HTTP: an endless chunked body and a gzip bomb stop at the
/// client's caps, counted after decoding, instead of being read whole into memory.
///
/// They run on the platform's streaming transport (``ThunderIDClient/makeDefaultTransport()``: libcurl
/// on Linux). On a transport that reads whole bodies each fails (a timeout after reading an endless
/// body, a decoding error after inflating a bomb, a whole bombed error body read).
///
/// Memory is checked from outside, where a peak can be measured alone:
/// `Tools/emulator/hostile-bodies-check` runs the demo against these answers and
/// fails over 64 MB. Here the caps show as what comes back: the typed error, or a body no longer
/// than the cap.
@Suite("Hostile bodies over HTTP", .serialized)
struct HostileBodyTests {
    static let emulator = SharedEmulator()

    /// What the bombs inflate to in these tests: far past both caps, and quick for the emulator to build.
    static let bombBytes = 64 * 1024 * 1024
    /// Longer than a capped read takes on a loaded machine, far shorter than reading the whole answer.
    static let timeout = Duration.seconds(60)

    @Test("An endless chunked schema body stops at 8 MiB with responseTooLarge, not at the timeout")
    func endlessSchemaBody() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.endlessBody, on: .meta, hangSeconds: 60)]))
        let error = await #expect(throws: ThunderIDError.self) {
            _ = try await emulator.client(timeout: Self.timeout).getUserSchema()
        }
        #expect(error == .responseTooLarge(limit: 8 * 1024 * 1024), "got \(String(describing: error))")
        #expect(try await emulator.stats().requests.meta == 1)
    }

    @Test("A gzip bomb as the schema stops at 8 MiB of inflated bytes with responseTooLarge")
    func gzipBombSchema() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.gzipBomb, on: .meta, inflatedBytes: Self.bombBytes)]))
        let error = await #expect(throws: ThunderIDError.self) {
            _ = try await emulator.client(timeout: Self.timeout).getUserSchema()
        }
        #expect(error == .responseTooLarge(limit: 8 * 1024 * 1024), "got \(String(describing: error))")
        // The transport itself stops at the cap (a transport that inflates the whole bomb returns it as a 200).
        let request = HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me/meta"),
                                  headers: ["Authorization": "Bearer \(emulator.token)"], timeout: Self.timeout)
        let transportError = await #expect(throws: ThunderIDError.self) {
            _ = try await ThunderIDClient.makeDefaultTransport().send(request)
        }
        #expect(transportError == .responseTooLarge(limit: 8 * 1024 * 1024), "got \(String(describing: transportError))")
    }

    @Test("A gzip bomb as the 400 of the update is server(400): the status stays, the body is dropped")
    func gzipBombErrorBody() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.gzipBomb, on: .update, inflatedBytes: Self.bombBytes)]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client(timeout: Self.timeout).updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error == .server(ServerError(status: 400)), "got \(String(describing: error))")
    }

    @Test("The transport reads no more of a bombed or endless error body than 64 KiB", arguments: [
        EmulatorRule.Fault.gzipBomb, .endlessBody,
    ])
    func errorBodyAtTheTransport(fault: EmulatorRule.Fault) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(fault, on: .update, hangSeconds: 60, inflatedBytes: Self.bombBytes)]))
        let request = HTTPRequest(method: .post, url: emulator.baseURL.appendingPathComponent("users/me/update-credentials"),
                                  headers: ["Authorization": "Bearer \(emulator.token)", "Content-Type": "application/json"],
                                  body: Data(#"{"attributes":{"password":"x"}}"#.utf8), timeout: Self.timeout)
        let response = try await ThunderIDClient.makeDefaultTransport().send(request)
        #expect(response.status == 400)
        #expect(response.body.count <= ServerError.maximumBodyBytes, "read \(response.body.count) bytes")
    }

    @Test("Normal answers still arrive whole through the streaming transport")
    func normalAnswers() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(fixture: "pin", rules: [.error("USR-1024", on: .update)]))
        let client = try emulator.client(timeout: Self.timeout)
        let schema = try await client.getUserSchema()
        #expect(schema.attributeNames.contains("pin"))
        let error = await #expect(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "pin", newValue: "1234")
        }
        #expect(error?.serverError?.code == "USR-1024")
        #expect(error?.serverError?.message == "Invalid request format")
    }
}

/// The caps hold for any transport: the client checks what a transport returns.
@Suite("Body caps in the client")
struct ClientBodyCapTests {
    static func client(answering response: HTTPResponse) throws -> ThunderIDClient {
        let config = try ThunderIDConfig(baseUrl: "https://id.example.test", accessToken: { "token" })
        return ThunderIDClient(config: config, transport: InMemoryHTTPTransport(response: response))
    }

    @Test("A 2xx body one byte over 8 MiB is responseTooLarge; one at 8 MiB is read")
    func successCap() async throws {
        let over = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                body: Data(repeating: 0x20, count: HTTPRequest.defaultMaximumResponseBytes + 1))
        let error = await #expect(throws: ThunderIDError.self) { _ = try await Self.client(answering: over).getUserSchema() }
        #expect(error == .responseTooLarge(limit: HTTPRequest.defaultMaximumResponseBytes))
        var body = Data(#"{"schema":{}}"#.utf8)
        body.append(Data(repeating: 0x20, count: HTTPRequest.defaultMaximumResponseBytes - body.count))
        let atCap = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        #expect(try await Self.client(answering: atCap).getUserSchema().attributeNames.isEmpty)
    }

    @Test("An error body over 64 KiB is dropped and the error keeps its status and Retry-After")
    func errorCap() async throws {
        var body = Data(#"{"code":"USR-1024","message":"x"}"#.utf8)
        body.append(Data(repeating: 0x20, count: ServerError.maximumBodyBytes))
        let response = HTTPResponse(status: 429, headers: ["Retry-After": "7"], body: body)
        let error = await #expect(throws: ThunderIDError.self) {
            try await Self.client(answering: response).updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error == .server(ServerError(status: 429, retryAfter: 7)))
    }

    @Test("responseTooLarge reads as a sentence naming the cap, and maps to the unexpected-answer message")
    func responseTooLargeText() {
        let error = ThunderIDError.responseTooLarge(limit: 8 * 1024 * 1024)
        #expect(error.description == "ThunderID's answer is larger than the 8 MiB (8,388,608 bytes) the client reads; the rest was not read.")
        #expect(ThunderIDError.responseTooLarge(limit: 1000).description
                == "ThunderID's answer is larger than the 1,000 bytes the client reads; the rest was not read.")
        #expect(DefaultErrorMessageMapping().messageKey(for: error) == .errorDecoding)
        #expect(DefaultErrorMessageMapping().message(for: error, strings: .english, credential: "Password")
                == "The server sent an unexpected response. Try again later.")
    }
}
