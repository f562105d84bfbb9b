import ECMARegex

/// The requests a ``ThunderIDClient`` (and every copy of it) has in flight, so that sign-out can end
/// them all at once, and the deadline that ends each one whatever its work does.
///
/// A request's work (the token call, then the transport) runs in a task of its own. The caller is
/// answered at the first of: the work's own answer, the deadline, the caller's cancellation, or
/// ``cancelAll()``. Work that ignores cancellation (a token provider that never returns, a transport
/// stuck in a system call) is cancelled and left to end on its own: its late answer is dropped.
package final class InFlightRequests: Sendable {
    private let cancellers = Locked<(next: Int, pending: [Int: @Sendable () -> Void])>((0, .init()))

    /// An empty set of requests.
    package init() {}

    /// Ends every request in flight with ``TransportFailure/cancelled``.
    package func cancelAll() {
        let pending = cancellers.withLock { state in
            let pending = state.pending
            state.pending = .init()
            return pending
        }
        for cancel in pending.values { cancel() }
    }

    /// How many requests are in flight.
    package var count: Int { cancellers.withLock { $0.pending.count } }

    /// Runs `work` in a task of its own and answers with its outcome, or with `onDeadline` at
    /// `deadline`, or ``TransportFailure/cancelled`` when the caller is cancelled or ``cancelAll()``
    /// runs, whichever comes first.
    package func run<Value: Sendable>(
        until deadline: ContinuousClock.Instant, onDeadline: ThunderIDError,
        _ work: @escaping @Sendable () async throws(ThunderIDError) -> Value
    ) async throws(ThunderIDError) -> Value {
        let race = Race<Value>()
        let id = cancellers.withLock { state in
            let id = state.next
            state.next += 1
            state.pending[id] = { race.finish(.failure(.transport(.cancelled))) }
            return id
        }
        defer { _ = cancellers.withLock { $0.pending.removeValue(forKey: id) } }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(continuation, deadline: deadline, onDeadline: onDeadline, work: work)
            }
        } onCancel: {
            race.finish(.failure(.transport(.cancelled)))
        }
        return try outcome.get()
    }
}

/// One request's race between its work, its deadline and cancellation: the first to finish answers,
/// once; the others are cancelled.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, ThunderIDError>, Never>?
        var early: Result<Value, ThunderIDError>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<Result<Value, ThunderIDError>, Never>,
               deadline: ContinuousClock.Instant, onDeadline: ThunderIDError,
               work: @escaping @Sendable () async throws(ThunderIDError) -> Value) {
        // Cancelled before the continuation existed: answer at once and start nothing.
        let early = state.withLock { state in
            if state.early == nil { state.continuation = continuation }
            return state.early
        }
        if let early {
            continuation.resume(returning: early)
            return
        }
        let worker = Task { [self] in
            do throws(ThunderIDError) {
                finish(.success(try await work()))
            } catch {
                finish(.failure(error))
            }
        }
        let timer = Task { [self] in
            // Cancelled when the race ends first; a cancelled sleep answers nothing.
            guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
            finish(.failure(onDeadline))
        }
        let finished = state.withLock { state in
            guard state.continuation != nil else { return true }
            state.tasks = [worker, timer]
            return false
        }
        if finished {
            worker.cancel()
            timer.cancel()
        }
    }

    /// Answers with `outcome` unless an answer was already given; cancels the work and the timer.
    func finish(_ outcome: Result<Value, ThunderIDError>) {
        let (continuation, tasks) = state.withLock { state in
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = outcome }
                return (CheckedContinuation<Result<Value, ThunderIDError>, Never>?.none, [Task<Void, Never>]())
            }
            state.continuation = nil
            let tasks = state.tasks
            state.tasks = []
            return (continuation, tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: outcome)
    }
}
