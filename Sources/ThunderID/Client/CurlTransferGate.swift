#if canImport(CCurl)
import ECMARegex
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs `CurlTransport`'s transfers, each on a worker thread of its own, at most ``maximumPerHost``
/// at once per scheme, host and port; the others wait in order.
///
/// A caller is answered when its worker returns, when it is cancelled (a waiting transfer leaves the
/// line), or when no thread could be started; a host's turn passes on only when a worker has really
/// returned, so the bound counts live threads and connections.
final class CurlTransferGate: Sendable {
    static let shared = CurlTransferGate()

    /// Few enough that a burst costs a handful of threads and descriptors, enough that the schema and an
    /// update never wait on each other.
    static let defaultMaximumPerHost = 4

    let maximumPerHost: Int

    /// Starts a worker: returns 0, or the error number when no thread could be started.
    typealias ThreadStarter = @Sendable (@escaping @Sendable () -> Void) -> Int32

    private let startThread: ThreadStarter
    private let hosts = Locked<[String: Line]>(.init())

    /// A gate with `maximumPerHost` (at least 1); tests replace `startThread` to stand for a system that
    /// cannot start a thread or never runs it.
    init(maximumPerHost: Int = CurlTransferGate.defaultMaximumPerHost,
         startThread: @escaping ThreadStarter = WorkerThread.start) {
        self.maximumPerHost = max(1, maximumPerHost)
        self.startThread = startThread
    }

    /// Runs `transfer` in its turn; cancellation answers ``TransportFailure/cancelled`` at once while a
    /// running worker is told to stop.
    func run(_ transfer: CurlTransfer) async -> Result<HTTPResponse, ThunderIDError> {
        let completion = TransferCompletion()
        let ticket = Ticket(transfer: transfer, completion: completion)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                completion.wait(continuation)
                admit(ticket)
            }
        } onCancel: {
            transfer.cancel()
            withdraw(ticket)
            completion.finish(.failure(.transport(.cancelled)))
        }
        return completion.outcome
    }

    /// How many transfers to `host` run now and how many wait (for tests).
    func load(of host: String) -> (running: Int, waiting: Int) {
        hosts.withLock { hosts in (hosts[host]?.running ?? 0, hosts[host]?.waiting.count ?? 0) }
    }

    private struct Ticket: Sendable {
        let transfer: CurlTransfer
        let completion: TransferCompletion
    }

    private struct Line: Sendable {
        var running = 0
        var waiting: [Ticket] = []
    }

    /// Starts `ticket` now if its host has room, else puts it in the host's line.
    private func admit(_ ticket: Ticket) {
        let host = ticket.transfer.hostKey
        let startsNow = hosts.withLock { hosts in
            // Cancelled before it got here: nothing to run.
            guard !ticket.completion.isFinished else { return false }
            var line = hosts[host] ?? Line()
            defer { hosts[host] = line }
            guard line.running < maximumPerHost else {
                line.waiting.append(ticket)
                return false
            }
            line.running += 1
            return true
        }
        if startsNow { start(ticket, host: host) }
    }

    /// Starts `first` on a worker; when no thread starts, ends it with the error and moves on to the next.
    private func start(_ first: Ticket, host: String) {
        var next: Ticket? = first
        while let ticket = next {
            let result = startThread { [self] in
                ticket.completion.finish(ticket.transfer.perform())
                if let following = handOver(host) { start(following, host: host) }
            }
            if result == 0 { return }
            let reason = String(cString: strerror(result))
            ticket.completion.finish(.failure(.transport(.other("no thread could be started for the request (\(reason))"))))
            next = handOver(host)
        }
    }

    /// A finished transfer's place: given to the first in line still waiting, or freed.
    private func handOver(_ host: String) -> Ticket? {
        hosts.withLock { hosts in
            guard var line = hosts[host] else { return nil }
            defer { hosts[host] = line.running == 0 && line.waiting.isEmpty ? nil : line }
            while !line.waiting.isEmpty {
                let ticket = line.waiting.removeFirst()
                if !ticket.completion.isFinished { return ticket }
            }
            line.running -= 1
            return nil
        }
    }

    /// Takes `ticket` out of its host's line, if it still waits there.
    private func withdraw(_ ticket: Ticket) {
        let host = ticket.transfer.hostKey
        hosts.withLock { hosts in
            guard var line = hosts[host] else { return }
            line.waiting.removeAll { $0.transfer === ticket.transfer }
            hosts[host] = line.running == 0 && line.waiting.isEmpty ? nil : line
        }
    }
}
#endif
