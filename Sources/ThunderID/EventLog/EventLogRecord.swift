import Foundation

/// One line of the debug event log: an event, a transition, an executed effect, an evaluation,
/// the session start or a note, stamped with time, instance and attribute.
///
/// Records never hold a credential value: edits carry lengths and validity only.
/// `jsonLine()` (in `ThunderIDEventLog`) writes the JSON-lines format (version 1); the spec runner (`ThunderIDSpec`)
/// reads it back with `EventLogRecord(jsonLine:)`.
public struct EventLogRecord: Sendable, Equatable {
    /// The format version written in `"v"`.
    package static let formatVersion = 1

    /// 1, 2, 3 … per instance.
    public let sequence: Int
    /// When the record was made.
    public let timestamp: Date
    /// The ``ChangeCredentialState`` instance that wrote it.
    public let instance: String
    /// The credential attribute the instance manages.
    public let attribute: String
    /// What happened (`jsonLine()` writes it out in full).
    package let body: Body

    /// What a record says.
    package enum Body: Sendable, Equatable {
        /// The instance was created with these options.
        case start(StartOptions)
        /// The policies re-evaluated the form.
        case evaluation(EvaluationSummary)
        /// An event was sent to the machine; `input` gives the fields' lengths for edits.
        case event(ChangeCredentialMachine.Event, input: InputSummary?)
        /// The machine's answer to the event just logged.
        ///
        /// Indirect: two machines make this the largest payload by far, and every `switch` over a
        /// body would copy it; boxed, a body is small and a switch copies one reference.
        indirect case transition(from: ChangeCredentialMachine, event: ChangeCredentialMachine.Event.Kind,
                        to: ChangeCredentialMachine, effects: [ChangeCredentialMachine.Effect])
        /// The owner executed an effect.
        case effect(ChangeCredentialMachine.Effect)
        /// Free text from the owner (never a value).
        case note(String)

        /// The `"record"` name of the body.
        package var name: String {
            switch self {
            case .start: "start"
            case .evaluation: "evaluation"
            case .event: "event"
            case .transition: "transition"
            case .effect: "effect"
            case .note: "note"
            }
        }
    }

    /// The options an instance was created with (whether overrides exist, not their values).
    package struct StartOptions: Sendable, Equatable {
        /// Whether unverifiable rules block.
        package let isStrict: Bool
        /// Whether the app passed a `policyRegex`.
        package let hasPolicyRegex: Bool
        /// Whether the app passed a `credentialDisplayName`.
        package let hasDisplayNameOverride: Bool
        /// The rule ids in order.
        package let rules: [String]

        /// Creates start options.
        package init(isStrict: Bool, hasPolicyRegex: Bool, hasDisplayNameOverride: Bool, rules: [String]) {
            self.isStrict = isStrict
            self.hasPolicyRegex = hasPolicyRegex
            self.hasDisplayNameOverride = hasDisplayNameOverride
            self.rules = rules
        }
    }

    /// The lengths of the two fields (in `Character`s).
    package struct InputSummary: Sendable, Equatable {
        /// Length of the new value.
        package let newValueLength: Int
        /// Length of the confirmation.
        package let confirmationLength: Int

        /// Creates a summary.
        package init(newValueLength: Int, confirmationLength: Int) {
            self.newValueLength = newValueLength
            self.confirmationLength = confirmationLength
        }
    }

    /// An evaluation without its messages.
    package struct EvaluationSummary: Sendable, Equatable {
        /// The fields' lengths.
        package var input: InputSummary
        /// Whether the form may be submitted.
        package let isValid: Bool
        /// Rule id and status, in order.
        package var results: [RuleStatus]

        /// Creates a summary.
        package init(input: InputSummary, isValid: Bool, results: [RuleStatus]) {
            self.input = input
            self.isValid = isValid
            self.results = results
        }

        /// Summarizes `evaluation`.
        package init(_ evaluation: CredentialEvaluation, input: InputSummary) {
            self.init(input: input, isValid: evaluation.isValid,
                      results: evaluation.results.map { RuleStatus(id: $0.id, status: $0.status) })
        }
    }

    /// One rule's id and status.
    package struct RuleStatus: Sendable, Equatable {
        /// The rule id.
        package let id: String
        /// Its status (an unverifiable reason describes the pattern, never the value).
        package var status: RuleResult.Status

        /// Creates a rule status.
        package init(id: String, status: RuleResult.Status) {
            self.id = id
            self.status = status
        }
    }

    /// Creates a record.
    package init(sequence: Int, timestamp: Date, instance: String, attribute: String, body: Body) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.instance = instance
        self.attribute = attribute
        self.body = body
    }
}
