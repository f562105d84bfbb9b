import Foundation

/// One line of the debug event log: the session start, or one step of the flow (an event, the
/// fields' lengths, the rules' verdicts, the machine before and after, and the effects to run),
/// stamped with time, instance and attribute.
///
/// Records never hold a credential value: edits carry lengths and verdicts only. `jsonLine()`
/// (in `ThunderIDEventLog`) writes a record as one JSON line (format version 2, described in the
/// PoliciesAndLogging article), and the spec runner (`ThunderIDSpec`) reads it back with
/// `EventLogRecord(jsonLine:)`.
public struct EventLogRecord: Sendable, Equatable {
    /// The format version written in `"v"`.
    package static let formatVersion = 2
    /// The largest value length a record holds: `CredentialInput.maximumLength` + 1 (4,097), which
    /// means "longer than the maximum". Readers refuse larger, negative or fractional lengths, so
    /// every log the writer writes reads back, and `--to-spec` allocates a bounded amount.
    package static let maximumLoggedLength = CredentialInput.maximumLength + 1

    /// 1, 2, 3 … per instance.
    public let sequence: Int
    /// When the record was made (whole milliseconds).
    public let timestamp: Date
    /// The ``ChangeCredentialState`` instance that wrote it.
    public let instance: String
    /// The credential attribute the instance manages.
    public let attribute: String
    /// What happened.
    package let body: Body

    /// What a record says.
    package enum Body: Sendable, Equatable {
        /// The instance was created with these options.
        case start(StartOptions)
        /// One event through the machine. Indirect: two machines make this the largest payload.
        indirect case step(Step)

        /// The `"record"` name of the body.
        package var name: String {
            switch self {
            case .start: "start"
            case .step: "step"
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

    /// One event sent to the machine, with what the state knew and did around it.
    package struct Step: Sendable, Equatable {
        /// The event.
        package var event: ChangeCredentialMachine.Event
        /// The fields' lengths as the step leaves them: on edits and on steps that evaluated the rules.
        package var input: InputSummary?
        /// The rules' verdicts, when they were evaluated for this step (after an edit, a schema's
        /// answer, or values cleared by the step's effects).
        package var evaluation: EvaluationSummary?
        /// The machine before the event.
        package var from: ChangeCredentialMachine
        /// The machine after it.
        package var to: ChangeCredentialMachine
        /// The effects the machine returned, which the state ran in this order.
        package var effects: [ChangeCredentialMachine.Effect]

        /// Creates a step.
        package init(event: ChangeCredentialMachine.Event, input: InputSummary?, evaluation: EvaluationSummary?,
                     from: ChangeCredentialMachine, to: ChangeCredentialMachine, effects: [ChangeCredentialMachine.Effect]) {
            self.event = event
            self.input = input
            self.evaluation = evaluation
            self.from = from
            self.to = to
            self.effects = effects
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
        /// Whether the form may be submitted.
        package let isValid: Bool
        /// Rule id and status, in order.
        package var results: [RuleStatus]

        /// Creates a summary.
        package init(isValid: Bool, results: [RuleStatus]) {
            self.isValid = isValid
            self.results = results
        }

        /// Summarizes `evaluation`.
        package init(_ evaluation: CredentialEvaluation) {
            self.init(isValid: evaluation.isValid, results: evaluation.results.map { RuleStatus(id: $0.id, status: $0.status) })
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
