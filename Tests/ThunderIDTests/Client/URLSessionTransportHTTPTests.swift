// Apple platforms only: URLSessionTransport is not built on Linux (CurlTransport is the transport there).
#if !canImport(CCurl)
import Foundation
import Testing
@testable import ThunderID

/// ``URLSessionTransport`` against the emulator, streaming through its data delegate.
///
/// Each outcome is delivered from `URLSession`'s own queue while the deadline timer and task
/// cancellation race it: an answer, a dropped or reset connection, a server that never answers, a
/// cancelled task and a body past its cap.
@Suite("URLSessionTransport over HTTP", .serialized, .timeLimit(.minutes(3)))
struct URLSessionTransportHTTPTests {
    static let emulator = SharedEmulator()

    static func meta(_ emulator: Emulator, timeout: Duration = .seconds(20),
                     maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes) -> HTTPRequest {
        HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me/meta"),
                    headers: ["Authorization": "Bearer \(emulator.token)"], timeout: timeout,
                    maximumResponseBytes: maximumResponseBytes)
    }

    /// The error `send` throws, or `nil` when it answers.
    static func failure(of transport: URLSessionTransport, _ request: HTTPRequest) async -> ThunderIDError? {
        do throws(ThunderIDError) {
            _ = try await transport.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test("The schema comes back whole with its status and headers")
    func answers() async throws {
        let emulator = try await Self.emulator.fresh()
        let response = try await URLSessionTransport().send(Self.meta(emulator))
        #expect(response.status == 200)
        #expect(response.headers.keys.contains { $0.lowercased() == "content-type" })
        let body = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        #expect(body?["schema"] != nil)
    }

    @Test("A dropped or reset connection is a transport failure, not a hang or a crash",
          arguments: [EmulatorRule.Fault.drop, .reset])
    func brokenConnection(fault: EmulatorRule.Fault) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(fault, on: .meta)]))
        let error = await Self.failure(of: URLSessionTransport(), Self.meta(emulator))
        #expect(error?.transportFailure != nil, "\(fault) gave \(String(describing: error))")
        #expect(error?.transportFailure != .cancelled)
    }

    @Test("A server that accepts and never answers is a timeout at the request's deadline")
    func deadline() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.hang, on: .meta, hangSeconds: 30)]))
        let error = await Self.failure(of: URLSessionTransport(),
                                       Self.meta(emulator, timeout: .milliseconds(300)))
        #expect(error == .transport(.timeout))
    }

    @Test("Cancelling the task that waits for an answer ends it as cancelled")
    func cancellation() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.hang, on: .meta, hangSeconds: 30)]))
        let transport = URLSessionTransport()
        let request = Self.meta(emulator)
        let waiting = Task { await Self.failure(of: transport, request) }
        while try await emulator.stats().requests.meta == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        waiting.cancel()
        #expect(await waiting.value == .transport(.cancelled))
    }

    @Test("Streaming stops a 2xx body at its cap: a gzip bomb is responseTooLarge, decoded bytes counted")
    func streamingCap() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.gzipBomb, on: .meta, inflatedBytes: 1024 * 1024)]))
        let error = await Self.failure(of: URLSessionTransport(),
                                       Self.meta(emulator, maximumResponseBytes: 1000))
        #expect(error == .responseTooLarge(limit: 1000))
    }
}
#endif
