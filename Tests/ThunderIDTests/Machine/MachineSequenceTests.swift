@testable import ThunderID
@testable import ThunderIDSpec
import Testing

@Suite("Machine sequences")
struct MachineSequenceTests {
    @Test("A fresh machine is closed, has not asked for the schema, and masks both fields")
    func freshMachine() {
        let machine = Machine()
        #expect(machine.state == .closed)
        #expect(machine.schema == .unrequested)
        #expect(machine.form == .invalid)
        #expect(machine.failure == nil)
        #expect(machine.masking == Machine.Masking(newValue: true, confirmation: true))
        #expect(!machine.isSheetPresented && !machine.canSubmit && !machine.isSubmitting && !machine.isSchemaLoading)
    }

    @Test("A failure exists only in failed: a stage refuses failed without one and every other state with one",
          arguments: Machine.State.allCases)
    func failureOnlyInFailed(state: Machine.State) {
        let failure = Machine.Failure.submission(Sample.rejected)
        let withFailure = Machine.Stage(state, failure: failure)
        let without = Machine.Stage(state, failure: nil)
        if state == .failed {
            #expect(withFailure == .failed(failure) && without == nil)
        } else {
            #expect(withFailure == nil && without?.state == state && without?.failure == nil)
        }
        #expect(Machine.reachableConfigurations().allSatisfy { ($0.failure != nil) == ($0.state == .failed) })
    }

    @Test("Happy path: appear, schema, open, type, submit, success, reopen fresh")
    func happyPath() {
        var store = MachineStore()
        store.send(.appear, effects: [.requestSchema]) { $0.schema = .loading }
        store.ignore(.appear, because: "already loaded or loading")
        store.send(.schemaResolved(available: true, form: .invalid), effects: []) { $0.schema = .resolved(available: true) }
        store.send(.open, effects: [.presentSheet]) { $0.stage = .editing }
        #expect(store.machine.isSheetPresented && !store.machine.canSubmit)
        store.send(.newValueEdited(form: .invalid), effects: [])
        store.send(.toggleMasking(.newValue), effects: []) { $0.masking[.newValue] = false }
        store.send(.confirmationEdited(form: .valid), effects: []) { $0.form = .valid }
        #expect(store.machine.canSubmit)
        store.send(.submit, effects: [.postCredential]) { $0.stage = .submitting }
        #expect(store.machine.isSubmitting && !store.machine.canSubmit)
        store.ignore(.submit, because: "one request at a time")
        store.ignore(.dismiss, because: "the outcome must not be lost")
        store.send(.submissionSucceeded, effects: [.clearValues, .dismissSheet, .notifySuccess]) {
            $0.stage = .succeeded
            $0.form = .invalid
        }
        #expect(!store.machine.isSheetPresented)
        store.ignore(.submissionSucceeded, because: "no submission is in flight")
        store.send(.open, effects: [.presentSheet]) {
            $0.stage = .editing
            $0.masking = Machine.Masking()
        }
    }

    @Test("Opening while the schema loads disables Save; a submit sent anyway waits for the schema, then posts")
    func openWhileLoading() {
        var store = MachineStore()
        store.send(.open, effects: [.presentSheet, .requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
        }
        store.send(.newValueEdited(form: .valid), effects: []) { $0.form = .valid }
        #expect(!store.machine.canSubmit)
        store.send(.submit, effects: [.trace("submit while the schema loads: sent when the schema arrives")]) {
            $0.submitPending = true
        }
        store.send(.schemaResolved(available: true, form: .valid), effects: [.postCredential]) {
            $0.schema = .resolved(available: true)
            $0.submitPending = false
            $0.stage = .submitting
        }
        #expect(!store.machine.canSubmit)
    }

    @Test("A submit pending on the schema reports the broken rule when the schema makes the form invalid")
    func pendingSubmitReportsRule() {
        var store = MachineStore()
        store.send(.open, effects: [.presentSheet, .requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
        }
        store.send(.submit, effects: [.trace("submit while the schema loads: sent when the schema arrives")]) {
            $0.submitPending = true
        }
        store.send(.schemaResolved(available: true, form: .invalid), effects: []) {
            $0.schema = .resolved(available: true)
            $0.submitPending = false
            $0.stage = .invalid
        }
    }

    @Test("An inline form opens on appear, stays after success cleared and ready, and submits again")
    func inlineForm() {
        var store = MachineStore(Machine(presentation: .inline))
        store.send(.appear, effects: [.requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
        }
        #expect(!store.machine.isSheetPresented && store.machine.isFormOpen && store.machine.acceptsEdits)
        store.send(.schemaResolved(available: true, form: .invalid), effects: []) { $0.schema = .resolved(available: true) }
        store.send(.newValueEdited(form: .valid), effects: []) { $0.form = .valid }
        #expect(store.machine.canSubmit)
        store.send(.submit, effects: [.postCredential]) { $0.stage = .submitting }
        store.send(.submissionSucceeded, effects: [.clearValues, .notifySuccess]) {
            $0.stage = .succeeded
            $0.form = .invalid
        }
        #expect(store.machine.isFormOpen && store.machine.acceptsEdits && !store.machine.canSubmit)
        store.send(.confirmationEdited(form: .valid), effects: []) {
            $0.stage = .editing
            $0.form = .valid
        }
        store.send(.dismiss, effects: [.clearValues]) { $0.form = .invalid }
    }

    @Test("A schema that does not declare the credential opens the unavailable notice")
    func unavailable() {
        var store = MachineStore()
        store.send(.open, effects: [.presentSheet, .requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
        }
        store.send(.schemaResolved(available: false, form: .invalid), effects: []) {
            $0.stage = .unavailable
            $0.schema = .resolved(available: false)
        }
        #expect(store.machine.isSheetPresented && !store.machine.canSubmit)
        store.ignore(.newValueEdited(form: .valid), because: "no form is shown")
        store.ignore(.toggleMasking(.newValue), because: "no field is shown")
        store.ignore(.submit, because: "does not allow this change")
        store.ignore(.open, because: "already shown")
        store.send(.dismiss, effects: [.clearValues, .dismissSheet]) { $0.stage = .closed }
        store.send(.open, effects: [.presentSheet]) { $0.stage = .unavailable }
    }

    @Test("A schema failure is an error with retry, not unavailable")
    func schemaFailureRetry() {
        var store = MachineStore()
        store.send(.open, effects: [.presentSheet, .requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
        }
        store.send(.schemaFailed(Sample.offline), effects: []) {
            $0.stage = .failed(.schema(Sample.offline))
            $0.schema = .failed(Sample.offline)
        }
        #expect(store.machine.canSubmit, "Save is the retry button after a schema failure")
        store.send(.submit, effects: [.requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
            $0.submitPending = true
        }
        store.send(.schemaResolved(available: true, form: .invalid), effects: []) {
            $0.schema = .resolved(available: true)
            $0.submitPending = false
            $0.stage = .invalid
        }
    }

    @Test("A schema that fails while closed is retried when the sheet opens")
    func schemaFailureWhileClosed() {
        var store = MachineStore()
        store.send(.appear, effects: [.requestSchema]) { $0.schema = .loading }
        store.send(.schemaFailed(Sample.offline),
                   effects: [.trace("schema failed while closed: the row keeps its fallback name; opening retries")]) {
            $0.schema = .failed(Sample.offline)
        }
        store.send(.open, effects: [.presentSheet, .requestSchema]) {
            $0.stage = .editing
            $0.schema = .loading
        }
    }

    @Test("Submitting an invalid form shows what is wrong; an edit returns to editing")
    func invalidThenEdit() {
        var store = MachineStore(Machine(stage: .editing, schema: .resolved(available: true), form: .invalid))
        store.send(.submit, effects: []) { $0.stage = .invalid }
        #expect(!store.machine.canSubmit)
        store.send(.toggleMasking(.confirmation), effects: []) { $0.masking[.confirmation] = false }
        store.send(.newValueEdited(form: .invalid), effects: []) { $0.stage = .editing }
        store.send(.submit, effects: []) { $0.stage = .invalid }
        store.send(.confirmationEdited(form: .valid), effects: []) {
            $0.stage = .editing
            $0.form = .valid
        }
        store.send(.submit, effects: [.postCredential]) { $0.stage = .submitting }
    }

    @Test("A failed change keeps the values, notifies once, and an edit or a retry follows")
    func failureThenEditAndRetry() {
        var store = MachineStore(Machine(stage: .submitting, schema: .resolved(available: true), form: .valid))
        store.send(.submissionFailed(Sample.rejected), effects: [.notifyError(Sample.rejected)]) {
            $0.stage = .failed(.submission(Sample.rejected))
        }
        #expect(store.machine.isSheetPresented && store.machine.canSubmit)
        store.ignore(.submissionFailed(Sample.rejected), because: "no submission is in flight")
        store.send(.submit, effects: [.postCredential]) {
            $0.stage = .submitting
        }
        store.send(.submissionFailed(Sample.tooMany), effects: [.notifyError(Sample.tooMany)]) {
            $0.stage = .failed(.submission(Sample.tooMany))
        }
        store.send(.newValueEdited(form: .invalid), effects: []) {
            $0.stage = .editing
            $0.form = .invalid
        }
    }

    @Test("Edits while submitting are recorded but do not change the request in flight")
    func editWhileSubmitting() {
        var store = MachineStore(Machine(stage: .submitting, schema: .resolved(available: true), form: .valid))
        store.send(.newValueEdited(form: .invalid),
                   effects: [.trace("edit while submitting: the request already carries the earlier value")]) {
            $0.form = .invalid
        }
    }

    @Test("Dismiss from every open state except submitting closes and clears the values",
          arguments: Machine.reachableConfigurations().filter { $0.isSheetPresented && $0.state != .submitting })
    func dismissFromOpenStates(configuration: Machine) {
        var store = MachineStore(configuration)
        store.send(.dismiss, effects: [.clearValues, .dismissSheet]) {
            $0.stage = .closed
            $0.form = .invalid
            $0.masking = Machine.Masking()
            $0.submitPending = false
        }
    }

    @Test("Dismiss on an inline form (editing, invalid, failed) clears it and leaves it open",
          arguments: Machine.reachableConfigurations().filter {
              $0.presentation == .inline && [.editing, .invalid, .failed].contains($0.state)
          })
    func dismissInline(configuration: Machine) {
        var store = MachineStore(configuration)
        store.send(.dismiss, effects: [.clearValues]) {
            $0.stage = .editing
            $0.form = .invalid
            $0.masking = Machine.Masking()
            $0.submitPending = false
        }
        #expect(store.machine.isFormOpen && !store.machine.isSheetPresented)
    }

    @Test("While submitting, submit, dismiss, open and appear are ignored in every configuration",
          arguments: Machine.reachableConfigurations().filter { $0.state == .submitting })
    func submittingIgnoresGestures(configuration: Machine) {
        var store = MachineStore(configuration)
        store.ignore(.submit, because: "one request at a time")
        store.ignore(.dismiss, because: "the outcome must not be lost")
        store.ignore(.open, because: "already shown")
        store.ignore(.appear, because: "already known")
    }

    @Test("Success from every submitting configuration clears, dismisses a sheet (not an inline form) and notifies once",
          arguments: Machine.reachableConfigurations().filter { $0.state == .submitting })
    func successFromSubmitting(configuration: Machine) {
        var store = MachineStore(configuration)
        let effects: [Machine.Effect] = switch configuration.presentation {
        case .sheet: [.clearValues, .dismissSheet, .notifySuccess]
        case .inline: [.clearValues, .notifySuccess]
        }
        store.send(.submissionSucceeded, effects: effects) {
            $0.stage = .succeeded
            $0.form = .invalid
        }
        #expect(store.machine.acceptsEdits == (configuration.presentation == .inline))
    }

    @Test("Reopening after success or dismiss starts fresh: form invalid, no failure, both masked",
          arguments: Machine.reachableConfigurations().filter {
              $0.state == .closed || ($0.state == .succeeded && $0.presentation == .sheet)
          })
    func reopenFresh(configuration: Machine) {
        var machine = configuration
        let effects = machine.handle(.open).filter { $0 != .presentSheet }
        #expect(machine.isSheetPresented == (configuration.presentation == .sheet))
        #expect(machine.form == .invalid && machine.failure == nil && machine.masking == Machine.Masking())
        switch configuration.schema {
        case .resolved(available: false):
            #expect(machine.state == .unavailable && effects == [])
        case .resolved(available: true), .loading:
            #expect(machine.state == .editing && effects == [])
        case .unrequested, .failed:
            #expect(machine.state == .editing && machine.schema == .loading && effects == [.requestSchema])
        }
    }

    @Test("Masking toggles per field and starts masked")
    func masking() {
        var store = MachineStore(Machine(stage: .editing, schema: .resolved(available: true)))
        #expect(store.machine.masking == Machine.Masking())
        store.send(.toggleMasking(.confirmation), effects: []) { $0.masking[.confirmation] = false }
        store.send(.toggleMasking(.confirmation), effects: []) { $0.masking[.confirmation] = true }
        store.send(.toggleMasking(.newValue), effects: []) { $0.masking[.newValue] = false }
    }
}
