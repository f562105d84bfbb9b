import Foundation

// What the views show, read from the machine and the texts.
extension ChangeCredentialState {
    /// Where the flow is.
    public var phase: ChangeCredentialMachine.State { machine.state }

    /// Whether the schema is still being fetched: the built-in sheet shows "Loading…"
    /// (``loadingLabel``) and Save stays disabled.
    public var isSchemaLoading: Bool { machine.isSchemaLoading }

    /// Whether the schema does not declare ``attribute`` `credential: true` (then ``error`` says no
    /// change is possible); `false` until the schema has answered.
    public var unavailable: Bool { machine.schema == .resolved(available: false) }

    /// **The** answer to "may Save be pressed now?", for any custom UI: the fields are shown, the
    /// schema is not loading and declares the credential (or failed, and Save fetches it again),
    /// the form passes every blocking rule, and nothing is being posted. `evaluation.isValid` agrees.
    public var canSubmit: Bool { machine.canSubmit }

    /// The form checked against every rule, with ``CredentialEvaluation/isValid`` equal to
    /// ``canSubmit``; ``CredentialEvaluation/passesRules`` is the rules' verdict alone.
    public var evaluation: CredentialEvaluation {
        var gated = ruleEvaluation
        gated.isValid = machine.canSubmit
        return gated
    }

    /// ``canSubmit`` without the rules: the styled sheet's Save stays pressable on a form that
    /// breaks a rule, so that pressing it shows what is wrong.
    package var isSubmitEnabled: Bool { Self.isSubmitEnabled(machine) }

    static func isSubmitEnabled(_ machine: ChangeCredentialMachine) -> Bool {
        guard machine.acceptsEdits, machine.state != .submitting else { return false }
        switch machine.schema {
        case .resolved(let available): return available
        case .unrequested, .failed: return true
        case .loading: return false
        }
    }

    /// The name shown for the credential: the `credentialDisplayName` override, else the schema's
    /// `displayName`, else the title-cased attribute.
    public var credentialDisplayName: String { texts.displayName }

    /// The requirement hint shown under the fields when a regex applies: the schema
    /// `description`, else the generic hint; `nil` when the credential is unavailable.
    public var requirementHint: String? { Self.requirementHint(machine: machine, texts: texts) }

    static func requirementHint(machine: ChangeCredentialMachine, texts: ChangeCredentialTexts) -> String? {
        machine.schema == .resolved(available: false) ? nil : texts.requirementHint
    }

    /// The one message a form with a single error line shows: the unavailable notice ("changes
    /// are not possible … contact your administrator") in ``ChangeCredentialMachine/State/unavailable``,
    /// the failure's message in ``ChangeCredentialMachine/State/failed``, the first blocking
    /// rule's message in ``ChangeCredentialMachine/State/invalid``, else `nil`.
    ///
    /// Unlike the ThunderID iOS SDK, a value the server refused (400) is here too, so a form that
    /// shows only `error` misses nothing; a form that places messages per field uses ``fieldError(_:)``.
    public var error: String? { errorText(machine: machine, texts: texts) }

    /// ``error`` for a machine and texts already read.
    func errorText(machine: ChangeCredentialMachine, texts: ChangeCredentialTexts) -> String? {
        switch machine.stage {
        case .unavailable:
            return texts.unavailableMessage
        case .failed(.submission(let error)):
            return configuration.errorMessages.message(for: error, strings: configuration.strings,
                                                       credential: texts.displayName)
        case .failed(.schema(let error)):
            let reason = configuration.errorMessages.message(for: error, strings: configuration.strings,
                                                             credential: texts.displayName)
            return configuration.strings.text(.schemaFailed, credential: texts.displayName, values: ["reason": reason])
        case .invalid:
            return ruleEvaluation.firstBlockingFailure?.message
        case .closed, .editing, .submitting, .succeeded:
            return nil
        }
    }

    /// The message that belongs to `field`, as in the ThunderID iOS SDK: `.new` holds a 400
    /// refusal of the value itself (USR-1024), `.form` every other message of ``error``.
    public func fieldError(_ field: CredentialField) -> String? {
        let refusedValue: Bool
        if case .failed(.submission(let failure)) = machine.stage,
           CredentialField.field(for: failure) == .new {
            refusedValue = true
        } else {
            refusedValue = false
        }
        switch field {
        case .new: return refusedValue ? error : nil
        case .form: return refusedValue ? nil : error
        }
    }

    /// The notice title when the schema does not declare the credential (only in `unavailable`).
    public var unavailableTitle: String? { phase == .unavailable ? texts.unavailableTitle : nil }

    /// The notice body when the schema does not declare the credential (only in `unavailable`).
    public var unavailableMessage: String? { phase == .unavailable ? texts.unavailableMessage : nil }

    /// The confirmation after a successful change (only in `succeeded`).
    public var successMessage: String? { phase == .succeeded ? texts.success : nil }

    /// The sheet title, "Change {credential}".
    public var title: String { texts.title }
    /// The new-value field's label and placeholder.
    public var newValueLabel: String { texts.newValueLabel }
    /// The confirmation field's label and placeholder.
    public var confirmationLabel: String { texts.confirmationLabel }
    /// The submit button's label: "Change", or "Changing…" while posting.
    public var submitLabel: String { loading ? texts.submitting : texts.submit }
    /// "Cancel".
    public var cancelLabel: String { texts.cancel }

    /// Whether `field` shows its value masked; both start masked, and again when a sheet closes.
    public func isMasked(_ field: ChangeCredentialMachine.Field) -> Bool {
        machine.isMasked(field)
    }

    /// The label of `field`'s show/hide button: "Show password" while masked, else "Hide password".
    public func maskingLabel(_ field: ChangeCredentialMachine.Field) -> String {
        isMasked(field) ? texts.showValue : texts.hideValue
    }

    /// Brings ``loading``, ``sheetModel`` and ``announcement`` up to date, assigning each only
    /// when it changed, so a keystroke that changes nothing shown re-renders no view.
    func publishViews() {
        let machine = _machine, texts = _texts
        if machine.isSubmitting != _loading { loading = machine.isSubmitting }
        let error = errorText(machine: machine, texts: texts)
        let model = Self.makeSheetModel(machine: machine, texts: texts, error: error)
        if model != _sheetModel { sheetModel = model }
        let announcement = ChangeCredentialAnnouncement(error: error, success: machine.state == .succeeded ? texts.success : nil)
        if announcement != _announcement { self.announcement = announcement }
    }
}
