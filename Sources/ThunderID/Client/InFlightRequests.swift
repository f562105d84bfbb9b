import ECMARegex

/// The requests a ``ThunderIDClient`` and its copies have in flight, so sign-out can end them all.
///
/// Each request's work runs in a task of its own and the caller is answered at the first of: its
/// answer, its deadline, cancellation or ``cancelAll()``. Work that ignores cancellation is left to
/// end on its own; its late answer is dropped.
package final class InFlightRequests: Sendable {
    private let cancellers = Locked<(next: Int, pending: [Int: @Sendable () -> Void])>((0, .init()))

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

    package var count: Int { cancellers.withLock { $0.pending.count } }

    /// Runs `work` and answers with its outcome; or, `limit` after the work started (time waiting for a
    /// thread does not count), with `onDeadline()`; or with ``TransportFailure/cancelled`` on
    /// cancellation or ``cancelAll()``.
    package func run<Value: Sendable>(
        limit: Duration, onDeadline: @escaping @Sendable () -> ThunderIDError,
        _ work: @escaping @Sendable (_ started: ContinuousClock.Instant) async throws(ThunderIDError) -> Value
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
                race.start(continuation, limit: limit, onDeadline: onDeadline, work: work)
            }
        } onCancel: {
            race.finish(.failure(.transport(.cancelled)))
        }
        return try outcome.get()
    }
}

/// One request's race between its work, its deadline and cancellation: the first answers, once.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, ThunderIDError>, Never>?
        var early: Result<Value, ThunderIDError>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<Result<Value, ThunderIDError>, Never>,
               limit: Duration, onDeadline: @escaping @Sendable () -> ThunderIDError,
               work: @escaping @Sendable (ContinuousClock.Instant) async throws(ThunderIDError) -> Value) {
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
            let started = ContinuousClock.now
            let timer = Task { [self] in
                // Cancelled when the race ends first; a cancelled sleep answers nothing.
                guard (try? await Task.sleep(until: started + limit, clock: .continuous)) != nil else { return }
                finish(.failure(onDeadline()))
            }
            guard keep(timer) else { return }
            do throws(ThunderIDError) {
                finish(.success(try await work(started)))
            } catch {
                finish(.failure(error))
            }
        }
        guard keep(worker) else { return }
    }

    /// Keeps `task` to cancel when the race ends; cancels it at once (`false`) if it already ended.
    private func keep(_ task: Task<Void, Never>) -> Bool {
        let running = state.withLock { state in
            guard state.continuation != nil else { return false }
            state.tasks.append(task)
            return true
        }
        if !running { task.cancel() }
        return running
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
