#if canImport(CCurl)
import ECMARegex
import Foundation

/// ``HTTPTransport`` directly on libcurl: the default transport on Linux.
///
/// Bodies are read as they arrive and never held past their cap: decoded bytes (libcurl inflates
/// gzip and deflate) are counted, and the transfer is aborted at once when a 2xx body passes
/// `HTTPRequest.maximumResponseBytes` (``ThunderIDError/responseTooLarge(limit:)``) or another
/// body passes `HTTPRequest.maximumErrorResponseBytes` (the answer keeps its status and headers
/// with an empty body). So an endless body or a compression bomb costs at most one cap of memory and
/// stops as soon as the cap is reached, not at the timeout.
///
/// Each request runs on a thread of its own, never on the cooperative pool, a shared queue or the
/// main actor. The request's ``HTTPRequest/timeout`` is the transfer's overall deadline
/// (``TransportFailure/timeout``); task cancellation ends it with ``TransportFailure/cancelled``.
/// Redirects are not followed: a 3xx comes back as a response, so a credential body is never re-sent
/// to another location. TLS peers and host names are verified; only `http` and `https` are spoken.
package struct CurlTransport: HTTPTransport {
    /// A transport; it holds no state, and each request gets its own libcurl handle.
    package init() {}

    /// Sends `request`; see the type's documentation for caps, timeouts and cancellation.
    package func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
        if Task.isCancelled { throw .transport(.cancelled) }
        let transfer = CurlTransfer(request)
        let slot = OutcomeSlot()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // The thread is the only place the continuation is resumed, once, after perform() returns.
                let thread = Thread {
                    slot.store(transfer.perform())
                    continuation.resume()
                }
                thread.name = "ThunderID HTTP"
                thread.start()
            }
        } onCancel: {
            transfer.cancel()
        }
        return try slot.load().get()
    }
}

/// The transfer's outcome, handed from its thread to the awaiting task under the package's lock.
///
/// The continuation orders the thread's writes before the task's reads, but ThreadSanitizer does not
/// see that ordering when a thread of our own resumes it: it reported the task reading an error that
/// the transfer thread had just built (an error is boxed). `Locked` is a pthread mutex on Linux, which
/// TSan intercepts, so the same ordering is visible, every access stays checked and nothing is suppressed.
private final class OutcomeSlot: Sendable {
    // Set before it is read: the thread stores the outcome, then resumes the task.
    private let outcome = Locked<Result<HTTPResponse, ThunderIDError>?>(nil)

    func store(_ value: Result<HTTPResponse, ThunderIDError>) {
        outcome.withLock { $0 = value }
    }

    func load() -> Result<HTTPResponse, ThunderIDError> {
        outcome.withLock { $0 } ?? .failure(.transport(.cancelled))
    }
}
#endif
