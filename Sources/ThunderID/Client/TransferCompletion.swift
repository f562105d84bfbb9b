import ECMARegex

/// The outcome of one transfer, set once by whichever ends it first (the transport, a deadline, a
/// cancellation), and the waiting task's continuation. It is handed over under a lock (not through
/// the continuation) so ThreadSanitizer sees the ordering.
final class TransferCompletion: Sendable {
    private struct State {
        var outcome: Result<HTTPResponse, ThunderIDError>?
        var continuation: CheckedContinuation<Void, Never>?
    }

    private let state = Locked<State>(State())

    var isFinished: Bool {
        state.withLock { $0.outcome != nil }
    }

    /// The outcome once the waiting task was resumed (cancelled, if none was set).
    var outcome: Result<HTTPResponse, ThunderIDError> {
        state.withLock { $0.outcome } ?? .failure(.transport(.cancelled))
    }

    /// Resumes `continuation` when the outcome is set, or now if it already is.
    func wait(_ continuation: CheckedContinuation<Void, Never>) {
        let finished = state.withLock { state in
            guard state.outcome == nil else { return true }
            state.continuation = continuation
            return false
        }
        if finished { continuation.resume() }
    }

    /// Sets the outcome unless one is set, and resumes the waiting task.
    func finish(_ outcome: Result<HTTPResponse, ThunderIDError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
