@testable import ThunderID
@testable import ThunderIDSpec
import Testing

@Suite("Machine table")
struct MachineTableTests {

    @Test("There are 7 states, 11 event kinds and 77 distinct cells in a stable order")
    func cells() {
        #expect(Machine.State.allCases.count == 7)
        #expect(Machine.Event.Kind.allCases.count == 11)
        let cells = Machine.cells
        #expect(cells.count == 77)
        #expect(Set(cells).count == 77)
        #expect(cells == cells.sorted())
        #expect(cells.first?.description == "closed × appear")
    }

    @Test("Every representative event kind is represented, and every state is reachable")
    func reachability() {
        #expect(Set(Machine.representativeEvents.map(\.kind)) == Set(Machine.Event.Kind.allCases))
        let configurations = Machine.reachableConfigurations()
        #expect(Set(configurations.map(ConfigurationKey.init)).count == configurations.count)
        #expect(Set(configurations.map(\.state)) == Set(Machine.State.allCases))
        #expect(configurations.first == Machine())
        // A pinned figure: a change to the machine that adds or removes configurations must be reviewed
        // (and the spec suite's guard variants updated).
        // 326: sheet and inline machines, with a submit pending while the schema loads.
        #expect(configurations.count == 326)
    }

    @Test("The transition table covers every cell from every reachable configuration")
    func tableCoversEveryCell() {
        let table = Machine.transitionTable
        #expect(table.count == Machine.reachableConfigurations().count * Machine.representativeEvents.count)
        #expect(Set(table.map(\.cell)) == Set(Machine.cells))
    }

    @Test("An ignored event returns one trace and changes at most what the machine records about the schema and form")
    func ignoredEventsAreTraced() {
        for row in Machine.transitionTable where row.effects.contains(where: { $0.kind == .trace }) {
            #expect(row.effects.count == 1, "\(row.cell): a trace comes alone")
            #expect(row.to.state == row.from.state || row.event.kind == .submit, "\(row.cell): a trace keeps the state")
            if case .trace(let note)? = row.effects.first {
                #expect(!note.isEmpty && note.contains(":"), "\(row.cell): the trace says why")
            }
            if row.to.state == .unavailable && row.from.state != .unavailable {
                // submit when the schema says no: the notice replaces the form and any failure.
                #expect(row.event == .submit && row.to.failure == nil, "\(row.cell)")
            } else {
                #expect(row.to.failure == row.from.failure, "\(row.cell)")
            }
            #expect(row.to.masking == row.from.masking, "\(row.cell)")
        }
    }

    @Test("The credential is posted exactly when submit meets a shown form with a resolved credential schema and a valid form, or the schema arrives for a pending submit")
    func postOnlyWhenAllowed() {
        for row in Machine.transitionTable {
            let formShown = [.editing, .invalid, .failed].contains(row.from.state)
                || (row.from.state == .succeeded && row.from.presentation == .inline)
            let submitted = row.event == .submit && formShown
                && row.from.schema == .resolved(available: true) && row.from.form == .valid
            let pendingResolved = row.from.submitPending && row.event == .schemaResolved(available: true, form: .valid)
            let allowed = submitted || pendingResolved
            #expect(row.effects.contains(.postCredential) == allowed, "\(row.cell) from \(row.from)")
            #expect(row.effects.contains(.postCredential) == (row.to.state == .submitting && row.from.state != .submitting))
        }
    }

    @Test("Callbacks fire only on a submission outcome while submitting, and exactly once")
    func callbacksOnlyOnOutcome() {
        for row in Machine.transitionTable {
            let success = row.effects.filter { $0 == .notifySuccess }.count
            let failure = row.effects.filter { $0.kind == .notifyError }.count
            let fromSubmitting = row.from.state == .submitting
            #expect(success == (fromSubmitting && row.event == .submissionSucceeded ? 1 : 0), "\(row.cell)")
            #expect(failure == (fromSubmitting && row.event.kind == .submissionFailed ? 1 : 0), "\(row.cell)")
            if case .submissionFailed(let error) = row.event, fromSubmitting {
                #expect(row.effects == [.notifyError(error)])
            }
        }
    }

    @Test("The sheet is shown or hidden only through present and dismiss effects")
    func sheetFollowsEffects() {
        for row in Machine.transitionTable {
            let presents = row.effects.contains(.presentSheet)
            let dismisses = row.effects.contains(.dismissSheet)
            #expect(!(presents && dismisses))
            if presents { #expect(!row.from.isSheetPresented && row.to.isSheetPresented, "\(row.cell)") }
            if dismisses { #expect(row.from.isSheetPresented && !row.to.isSheetPresented, "\(row.cell)") }
            if row.from.isSheetPresented != row.to.isSheetPresented { #expect(presents || dismisses, "\(row.cell)") }
            switch row.from.presentation {
            case .sheet:
                #expect(row.effects.contains(.clearValues) == dismisses, "\(row.cell): values are cleared whenever the sheet goes away")
            case .inline:
                #expect(!presents && !dismisses && !row.to.isSheetPresented, "\(row.cell): an inline form has no sheet")
                let clears = (row.event == .dismiss && [.editing, .invalid, .failed].contains(row.from.state))
                    || (row.event == .submissionSucceeded && row.from.state == .submitting)
                #expect(row.effects.contains(.clearValues) == clears, "\(row.cell): an inline form clears on dismiss and success")
            }
        }
    }

    @Test("Outside failed there is never a failure, and in failed there always is one")
    func failureOnlyInFailed() {
        for configuration in Machine.reachableConfigurations() {
            #expect((configuration.failure != nil) == (configuration.state == .failed), "\(configuration)")
        }
    }

    @Test("The schema is requested only when none is known or loading")
    func schemaRequests() {
        for row in Machine.transitionTable where row.effects.contains(.requestSchema) {
            switch row.from.schema {
            case .unrequested, .failed: break
            case .loading, .resolved: Issue.record("\(row.cell) re-requested a schema that is \(row.from.schema)")
            }
            #expect(row.to.schema == .loading)
        }
    }

    @Test("The event and effect descriptions carry no payload beyond validity, field and error")
    func descriptions() {
        #expect(Machine.Event.newValueEdited(form: .valid).description == "newValueEdited(form valid)")
        #expect(Machine.Event.schemaResolved(available: false, form: .invalid).description
                == "schemaResolved(not credential, form invalid)")
        #expect(Machine.Event.toggleMasking(.confirmation).description == "toggleMasking(confirmation)")
        #expect(Machine.Effect.trace("x").description == "trace(x)")
        #expect(Machine.Effect.postCredential.description == "postCredential")
    }
}
