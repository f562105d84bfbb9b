import Foundation

/// One line of the debug event log: the session start, or one step of the flow, stamped with
/// time, instance and attribute.
///
/// Records never hold a credential value, only lengths and verdicts. `ThunderIDEventLog`'s
/// `jsonLine()` writes a record as one JSON line (format version 2, see the PoliciesAndLogging article).
public struct EventLogRecord: Sendable, Equatable {
    /// The format version written in `"v"`.
    package static let formatVersion = 2
    /// The largest value length a record holds, meaning "longer than the maximum"; readers refuse
    /// larger ones, so `--to-spec` allocates a bounded amount.
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

        package var name: String {
            switch self {
            case .start: "start"
            case .step: "step"
            }
        }
    }

    /// Whether an instance was created with overrides (not their values), and its rules.
    package struct StartOptions: Sendable, Equatable {
        package let isStrict: Bool
        package let hasPolicyRegex: Bool
        package let hasDisplayNameOverride: Bool
        /// The rule ids in order.
        package let rules: [String]

        package init(isStrict: Bool, hasPolicyRegex: Bool, hasDisplayNameOverride: Bool, rules: [String]) {
            self.isStrict = isStrict
            self.hasPolicyRegex = hasPolicyRegex
            self.hasDisplayNameOverride = hasDisplayNameOverride
            self.rules = rules
        }
    }

    /// One event sent to the machine, with what the state knew and did around it.
    package struct Step: Sendable, Equatable {
        package var event: ChangeCredentialMachine.Event
        /// The fields' lengths as the step leaves them: on edits and on steps that evaluated the rules.
        package var input: InputSummary?
        /// The rules' verdicts, when they were evaluated for this step.
        package var evaluation: EvaluationSummary?
        /// The machine before the event and after it.
        package var from: ChangeCredentialMachine
        package var to: ChangeCredentialMachine
        /// The effects the machine returned, which the state runs in this order once the record is made.
        package var effects: [ChangeCredentialMachine.Effect]

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
        package let newValueLength: Int
        package let confirmationLength: Int

        package init(newValueLength: Int, confirmationLength: Int) {
            self.newValueLength = newValueLength
            self.confirmationLength = confirmationLength
        }
    }

    /// An evaluation without its messages.
    package struct EvaluationSummary: Sendable, Equatable {
        package let isValid: Bool
        /// Rule id and status, in order.
        package var results: [RuleStatus]

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
        package let id: String
        /// An unverifiable reason describes the pattern, never the value.
        package var status: RuleResult.Status

        package init(id: String, status: RuleResult.Status) {
            self.id = id
            self.status = status
        }
    }

    package init(sequence: Int, timestamp: Date, instance: String, attribute: String, body: Body) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.instance = instance
        self.attribute = attribute
        self.body = body
    }
}
