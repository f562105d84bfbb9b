#if canImport(CCurl)
import Foundation

/// ``HTTPTransport`` on libcurl: the transport on Linux.
///
/// Bodies are counted as libcurl decodes them and the transfer stops at the cap, so an endless body
/// or a compression bomb costs one cap of memory. Transfers run on their own worker threads, at most
/// ``CurlTransferGate/defaultMaximumPerHost`` at once per host; the timeout covers the wait and is
/// kept by the awaiting task, so a stuck worker cannot hold the caller. Redirects are not followed,
/// TLS is verified, no proxy is used, and an `https` request is refused while `SSLKEYLOGFILE` is set.
package struct CurlTransport: HTTPTransport {
    /// How long past its deadline a request may wait for a worker that has not returned.
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
