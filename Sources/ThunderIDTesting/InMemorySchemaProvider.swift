import ThunderID

/// A ``/ThunderID/UserSchemaProviding`` that answers from memory: for tests, previews and the spec runner.
///
/// Answers come from a queue of responses consumed in order; the last one repeats. It counts the
/// calls, and can hold them (suspend every call until ``release()``) so a test can observe the
/// loading state.
public actor InMemorySchemaProvider: UserSchemaProviding {
    private var responses: [Result<CredentialPolicy, ThunderIDError>]
    private var gate: CallGate

    /// How many times ``credentialPolicy(for:)`` was called.
    public private(set) var callCount = 0
    /// The attributes asked for, in order.
    public private(set) var requestedAttributes: [String] = []

    /// Answers with `responses` in order (the last repeats); holds calls when `holdsResponses`.
    public init(responses: [Result<CredentialPolicy, ThunderIDError>], holdsResponses: Bool = false) {
        precondition(!responses.isEmpty, "InMemorySchemaProvider needs at least one response")
        self.responses = responses
        self.gate = CallGate(holding: holdsResponses)
    }

    /// Always answers `policy`.
    public init(policy: CredentialPolicy, holdsResponses: Bool = false) {
        self.init(responses: [.success(policy)], holdsResponses: holdsResponses)
    }

    /// Always fails with `error`.
    public init(error: ThunderIDError, holdsResponses: Bool = false) {
        self.init(responses: [.failure(error)], holdsResponses: holdsResponses)
    }

    public func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy {
        callCount += 1
        requestedAttributes.append(attribute)
        // Take the answer now, so a later `setResponses` does not change a call already made.
        let response = responses.count > 1 ? responses.removeFirst() : responses[0]
        if gate.isHolding {
            await withCheckedContinuation { gate.park($0) }
        }
        return try response.get()
    }

    /// Replaces the queue of answers for later calls.
    public func setResponses(_ responses: [Result<CredentialPolicy, ThunderIDError>]) {
        precondition(!responses.isEmpty, "InMemorySchemaProvider needs at least one response")
        self.responses = responses
    }

    /// Makes later calls wait until ``release()``.
    public func hold() {
        gate.hold()
    }

    /// Lets every waiting call answer, and later calls answer at once.
    public func release() {
        gate.release()
    }

    /// How many calls are waiting for ``release()``.
    public var waitingCount: Int { gate.waitingCount }
}
