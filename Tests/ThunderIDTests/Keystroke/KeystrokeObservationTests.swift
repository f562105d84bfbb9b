import Foundation
import Observation
@testable import ThunderID
import Testing
import ThunderIDTesting

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}

@MainActor
@Suite("What a keystroke tells observers")
struct KeystrokeObservationTests {
    static func state() async -> ChangeCredentialState {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential(regex: #"\d"#)),
                                          updater: ScriptedCredentialUpdater(), presentation: .inline)
        state.appear()
        await state.settle()
        return state
    }

    @Test("A keystroke that changes no verdict notifies no observer of the evaluation or the machine")
    func unchangedVerdicts() async {
        let state = await Self.state()
        state.newValue = "a1"
        let flag = Flag()
        withObservationTracking {
            _ = state.ruleEvaluation
            _ = state.machine
        } onChange: { flag.raise() }
        state.newValue = "a12"                                  // same verdicts, same machine
        #expect(!flag.isRaised)
        #expect(state.newValue == "a12")
        state.newValue = "ab"                                   // the regex now fails
        #expect(flag.isRaised)
        #expect(state.evaluation["regex"]?.status == .failed)
    }

    @Test("The views' texts are observed: they follow the schema's display name when it arrives")
    func textsFollowTheSchema() async {
        let state = ChangeCredentialState(attribute: "pin",
                                          schemaProvider: InMemorySchemaProvider(policy: .credential("pin", displayName: "Card PIN")),
                                          updater: ScriptedCredentialUpdater())
        #expect(state.title == "Change PIN")
        let flag = Flag()
        withObservationTracking {
            _ = state.title
            _ = state.maskingLabel(.newValue)
        } onChange: { flag.raise() }
        state.appear()
        await state.settle()
        #expect(flag.isRaised)
        #expect(state.title == "Change Card PIN")
        #expect(state.credentialDisplayName == "Card PIN")
        #expect(state.maskingLabel(.newValue) == "Show card PIN")
        #expect(state.newValueLabel == "New Card PIN")
    }
}
