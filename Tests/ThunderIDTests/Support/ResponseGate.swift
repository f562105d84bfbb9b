import Foundation
@testable import ThunderID

/// Holds requests of an ``InMemoryHTTPTransport`` until the test releases them, so tests can
/// act while a request is in flight (sign out, refresh, cancel) without timing.
actor ResponseGate {
    private var pending: [CheckedContinuation<HTTPResponse, Never>] = []
    private var opened: HTTPResponse?

    /// A transport whose every request waits at this gate.
    nonisolated func transport() -> InMemoryHTTPTransport {
        InMemoryHTTPTransport { _ throws(ThunderIDError) in await self.wait() }
    }

    /// Suspends until ``release(_:)`` hands over an answer.
    func wait() async -> HTTPResponse {
        if let opened { return opened }
        return await withCheckedContinuation { pending.append($0) }
    }

    /// Answers every waiting request, and every later one at once, with `response`.
    func open(_ response: HTTPResponse) {
        opened = response
        let waiting = pending
        pending = []
        for continuation in waiting { continuation.resume(returning: response) }
    }

    /// How many requests are waiting.
    var waiting: Int { pending.count }

    /// Returns once `count` requests are waiting.
    func untilWaiting(_ count: Int) async {
        while pending.count < count {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Answers the oldest waiting request with `response`.
    func release(_ response: HTTPResponse) {
        precondition(!pending.isEmpty, "no request is waiting at the gate")
        pending.removeFirst().resume(returning: response)
    }
}

/// Canned answers for in-memory tests.
enum Canned {
    /// `200` with the fixture `Tools/emulator/fixtures/<name>.json` as a JSON body.
    static func fixture(_ name: String) throws -> HTTPResponse {
        let body = try Data(contentsOf: PackageRoot.file("Tools/emulator/fixtures/\(name).json"))
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A decoded fixture.
    static func schema(_ name: String) throws -> UserSchema {
        try UserSchema.decode(fixture(name).body)
    }

    /// `500 SSE-5000` with the server's body.
    static let serverFailure = HTTPResponse(
        status: 500, headers: ["Content-Type": "application/json"],
        body: Data(#"{"code":"SSE-5000","message":{"key":"error.internal_server_error","defaultValue":"Internal server error"}}"#.utf8))

    /// A configuration for a server that does not exist (in-memory transports only).
    static func config() throws -> ThunderIDConfig {
        try ThunderIDConfig(baseUrl: "https://id.example.test", accessToken: { "in-memory-token" })
    }
}
