import Foundation
@testable import ThunderID
import ThunderIDTesting

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

    /// Returns once `count` requests are waiting (or the calling task is cancelled, for
    /// example by a test's time limit).
    func untilWaiting(_ count: Int) async {
        while pending.count < count, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Answers the oldest waiting request with `response`.
    func release(_ response: HTTPResponse) {
        precondition(!pending.isEmpty, "no request is waiting at the gate")
        pending.removeFirst().resume(returning: response)
    }
}
