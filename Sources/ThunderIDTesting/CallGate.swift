/// The hold and release of a fake's calls (``InMemorySchemaProvider``, ``ScriptedCredentialUpdater``):
/// while holding, each call parks its continuation here until ``release()`` resumes them all.
///
/// A value owned by the fake's actor: a call checks ``isHolding`` and parks in one step on that
/// actor (`await withCheckedContinuation { gate.park($0) }`), so no release can come between.
struct CallGate {
    /// Whether calls wait for ``release()``.
    private(set) var isHolding: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(holding: Bool) {
        isHolding = holding
    }

    /// How many calls are waiting.
    var waitingCount: Int { waiting.count }

    /// Makes later calls wait.
    mutating func hold() {
        isHolding = true
    }

    /// Keeps a waiting call until ``release()``.
    mutating func park(_ continuation: CheckedContinuation<Void, Never>) {
        waiting.append(continuation)
    }

    /// Resumes every waiting call; later calls go through at once.
    mutating func release() {
        isHolding = false
        let resumed = waiting
        waiting.removeAll()
        for continuation in resumed { continuation.resume() }
    }
}
