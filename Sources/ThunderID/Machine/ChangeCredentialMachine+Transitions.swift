// Every (state, event) pair of the machine, one arm each. An ignored event returns a single
// `.trace` effect whose text says why; the spec files quote those reasons.

extension ChangeCredentialMachine {
    /// Applies `event` and returns what the owner must do, in order.
    @discardableResult
    package mutating func handle(_ event: Event) -> [Effect] {
        switch stage {
        case .closed: return whenClosed(event)
        case .unavailable: return whenUnavailable(event)
        case .editing: return whenEditing(event)
        case .invalid: return whenInvalid(event)
        case .submitting: return whenSubmitting(event)
        case .succeeded: return whenSucceeded(event)
        case .failed(let failure): return whenFailed(failure, event)
        }
    }

    // MARK: - closed

    private mutating func whenClosed(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            switch presentation {
            case .sheet: return loadSchemaIfNeeded(else: "appear: the schema is already loaded or loading")
            case .inline: return openForm()
            }
        case .open:
            return openForm()
        case .dismiss:
            return [.trace("dismiss while closed: no sheet to dismiss")]
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            return []
        case .schemaFailed(let error):
            schema = .failed(error)
            return [.trace("schema failed while closed: the row keeps its fallback name; opening retries")]
        case .newValueEdited, .confirmationEdited:
            return [.trace("edit while closed: no form is shown")]
        case .toggleMasking:
            return [.trace("toggle masking while closed: no field is shown")]
        case .submit:
            return [.trace("submit while closed: no form is shown")]
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome while closed: no submission is in flight")]
        }
    }

    // MARK: - unavailable

    private mutating func whenUnavailable(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return [.trace("appear while open: the schema is already known")]
        case .open:
            return [.trace("open while open: the sheet is already shown")]
        case .dismiss:
            switch presentation {
            case .sheet: return closeOrClear()
            case .inline: return [.trace("dismiss inline while unavailable: the notice stays, no value to clear")]
            }
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            if available { stage = .editing }
            return []
        case .schemaFailed(let error):
            schema = .failed(error)
            return [.trace("schema failed while unavailable: the last schema still says no")]
        case .newValueEdited, .confirmationEdited:
            return [.trace("edit while unavailable: no form is shown")]
        case .toggleMasking:
            return [.trace("toggle masking while unavailable: no field is shown")]
        case .submit:
            return [.trace("submit while unavailable: the schema does not allow this change")]
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome while unavailable: no submission is in flight")]
        }
    }

    // MARK: - editing

    private mutating func whenEditing(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return [.trace("appear while open: the schema is already requested")]
        case .open:
            return [.trace("open while open: the sheet is already shown")]
        case .dismiss:
            return closeOrClear()
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            if !available {
                submitPending = false
                stage = .unavailable
                return []
            }
            guard submitPending else { return [] }
            submitPending = false
            return submitForm()
        case .schemaFailed(let error):
            schema = .failed(error)
            submitPending = false
            stage = .failed(.schema(error))
            return []
        case .newValueEdited(let form), .confirmationEdited(let form):
            self.form = form
            return []
        case .toggleMasking(let field):
            toggle(field)
            return []
        case .submit:
            return submitForm()
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome while editing: no submission is in flight")]
        }
    }

    // MARK: - invalid

    private mutating func whenInvalid(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return [.trace("appear while open: the schema is already known")]
        case .open:
            return [.trace("open while open: the sheet is already shown")]
        case .dismiss:
            return closeOrClear()
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            if !available { stage = .unavailable }
            return []
        case .schemaFailed(let error):
            schema = .failed(error)
            return [.trace("schema refresh failed while invalid: the loaded rules still apply")]
        case .newValueEdited(let form), .confirmationEdited(let form):
            self.form = form
            stage = .editing
            return []
        case .toggleMasking(let field):
            toggle(field)
            return []
        case .submit:
            return submitForm()
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome while invalid: no submission is in flight")]
        }
    }

    // MARK: - submitting

    private mutating func whenSubmitting(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return [.trace("appear while submitting: the schema is already known")]
        case .open:
            return [.trace("open while open: the sheet is already shown")]
        case .dismiss:
            return [.trace("dismiss while submitting: the outcome must not be lost")]
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            return [.trace("schema resolved while submitting: the request in flight decides")]
        case .schemaFailed(let error):
            schema = .failed(error)
            return [.trace("schema failed while submitting: the request in flight decides")]
        case .newValueEdited(let form), .confirmationEdited(let form):
            self.form = form
            return [.trace("edit while submitting: the request already carries the earlier value")]
        case .toggleMasking(let field):
            toggle(field)
            return []
        case .submit:
            return [.trace("submit while submitting: one request at a time")]
        case .submissionSucceeded:
            stage = .succeeded
            form = .invalid
            switch presentation {
            case .sheet: return [.clearValues, .dismissSheet, .notifySuccess]
            case .inline: return [.clearValues, .notifySuccess]
            }
        case .submissionFailed(let error):
            stage = .failed(.submission(error))
            return [.notifyError(error)]
        }
    }

    // MARK: - succeeded

    private mutating func whenSucceeded(_ event: Event) -> [Effect] {
        switch presentation {
        case .sheet: return whenSucceededInSheet(event)
        case .inline: return whenSucceededInline(event)
        }
    }

    /// After a success in a sheet: the sheet is gone, only the row is shown.
    private mutating func whenSucceededInSheet(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return loadSchemaIfNeeded(else: "appear: the schema is already loaded or loading")
        case .open:
            return openForm()
        case .dismiss:
            return [.trace("dismiss after success: the sheet is already dismissed")]
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            return []
        case .schemaFailed(let error):
            schema = .failed(error)
            return [.trace("schema failed after success: opening retries")]
        case .newValueEdited, .confirmationEdited:
            return [.trace("edit after success: no form is shown")]
        case .toggleMasking:
            return [.trace("toggle masking after success: no field is shown")]
        case .submit:
            return [.trace("submit after success: no form is shown")]
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome after success: no submission is in flight")]
        }
    }

    /// After a success inline: the cleared form stays on screen, ready for the next change.
    private mutating func whenSucceededInline(_ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return loadSchemaIfNeeded(else: "appear: the schema is already loaded or loading")
        case .open:
            return [.trace("open inline after success: the form is already shown")]
        case .dismiss:
            return [.trace("dismiss inline after success: the values are already cleared")]
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            if !available { stage = .unavailable }
            return []
        case .schemaFailed(let error):
            schema = .failed(error)
            return [.trace("schema failed after success: the next submit retries")]
        case .newValueEdited(let form), .confirmationEdited(let form):
            self.form = form
            stage = .editing
            return []
        case .toggleMasking(let field):
            toggle(field)
            return []
        case .submit:
            return submitForm()
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome after success: no submission is in flight")]
        }
    }

    // MARK: - failed

    private mutating func whenFailed(_ failure: Failure, _ event: Event) -> [Effect] {
        switch event {
        case .appear:
            return [.trace("appear while open: the failure is already shown")]
        case .open:
            return [.trace("open while open: the sheet is already shown")]
        case .dismiss:
            return closeOrClear()
        case .schemaResolved(let available, let form):
            record(available: available, form: form)
            if case .schema = failure { stage = available ? .editing : .unavailable }
            return []
        case .schemaFailed(let error):
            schema = .failed(error)
            if case .schema = failure { stage = .failed(.schema(error)) }
            return []
        case .newValueEdited(let form), .confirmationEdited(let form):
            self.form = form
            stage = .editing
            return []
        case .toggleMasking(let field):
            toggle(field)
            return []
        case .submit:
            return submitForm()
        case .submissionSucceeded, .submissionFailed:
            return [.trace("submission outcome while failed: no submission is in flight")]
        }
    }

    // MARK: - Shared steps

    /// closed (or a sheet after success) → open: a fresh form; the schema decides form or notice.
    private mutating func openForm() -> [Effect] {
        form = .invalid
        masking = Masking()
        submitPending = false
        let present: [Effect] = switch presentation {
        case .sheet: [.presentSheet]
        case .inline: []
        }
        switch schema {
        case .resolved(available: false):
            stage = .unavailable
            return present
        case .resolved(available: true), .loading:
            stage = .editing
            return present
        case .unrequested, .failed:
            stage = .editing
            schema = .loading
            return present + [.requestSchema]
        }
    }

    /// Dismiss in an open state but submitting: a sheet closes, an inline form is cleared; the values,
    /// failure and pending submit are dropped.
    private mutating func closeOrClear() -> [Effect] {
        form = .invalid
        masking = Masking()
        submitPending = false
        switch presentation {
        case .sheet:
            stage = .closed
            return [.clearValues, .dismissSheet]
        case .inline:
            stage = .editing
            return [.clearValues]
        }
    }

    /// Save pressed, or the schema arrived after Save was pressed.
    private mutating func submitForm() -> [Effect] {
        switch schema {
        case .loading:
            // Not lost: the submit waits for the schema (see the schemaResolved arm of editing).
            submitPending = true
            stage = .editing
            return [.trace("submit while the schema loads: sent when the schema arrives")]
        case .unrequested, .failed:
            schema = .loading
            submitPending = true
            stage = .editing
            return [.requestSchema]
        case .resolved(available: false):
            // The notice replaces the form; an earlier failure no longer applies.
            stage = .unavailable
            return [.trace("submit: the schema does not declare this credential")]
        case .resolved(available: true):
            switch form {
            case .valid:
                    stage = .submitting
                return [.postCredential]
            case .invalid:
                    stage = .invalid
                return []
            }
        }
    }

    private mutating func loadSchemaIfNeeded(else reason: String) -> [Effect] {
        switch schema {
        case .unrequested, .failed:
            schema = .loading
            return [.requestSchema]
        case .loading, .resolved:
            return [.trace(reason)]
        }
    }

    private mutating func record(available: Bool, form: Validity) {
        schema = .resolved(available: available)
        self.form = form
    }

    private mutating func toggle(_ field: Field) {
        masking[field].toggle()
    }
}
