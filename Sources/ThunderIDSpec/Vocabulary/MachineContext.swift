import ThunderID

/// The guard context of a transition-table row, written as comma-separated clauses:
/// `schema not requested`, `schema loading`, `schema credential`, `schema not credential`,
/// `schema failed (offline)`, `form valid`, `form invalid`, `schema failure (timeout)`,
/// `submission failure (server 500 SSE-5000)`, `no failure`, `new value unmasked`,
/// `confirmation masked`, `inline` / `sheet` (where the form lives; `sheet` when unsaid),
/// `submit pending` / `no submit pending` (Save pressed before the schema arrived).
///
/// In the `given` column it builds the machine before the event (unsaid parts take their fresh
/// values: form invalid, no failure, both fields masked; the schema must be said). In the `then`
/// column it lists what must hold afterwards; unsaid parts are not checked.
public struct MachineContext: Sendable, Equatable {
    /// What the schema status is, when said.
    package var schema: ChangeCredentialMachine.SchemaStatus?
    /// The form's validity, when said.
    package var form: ChangeCredentialMachine.Validity?
    /// The failure, when said; `.some(nil)` is "no failure".
    package var failure: ChangeCredentialMachine.Failure??
    /// Masking per field, for the fields said.
    package var masked: [ChangeCredentialMachine.Field: Bool] = [:]
    /// Where the form lives, when said.
    public var presentation: ChangeCredentialMachine.Presentation?
    /// Whether a submit waits for the schema, when said.
    public var submitPending: Bool?

    /// An empty context (nothing said).
    public init() {}

    /// The error a clause means when it names none.
    public static let defaultSchemaError = ThunderIDError.transport(.offline)
    /// The error a submission failure means when it names none.
    public static let defaultSubmissionError = ThunderIDError.server(ServerError(status: 500, code: "SSE-5000"))

    /// Reads the clauses of a cell.
    public static func parse(_ text: String) -> Result<MachineContext, ParseFailure> {
        var context = MachineContext()
        if PhraseList.isNone(text) { return .success(context) }
        for clause in PhraseList.split(text) {
            let (name, payload) = PhraseList.nameAndPayload(clause)
            func error(default fallback: ThunderIDError) -> ThunderIDError? {
                guard let payload else { return fallback }
                return ErrorPhrase.parse(payload)
            }
            switch name.squashed {
            case "schemanotrequested", "schemaunrequested": context.schema = .unrequested
            case "schemaloading": context.schema = .loading
            case "schemacredential", "schemaresolved": context.schema = .resolved(available: true)
            case "schemanotcredential", "schemanotacredential": context.schema = .resolved(available: false)
            case "schemafailed":
                guard let error = error(default: defaultSchemaError) else { return .failure(.badError(payload ?? "")) }
                context.schema = .failed(error)
            case "formvalid": context.form = .valid
            case "forminvalid": context.form = .invalid
            case "schemafailure":
                guard let error = error(default: defaultSchemaError) else { return .failure(.badError(payload ?? "")) }
                context.failure = .some(.schema(error))
            case "submissionfailure":
                guard let error = error(default: defaultSubmissionError) else { return .failure(.badError(payload ?? "")) }
                context.failure = .some(.submission(error))
            case "nofailure": context.failure = .some(nil)
            case "newvalueunmasked": context.masked[.newValue] = false
            case "newvaluemasked": context.masked[.newValue] = true
            case "confirmationunmasked": context.masked[.confirmation] = false
            case "confirmationmasked": context.masked[.confirmation] = true
            case "inline": context.presentation = .inline
            case "sheet": context.presentation = .sheet
            case "submitpending": context.submitPending = true
            case "nosubmitpending": context.submitPending = false
            default: return .failure(.unknownClause(clause))
            }
        }
        return .success(context)
    }

    /// The machine in `state` with this context; `nil` when the schema is not said, or when the
    /// failure contradicts the state (`failed` needs one, every other state has none).
    public func machine(in state: ChangeCredentialMachine.State) -> ChangeCredentialMachine? {
        guard let schema, let stage = ChangeCredentialMachine.Stage(state, failure: failure ?? nil) else { return nil }
        var masking = ChangeCredentialMachine.Masking()
        for (field, value) in masked { masking[field] = value }
        return ChangeCredentialMachine(stage: stage, schema: schema, form: form ?? .invalid, masking: masking,
                                       presentation: presentation ?? .sheet, submitPending: submitPending ?? false)
    }

    /// The parts of `machine` that differ from what this context says, one phrase each.
    public func mismatches(in machine: ChangeCredentialMachine) -> [String] {
        var problems: [String] = []
        if let schema, schema != machine.schema {
            problems.append("\(Self.phrase(schema)) expected, got \(Self.phrase(machine.schema))")
        }
        if let form, form != machine.form {
            problems.append("form \(form.rawValue) expected, got form \(machine.form.rawValue)")
        }
        if let failure, failure != machine.failure {
            problems.append("\(Self.phrase(failure)) expected, got \(Self.phrase(machine.failure))")
        }
        for field in ChangeCredentialMachine.Field.allCases {
            if let expected = masked[field], machine.isMasked(field) != expected {
                problems.append("\(Self.phrase(field)) \(expected ? "masked" : "unmasked") expected")
            }
        }
        if let presentation, presentation != machine.presentation {
            problems.append("\(presentation.rawValue) expected, got \(machine.presentation.rawValue)")
        }
        if let submitPending, submitPending != machine.submitPending {
            problems.append(submitPending ? "submit pending expected" : "no submit pending expected")
        }
        return problems
    }

    /// The whole context of `machine`, as a `given` cell would say it (fresh parts left out).
    public static func describe(_ machine: ChangeCredentialMachine) -> String {
        var clauses = [phrase(machine.schema)]
        if machine.presentation == .inline { clauses.append("inline") }
        if machine.submitPending { clauses.append("submit pending") }
        if machine.form == .valid { clauses.append("form valid") }
        if let failure = machine.failure { clauses.append(phrase(failure)) }
        for field in ChangeCredentialMachine.Field.allCases where !machine.isMasked(field) {
            clauses.append("\(phrase(field)) unmasked")
        }
        return clauses.joined(separator: ", ")
    }

    static func phrase(_ schema: ChangeCredentialMachine.SchemaStatus) -> String {
        switch schema {
        case .unrequested: "schema not requested"
        case .loading: "schema loading"
        case .resolved(available: true): "schema credential"
        case .resolved(available: false): "schema not credential"
        case .failed(let error): "schema failed (\(ErrorPhrase.format(error)))"
        }
    }

    static func phrase(_ failure: ChangeCredentialMachine.Failure?) -> String {
        switch failure {
        case nil: "no failure"
        case .schema(let error): "schema failure (\(ErrorPhrase.format(error)))"
        case .submission(let error): "submission failure (\(ErrorPhrase.format(error)))"
        }
    }

    static func phrase(_ field: ChangeCredentialMachine.Field) -> String {
        switch field {
        case .newValue: "new value"
        case .confirmation: "confirmation"
        }
    }

    /// Why a cell could not be read.
    public enum ParseFailure: Error, Sendable, Hashable, CustomStringConvertible {
        case unknownClause(String)
        case badError(String)

        public var description: String {
            switch self {
            case .unknownClause(let clause):
                "unknown context clause '\(clause)' (expected schema not requested/loading/credential/not credential/failed, form valid/invalid, schema failure, submission failure, no failure, new value/confirmation masked/unmasked, inline, sheet, submit pending, no submit pending)"
            case .badError(let text):
                "'\(text)' is not an error (expected e.g. offline, timeout, server 400 USR-1024)"
            }
        }
    }
}
