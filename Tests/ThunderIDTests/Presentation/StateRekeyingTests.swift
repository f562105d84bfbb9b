@testable import ThunderID
import Testing
import ThunderIDTesting

@MainActor
@Suite("Views re-key their state when inputs change and call the latest callbacks")
struct StateRekeyingTests {
    let provider = InMemorySchemaProvider(policy: .credential())
    let updater = ScriptedCredentialUpdater()

    func key(attribute: String = "password", name: String? = nil, regex: String? = nil, presentation: ChangeCredentialState.Presentation = .sheet,
             configuration: ChangeCredentialConfiguration = .init(),
             provider: ObjectIdentifier = ObjectIdentifier(StateRekeyingTests.self)) -> ChangeCredentialStateKey {
        ChangeCredentialStateKey(attribute: attribute, credentialDisplayName: name, policyRegex: regex, presentation: presentation,
                                 configuration: configuration, provider: provider)
    }

    func make(_ key: ChangeCredentialStateKey) -> (ChangeCredentialCallbacks) -> ChangeCredentialState {
        { callbacks in
            key.makeState(configuration: .init(), schemaProvider: self.provider,
                          updater: self.updater, callbacks: callbacks)
        }
    }

    @Test("Re-rendering with the same inputs keeps the same state")
    func sameKeySameState() {
        let holder = ChangeCredentialStateHolder()
        let first = holder.state(for: key(), make: make(key()))
        let second = holder.state(for: key(), make: make(key()))
        #expect(first === second)
    }

    enum Change: String, CaseIterable, Sendable {
        case attribute, displayName, regex, inline, strings, strict, rules, provider
    }

    func key(after change: Change) -> ChangeCredentialStateKey {
        switch change {
        case .attribute: key(attribute: "pin")
        case .displayName: key(name: "Passcode")
        case .regex: key(regex: "^\\d{4}$")
        case .inline: key(presentation: .inline)
        case .strings: key(configuration: .init(strings: ChangeCredentialStrings([.submit: "Update"])))
        case .strict: key(configuration: .init(isStrict: true))
        case .rules: key(configuration: ChangeCredentialConfiguration().adding(MinimumLengthRule(8)))
        case .provider: key(provider: ObjectIdentifier(provider))
        }
    }

    @Test("A new attribute, display-name override, regex override, presentation, strings, strictness, rules or provider re-keys",
          arguments: Change.allCases)
    func changedInputsRekey(change: Change) {
        let holder = ChangeCredentialStateHolder()
        let first = holder.state(for: key(), make: make(key()))
        let newKey = key(after: change)
        #expect(newKey != key())
        let second = holder.state(for: newKey, make: make(newKey))
        #expect(first !== second)
        #expect(second.attribute == newKey.attribute)
        #expect(holder.key == newKey)
        #expect(holder.state(for: newKey, make: make(newKey)) === second)
    }

    @Test("BaseChangeCredential's inline key makes a form that takes edits from appear(); the styled sheet key waits for open()")
    func presentations() async {
        let holder = ChangeCredentialStateHolder()
        let inline = holder.state(for: key(presentation: .inline), make: make(key(presentation: .inline)))
        inline.appear()
        await inline.settle()
        inline.newValue = "abc123"
        #expect(inline.newValue == "abc123", "an inline form accepts edits without a sheet")
        let sheet = ChangeCredentialStateHolder().state(for: key(), make: make(key()))
        sheet.appear()
        await sheet.settle()
        sheet.newValue = "abc123"
        #expect(sheet.newValue == "", "the row's state drops edits until its sheet is opened")
        sheet.open()
        await sheet.settle()
        sheet.newValue = "abc123"
        #expect(sheet.newValue == "abc123")
    }

    @Test("The display-name override of a re-keyed state is the new one")
    func overrideFollows() {
        let holder = ChangeCredentialStateHolder()
        _ = holder.state(for: key(name: "Passcode"), make: make(key(name: "Passcode")))
        let state = holder.state(for: key(name: "Secret"), make: make(key(name: "Secret")))
        #expect(state.credentialDisplayName == "Secret")
    }

    @Test("The state calls the callbacks of the latest render, not the first")
    func latestCallbacks() async {
        let holder = ChangeCredentialStateHolder()
        var calls: [String] = []
        holder.callbacks.update(onSuccess: { calls.append("first success") }, onError: { calls.append("first error") })
        let state = holder.state(for: key(), make: make(key()))
        holder.callbacks.update(onSuccess: { calls.append("latest success") }, onError: { calls.append("latest error") })
        state.open()
        await state.settle()
        state.newValue = "abc123"
        state.confirmValue = "abc123"
        state.submit()
        await state.settle()
        #expect(calls == ["latest success"])
        holder.callbacks.update(onSuccess: nil, onError: nil)
        holder.callbacks.success()
        #expect(calls == ["latest success"])
    }
}
