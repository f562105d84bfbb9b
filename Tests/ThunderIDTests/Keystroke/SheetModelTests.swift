import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

@MainActor
@Suite("The sheet model")
struct SheetModelTests {
    /// The model built from the state's own properties, one by one.
    static func expected(_ state: ChangeCredentialState) -> ChangeCredentialSheetModel {
        func field(_ field: ChangeCredentialMachine.Field, _ label: String) -> ChangeCredentialSheetModel.Field {
            .init(label: label, isMasked: state.isMasked(field), maskingLabel: state.maskingLabel(field))
        }
        return ChangeCredentialSheetModel(
            title: state.title, cancelLabel: state.cancelLabel, submitLabel: state.submitLabel,
            acceptsInput: state.acceptsInput, showsSubmitButton: state.showsSubmitButton, isSubmitEnabled: state.isSubmitEnabled,
            sheetHeights: state.sheetHeights, content: state.sheetContent,
            newValue: field(.newValue, state.newValueLabel), confirmation: field(.confirmation, state.confirmationLabel),
            entry: state.entry, requirementHint: state.requirementHint, error: state.error,
            isSchemaLoading: state.isSchemaLoading, loadingLabel: state.loadingLabel)
    }

    @Test("In every phase the model equals the state's properties, and the announcement agrees with error and success")
    func agrees() async {
        let updater = ScriptedCredentialUpdater([.failure(.server(ServerError(status: 400, code: "USR-1024"))), .success])
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential("pin", regex: #"^\d{4}$"#,
                                                                                                    hint: "Four digits.")),
                                          updater: updater)
        var seen: Set<ChangeCredentialMachine.State> = []
        func check(_ step: String) {
            #expect(state.sheetModel == Self.expected(state), "\(step)")
            #expect(state.announcement == ChangeCredentialAnnouncement(error: state.error, success: state.successMessage), "\(step)")
            seen.insert(state.phase)
        }
        check("closed")
        state.open()
        check("loading")
        await state.settle()
        check("editing")
        state.toggleMasking(.confirmation)
        state.newValue = "12"
        state.submit()
        check("invalid")
        state.newValue = "1234"
        state.confirmValue = "1234"
        state.submit()
        check("submitting")
        await state.settle()
        check("failed")
        state.submit()
        await state.settle()
        check("succeeded")
        #expect(seen == [.closed, .editing, .invalid, .submitting, .failed, .succeeded])

        let unavailable = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .notCredential()),
                                                updater: ScriptedCredentialUpdater())
        unavailable.open()
        await unavailable.settle()
        #expect(unavailable.phase == .unavailable)
        #expect(unavailable.sheetModel == Self.expected(unavailable))
        #expect(unavailable.sheetModel.field(.newValue) == unavailable.sheetModel.newValue)
    }

    @Test("Over random scripts of typing, masking, submitting, outcomes and dismissals, the stored view values equal the state's properties after every step")
    func storedViewValuesFollow() async {
        var generator = SystemRandomNumberGenerator()
        for presentation in [ChangeCredentialState.Presentation.sheet, .inline] {
            let outcomes: [ScriptedCredentialUpdater.Outcome] = (0..<40).map { index in
                index % 3 == 0 ? .failure(.server(ServerError(status: 400, code: "USR-1024"))) : .success
            }
            let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential("pin", regex: #"^\d{4}$"#)),
                                              updater: ScriptedCredentialUpdater(outcomes), presentation: presentation)
            state.appear()
            let values = ["", "1", "12", "1234", "12345", "abcd"]
            for step in 0..<300 {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0...3: state.newValue = values.randomElement(using: &generator)!
                case 4...5: state.confirmValue = values.randomElement(using: &generator)!
                case 6: state.toggleMasking(Bool.random(using: &generator) ? .newValue : .confirmation)
                case 7: state.submit()
                case 8: await state.settle()
                default: Bool.random(using: &generator) ? state.dismiss() : state.open()
                }
                #expect(state.sheetModel == Self.expected(state), "step \(step)")
                #expect(state.announcement == ChangeCredentialAnnouncement(error: state.error, success: state.successMessage), "step \(step)")
                #expect(state.loading == (state.phase == .submitting), "step \(step)")
            }
            await state.settle()
        }
    }
}
