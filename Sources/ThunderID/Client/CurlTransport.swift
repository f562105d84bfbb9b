#if canImport(CCurl)
import Foundation

/// ``HTTPTransport`` directly on libcurl: the default transport on Linux, and the only one built
/// there (swift-corelibs-foundation's `URLSession` traps on a chunked answer with trailer fields).
///
/// Bodies are read as they arrive and never held past their cap: decoded bytes (libcurl inflates
/// gzip and deflate) are counted, and the transfer is aborted at once when a 2xx body passes
/// `HTTPRequest.maximumResponseBytes` (``ThunderIDError/responseTooLarge(limit:)``) or another
/// body passes `HTTPRequest.maximumErrorResponseBytes` (the answer keeps its status and headers
/// with an empty body). So an endless body or a compression bomb costs at most one cap of memory and
/// stops as soon as the cap is reached, not at the timeout. A request whose 2xx body is ignored (a
/// `POST`) ends at its 2xx status line, with that status alone. Trailer fields are never headers.
///
/// Transfers run on worker threads of their own, never on the cooperative pool, a shared queue or
/// the main actor, at most ``CurlTransferGate/defaultMaximumPerHost`` at once to a host; the rest wait
/// their turn. The request's ``HTTPRequest/timeout`` covers the wait and the transfer
/// (``TransportFailure/timeout``), and is kept by the awaiting task itself (plus a short grace), so a
/// worker that cannot start or never returns cannot hold the caller past it. Task cancellation ends
/// the request at once with ``TransportFailure/cancelled``.
///
/// Redirects are not followed: a 3xx comes back as a response, so a credential body is never re-sent
/// to another location. TLS peers and host names are verified; only `http` and `https` are spoken. No
/// proxy is used, whatever the environment says. An `https` request is refused, unsent, while
/// `SSLKEYLOGFILE` is set, since libcurl would write the session's secrets to that file. A request
/// whose header fields pass ``HTTPRequest/maximumHeaderBytes`` is refused unsent.
package struct CurlTransport: HTTPTransport {
    /// How long past its deadline a request may take to end when its worker does not return by then.
    static let grace = Duration.milliseconds(500)

    private let gate: CurlTransferGate

    /// A transport on the process's shared gate; each request gets its own libcurl handle.
    package init() {
        self.init(gate: .shared)
    }

    /// A transport whose transfers go through `gate` (tests, and the test emulator's admin calls).
    init(gate: CurlTransferGate) {
        self.gate = gate
    }

    /// Sends `request`; see the type's documentation for caps, timeouts and cancellation.
    package func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
        if Task.isCancelled { throw .transport(.cancelled) }
        if let refusal = Self.refusal(of: request) { throw refusal }
        let deadline = ContinuousClock.now + request.timeout
        let transfer = CurlTransfer(request, deadline: deadline)
        let gate = gate
        let outcome = await withTaskGroup(of: Result<HTTPResponse, ThunderIDError>.self) { group in
            group.addTask { await gate.run(transfer) }
            group.addTask {
                // The deadline held here, not on the worker: whichever ends first is the outcome.
                try? await Task.sleep(until: deadline + Self.grace, clock: .continuous)
                return .failure(.transport(Task.isCancelled ? .cancelled : .timeout))
            }
            let first = await group.next() ?? .failure(.transport(.cancelled))
            group.cancelAll()
            return first
        }
        return try outcome.get()
    }

    /// Why `request` must not be sent at all, if it must not.
    static func refusal(of request: HTTPRequest) -> ThunderIDError? {
        if let oversized = request.oversizedHeaders { return oversized }
        if request.url.scheme?.lowercased() == "https", CurlGlobal.writesTLSSecrets {
            return .transport(.other("SSLKEYLOGFILE is set, so libcurl would write the connection's TLS secrets to a file; "
                                     + "the request was not sent"))
        }
        return nil
    }
}
#endif
