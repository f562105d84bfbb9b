/// The ChangeCredential flow as a pure finite-state machine.
///
/// A value type with no I/O: `handle(_:)` takes an `Event`, moves to the next ``State`` and returns
/// the `Effect`s its owner must carry out. It never sees a credential value: edits arrive as the
/// form's `Validity`. Every (state, event) pair is written out; an ignored event says why in an
/// `Effect.trace(_:)`.
public struct ChangeCredentialMachine: Sendable, Equatable {
    /// Where the flow is, as the user sees it.
    public enum State: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
        /// The row is shown; no sheet is open.
        case closed
        /// The sheet is open and says the credential cannot be changed here (the schema does not declare
        /// it `credential: true`).
        case unavailable
        /// The sheet is open with the form; the user may type. Submit waits while the schema loads.
        case editing
        /// The user submitted a form that breaks a rule; the sheet shows what is wrong.
        case invalid
        /// The change is being posted; the form is locked and dismissing is refused.
        case submitting
        /// The change was accepted and the values cleared: a sheet closed; an inline form stays, cleared.
        case succeeded
        /// The schema could not be loaded, or the server refused the change; the typed values are kept.
        case failed

        public var description: String { rawValue }
    }

    /// Whether the form, as last evaluated by the owner's policies, may be submitted.
    package enum Validity: String, Sendable, Hashable, CaseIterable {
        /// Every blocking rule passes.
        case valid
        /// At least one blocking rule fails (an empty form is invalid).
        case invalid
    }

    /// One of the form's two secure fields.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The new value.
        case newValue
        /// Its confirmation.
        case confirmation
    }

    /// Where the form lives.
    public enum Presentation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A row that opens a sheet (`ChangeCredential`), from `Event.open` to `Event.dismiss` or a success.
        case sheet
        /// Always on screen (`BaseChangeCredential` with a custom form): opens on `Event.appear`, and
        /// `Event.dismiss` clears it.
        case inline

        public var description: String { rawValue }
    }

    /// What the machine knows about the user type schema.
    package enum SchemaStatus: Sendable, Equatable {
        /// Nobody asked for it yet.
        case unrequested
        /// A request is in flight.
        case loading
        /// It arrived; `available` is whether it declares the attribute `credential: true`.
        case resolved(available: Bool)
        /// The last request failed; the next demand retries.
        // Boxed: the machine is copied and compared on every keystroke.
        indirect case failed(ThunderIDError)
    }

    /// Why the flow is in ``State/failed``.
    package enum Failure: Sendable, Equatable {
        /// The schema could not be loaded (retry with submit).
        case schema(ThunderIDError)
        /// The server or the network refused the change.
        case submission(ThunderIDError)

        /// The typed error behind the failure.
        package var error: ThunderIDError {
            switch self {
            case .schema(let error): error
            case .submission(let error): error
            }
        }
    }

    /// ``State`` with what belongs to a state alone: a failure exists only in `failed`.
    package enum Stage: Sendable, Equatable {
        case closed, unavailable, editing, invalid, submitting, succeeded
        // Boxed: the machine is copied and compared on every keystroke.
        indirect case failed(Failure)

        package var state: State {
            switch self {
            case .closed: .closed
            case .unavailable: .unavailable
            case .editing: .editing
            case .invalid: .invalid
            case .submitting: .submitting
            case .succeeded: .succeeded
            case .failed: .failed
            }
        }

        package var failure: Failure? {
            if case .failed(let failure) = self { failure } else { nil }
        }
    }

    /// The current state, with its failure when it is `failed`.
    package internal(set) var stage: Stage
    package internal(set) var schema: SchemaStatus
    /// The form's validity as last reported by an edit or a schema resolution.
    package internal(set) var form: Validity

    /// The current state.
    package var state: State { stage.state }
    /// Why the flow failed, in ``State/failed`` only.
    package var failure: Failure? { stage.failure }
    /// Whether each field shows its value masked or as plain text.
    package var masking: Masking
    /// Where the form lives; fixed for the machine's life.
    package let presentation: Presentation
    /// Whether Save was pressed before the schema was known: the machine submits once it arrives.
    package internal(set) var submitPending: Bool

    /// A closed machine that has not asked for the schema yet.
    package init(presentation: Presentation = .sheet) {
        self.init(stage: .closed, schema: .unrequested, presentation: presentation)
    }

    package func isMasked(_ field: Field) -> Bool { masking[field] }

    /// Whether each field is masked: two flags, since the machine is copied on every keystroke.
    package struct Masking: Sendable, Equatable {
        package var newValue: Bool
        package var confirmation: Bool

        /// Both masked by default, as a fresh form opens.
        package init(newValue: Bool = true, confirmation: Bool = true) {
            self.newValue = newValue
            self.confirmation = confirmation
        }

        package subscript(field: Field) -> Bool {
            get {
                switch field {
                case .newValue: newValue
                case .confirmation: confirmation
                }
            }
            set(isMasked) {
                switch field {
                case .newValue: newValue = isMasked
                case .confirmation: confirmation = isMasked
                }
            }
        }
    }

    /// Whether the sheet is on screen in the current state (never, for an inline form).
    package var isSheetPresented: Bool {
        switch presentation {
        case .sheet: isFormOpen
        case .inline: false
        }
    }

    /// Whether the form (or the unavailable notice) is open: in a sheet, or inline.
    package var isFormOpen: Bool { state == .unavailable || acceptsEdits }

    /// Whether the fields are shown and take edits (the unavailable notice has none).
    package var acceptsEdits: Bool { Self.acceptsEdits(state: state, presentation: presentation) }

    /// ``acceptsEdits`` from its two inputs, so the keystroke path need not copy the machine.
    static func acceptsEdits(state: State, presentation: Presentation) -> Bool {
        switch state {
        case .closed, .unavailable: false
        case .succeeded: presentation == .inline
        case .editing, .invalid, .submitting, .failed: true
        }
    }

    /// Whether a submission is in flight (the `loading` flag of the UI).
    package var isSubmitting: Bool { state == .submitting }

    package var isSchemaLoading: Bool { schema == .loading }

    /// May Save be pressed now: the fields are shown, nothing is posting, the schema is not loading nor
    /// refusing the credential, and the form is valid (an unknown schema is fetched on Save). Right after
    /// a schema failure Save is the retry button and stays enabled.
    package var canSubmit: Bool {
        if case .failed(.schema) = stage { return true }
        guard acceptsEdits, state != .submitting, form == .valid else { return false }
        switch schema {
        case .resolved(let available): return available
        case .unrequested, .failed: return true
        case .loading: return false
        }
    }

    /// How an owner moves a machine: `handle(_:)` for every owner in an app. The spec runner
    /// passes another function (a mutant of one cell) to a `ChangeCredentialState` through its
    /// `package` initializer, so the shipping `handle(_:)` reads no test setting.
    package typealias TransitionFunction = @Sendable (inout ChangeCredentialMachine, Event) -> [Effect]

    /// Builds a machine in a given configuration (spec files that start mid-flow, trace replay).
    package init(stage: Stage, schema: SchemaStatus, form: Validity = .invalid, masking: Masking = Masking(),
                 presentation: Presentation = .sheet, submitPending: Bool = false) {
        self.stage = stage
        self.schema = schema
        self.form = form
        self.masking = masking
        self.presentation = presentation
        self.submitPending = submitPending
    }
}
