import ThunderID

/// A ``/ThunderID/CredentialUpdating`` that answers from a script: for tests, previews and the spec runner.
///
/// Outcomes are consumed in order; when the queue is empty, `whenEmpty` answers. It records the
/// attribute and the value's length of each call — never the value — and can hold calls until
/// ``release()`` so a test can observe the submitting state.
public actor ScriptedCredentialUpdater: CredentialUpdating {
    /// How a call ends.
    public enum Outcome: Sendable, Equatable {
        /// The server accepted the change (204).
        case success
        /// The call fails with this error.
        case failure(ThunderIDError)
    }

    /// What a call carried, without the value.
    public struct Call: Sendable, Hashable {
        /// The attribute posted.
        public var attribute: String
        /// The value's length in `Character`s.
        public var valueLength: Int

        /// Creates a call record.
        public init(attribute: String, valueLength: Int) {
            self.attribute = attribute
            self.valueLength = valueLength
        }
    }

    private var outcomes: [Outcome]
    private let whenEmpty: Outcome
    private var gate: CallGate

    /// The calls received, in order.
    public private(set) var calls: [Call] = []

    /// Answers with `outcomes` in order, then `whenEmpty`; holds calls when `holdsResponses`.
    public init(_ outcomes: [Outcome] = [], whenEmpty: Outcome = .success, holdsResponses: Bool = false) {
        self.outcomes = outcomes
        self.whenEmpty = whenEmpty
        self.gate = CallGate(holding: holdsResponses)
    }

    public func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError) {
        calls.append(Call(attribute: attribute, valueLength: newValue.count))
        let outcome = outcomes.isEmpty ? whenEmpty : outcomes.removeFirst()
        if gate.isHolding {
            await withCheckedContinuation { gate.park($0) }
        }
        if case .failure(let error) = outcome { throw error }
    }

    /// Adds an outcome at the end of the queue.
    public func enqueue(_ outcome: Outcome) {
        outcomes.append(outcome)
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
