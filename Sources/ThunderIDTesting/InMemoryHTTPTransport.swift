import Foundation
import ThunderID

/// An `HTTPTransport` that answers from a closure and remembers what it was sent: for tests
/// and previews that must not open sockets.
///
/// The recorded requests hold bodies (and so credential values) in memory only; the type's
/// `description` shows counts, never bodies.
package final class InMemoryHTTPTransport: HTTPTransport, CustomStringConvertible, @unchecked Sendable {
    /// Produces the answer to one request (or throws a transport failure).
    package typealias Responder = @Sendable (HTTPRequest) async throws(ThunderIDError) -> HTTPResponse

    private let lock = NSLock()
    private var responder: Responder
    private var recorded: [HTTPRequest] = []

    /// A transport that answers every request with `responder`.
    package init(responder: @escaping Responder) {
        self.responder = responder
    }

    /// A transport that answers every request with `response`.
    package convenience init(response: HTTPResponse) {
        self.init { _ throws(ThunderIDError) in response }
    }

    /// Replaces the responder for later requests.
    package func respond(with responder: @escaping Responder) {
        lock.withLock { self.responder = responder }
    }

    /// Every request sent so far, oldest first.
    package var requests: [HTTPRequest] {
        lock.withLock { recorded }
    }

    /// Records `request` and answers it with the responder.
    package func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
        let responder = lock.withLock {
            recorded.append(request)
            return self.responder
        }
        if Task.isCancelled { throw .transport(.cancelled) }
        return try await responder(request)
    }

    /// `InMemoryHTTPTransport(3 requests)`.
    package var description: String {
        "InMemoryHTTPTransport(\(requests.count) requests)"
    }
}
