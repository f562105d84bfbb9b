// Linux only: CurlTransport is the transport there, and the only one built.
#if canImport(CCurl)
import Foundation
import Testing
@testable import ThunderID

/// How CurlTransport reads hostile and malformed answers from the emulator: an update's 2xx ends it
/// at once, replies that are not HTTP/1.x, oversized header lines and requests.
@Suite("CurlTransport's answers", .serialized, .timeLimit(.minutes(3)))
struct CurlTransportAnswerTests {
    static let emulator = SharedEmulator()

    static func update(_ emulator: Emulator, timeout: Duration = .seconds(20)) -> HTTPRequest {
        HTTPRequest(method: .post, url: emulator.baseURL.appendingPathComponent("users/me/update-credentials"),
                    headers: ["Authorization": "Bearer \(emulator.token)", "Content-Type": "application/json"],
                    body: Data(#"{"attributes":{"password":"Secret-Value-123"}}"#.utf8), timeout: timeout)
    }

    static func meta(_ emulator: Emulator, token: String? = nil, timeout: Duration = .seconds(20)) -> HTTPRequest {
        HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me/meta"),
                    headers: ["Authorization": "Bearer \(token ?? emulator.token)"], timeout: timeout)
    }

    /// What `send` returned or threw.
    static func outcome(of request: HTTPRequest, on transport: CurlTransport = CurlTransport()) async -> Result<HTTPResponse, ThunderIDError> {
        do throws(ThunderIDError) {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    @Test("An update's 2xx ends it as success at once: a body past 8 MiB, a gzip bomb or a stalled body is never read",
          arguments: [EmulatorRule.Fault.endlessBody, .gzipBomb, .stalledBody])
    func updateSuccessEndsAtTheStatus(fault: EmulatorRule.Fault) async throws {
        let emulator = try await Self.emulator.fresh()
        let rule = EmulatorRule.fault(fault, on: .update, status: 200, hangSeconds: 90, inflatedBytes: 64 * 1024 * 1024)
        try await emulator.script(EmulatorScript(rules: [rule]))
        #expect(await Self.outcome(of: Self.update(emulator)) == .success(HTTPResponse(status: 200)))
        // Through the client, with a timeout shorter than waiting for a stalled body's end would take,
        // and long enough for a loaded machine to read a status line.
        try await emulator.script(EmulatorScript(rules: [rule]))
        let client = try emulator.client(timeout: .seconds(30))
        var error: ThunderIDError?
        do throws(ThunderIDError) {
            try await client.updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        } catch let thrown {
            error = thrown
        }
        #expect(error == nil, "the server applied the change, and the client reported \(String(describing: error))")
        #expect(try await emulator.stats().requests.update == 2)
    }

    @Test("A schema's 2xx body is still read whole, within its 8 MiB cap")
    func schemaBodyStillRead() async throws {
        let emulator = try await Self.emulator.fresh()
        var stalled = EmulatorRule.fault(.stalledBody, on: .meta, hangSeconds: 30)
        stalled.times = 1
        try await emulator.script(EmulatorScript(rules: [stalled]))
        #expect(await Self.outcome(of: Self.meta(emulator, timeout: .milliseconds(500))) == .failure(.transport(.timeout)))
        let response = try await CurlTransport().send(Self.meta(emulator))
        #expect(response.status == 200)
        #expect(try UserSchema.decode(response.body).attributeNames.contains("password"))
    }

    @Test("A reply that is not HTTP/1.x is connectionLost, as documented", arguments: [
        "hello, this is HTTP/0.9\n",
        "HTTP/1.2 200 OK\r\nContent-Length: 2\r\n\r\nok",
        "HTTP/1.1 20 OK\r\nContent-Length: 2\r\n\r\nok",
        "HTTP/1.1 abc\r\nContent-Length: 2\r\n\r\nok",
        "HTTP/1.1 200 OK\r\nno colon in this field\r\nContent-Length: 2\r\n\r\nok",
    ])
    func notHTTP(reply: String) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.raw(reply, on: .meta)]))
        #expect(await Self.outcome(of: Self.meta(emulator)) == .failure(.transport(.connectionLost)))
    }

    @Test("A header line of 100 KiB or more is a clear error, not libcurl's out-of-memory")
    func longHeaderLine() async throws {
        let emulator = try await Self.emulator.fresh()
        let reply = "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "a", count: 100 * 1024) + "\r\nContent-Length: 2\r\n\r\n{}"
        try await emulator.script(EmulatorScript(rules: [.raw(reply, on: .meta)]))
        #expect(await Self.outcome(of: Self.meta(emulator))
                == .failure(.transport(.other("the answer has a header line longer than the 100 KiB libcurl reads"))))
    }

    @Test("A request whose header fields pass 256 KiB (a 1 MiB token) is refused unsent with a clear error")
    func oversizedRequest() async throws {
        let emulator = try await Self.emulator.fresh()
        let token = String(repeating: "t", count: 1024 * 1024)
        let expected = ThunderIDError.transport(.other("the request's header fields are 1,048,600 bytes, more than the "
                                                       + "256 KiB (262,144 bytes) a request may carry; it was not sent"))
        #expect(await Self.outcome(of: Self.meta(emulator, token: token)) == .failure(expected))
        #expect(try await emulator.stats().requests.total == 0)
    }

    @Test("A port nobody listens on is offline; the answer to a GET of the real route is read")
    func plainOutcomes() async throws {
        let emulator = try await Self.emulator.fresh()
        let closed = URL(string: "http://127.0.0.1:\(try ClientFaultTests.closedPort())/users/me/meta")!
        #expect(await Self.outcome(of: HTTPRequest(method: .get, url: closed, timeout: .seconds(5))) == .failure(.transport(.offline)))
        let response = try await CurlTransport().send(Self.meta(emulator))
        #expect(response.status == 200)
        #expect(response.header("content-type") == "application/json")
    }
}
#endif
