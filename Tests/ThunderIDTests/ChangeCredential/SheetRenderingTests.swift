@testable import ThunderID
import Testing
import ThunderIDTesting

/// What the SwiftUI row and sheet render is read straight from the state; these are the values
/// for each phase (the views add no logic of their own).
@MainActor
@Suite("Sheet rendering from state")
struct SheetRenderingTests {
    struct Rendering: Equatable {
        var sheetShown: Bool
        var notice: String?
        var saveLabel: String
        var saveEnabled: Bool
        var cancelEnabled: Bool
        var error: String?
        var hint: String?
        var spinner: Bool
    }

    func rendering(_ state: ChangeCredentialState) -> Rendering {
        Rendering(sheetShown: state.isPresented, notice: state.unavailableTitle, saveLabel: state.submitLabel,
                  saveEnabled: state.isSubmitEnabled, cancelEnabled: !state.loading,
                  // The sheet shows the error under the form; the notice replaces the form.
                  error: state.unavailableTitle == nil ? state.error : nil,
                  hint: state.requirementHint, spinner: state.isSchemaLoading)
    }

    @Test("Loading, editing, invalid, submitting, failed, succeeded and unavailable render as the sheet expects")
    func phases() async {
        let schema = InMemorySchemaProvider(policy: .credential(regex: "[0-9]", hint: "One digit."), holdsResponses: true)
        let updater = ScriptedCredentialUpdater([.failure(.transport(.offline))], holdsResponses: true)
        let state = ChangeCredentialState(schemaProvider: schema, updater: updater,
                                          configuration: .init(rules: [NonEmptyRule(), SchemaRegexRule(evaluator: SwiftRegexEvaluator()),
                                                                       ConfirmationRule()]))
        #expect(rendering(state) == Rendering(sheetShown: false, notice: nil, saveLabel: "Change", saveEnabled: false,
                                              cancelEnabled: true, error: nil, hint: nil, spinner: false))
        state.open()
        #expect(rendering(state) == Rendering(sheetShown: true, notice: nil, saveLabel: "Change", saveEnabled: false,
                                              cancelEnabled: true, error: nil, hint: nil, spinner: true))
        await schema.release()
        await state.settle()
        #expect(rendering(state) == Rendering(sheetShown: true, notice: nil, saveLabel: "Change", saveEnabled: true,
                                              cancelEnabled: true, error: nil, hint: "One digit.", spinner: false))
        state.newValue = "abc"
        state.confirmValue = "abc"
        state.submit()
        #expect(rendering(state) == Rendering(sheetShown: true, notice: nil, saveLabel: "Change", saveEnabled: true,
                                              cancelEnabled: true, error: "One digit.", hint: "One digit.", spinner: false))
        state.newValue = "abc1"
        state.confirmValue = "abc1"
        state.submit()
        #expect(rendering(state) == Rendering(sheetShown: true, notice: nil, saveLabel: "Changing…", saveEnabled: false,
                                              cancelEnabled: false, error: nil, hint: "One digit.", spinner: false))
        await updater.release()
        await state.settle()
        #expect(rendering(state) == Rendering(sheetShown: true, notice: nil, saveLabel: "Change", saveEnabled: true,
                                              cancelEnabled: true, error: "You appear to be offline. Check your connection and try again.",
                                              hint: "One digit.", spinner: false))
        state.submit()
        await state.settle()
        #expect(rendering(state) == Rendering(sheetShown: false, notice: nil, saveLabel: "Change", saveEnabled: false,
                                              cancelEnabled: true, error: nil, hint: "One digit.", spinner: false))

        let unavailable = ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: .notCredential("pin")),
                                                updater: updater, configuration: .init())
        unavailable.open()
        await unavailable.settle()
        #expect(rendering(unavailable) == Rendering(sheetShown: true, notice: "PIN Changes Unavailable", saveLabel: "Change",
                                                    saveEnabled: false, cancelEnabled: true, error: nil, hint: nil, spinner: false))
    }
}
