import Foundation
import Observation
@testable import ThunderID
@testable import ThunderIDSpec
import Testing
import ThunderIDTesting

/// Counts its evaluations and answers from a closure over the input.
final class CountingRule: CredentialRule, IncrementalCredentialRule, @unchecked Sendable {
    let id: String
    let reads: Set<ChangeCredentialMachine.Field>
    private let lock = NSLock()
    private var count = 0
    private let verdict: @Sendable (CredentialInput) -> Bool

    init(_ id: String, reads: Set<ChangeCredentialMachine.Field>, verdict: @escaping @Sendable (CredentialInput) -> Bool) {
        self.id = id
        self.reads = reads
        self.verdict = verdict
    }

    func evaluate(_ input: CredentialInput) -> RuleResult? {
        lock.withLock { count += 1 }
        return RuleResult(id: id, status: verdict(input) ? .passed : .failed, message: id)
    }

    var evaluations: Int { lock.withLock { count } }
}

/// A rule of the app's: it cannot declare what it reads (`IncrementalCredentialRule` is the package's).
struct UndeclaredLengthRule: CredentialRule {
    let id = "confirmationLength"
    func evaluate(_ input: CredentialInput) -> RuleResult? {
        RuleResult(id: id, status: input.confirmation.count >= 3 ? .passed : .failed, message: id)
    }
}

@MainActor
@Suite("Rules are evaluated again only after an edit of a value they read")
struct RuleReadsTests {
    static func state(rules: [any CredentialRule]) async -> ChangeCredentialState {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential(regex: #"\d"#)),
                                          updater: ScriptedCredentialUpdater(),
                                          configuration: ChangeCredentialConfiguration(rules: rules), presentation: .inline)
        state.appear()
        await state.settle()
        return state
    }

    @Test("The built-in rules declare what they read")
    func builtInDeclarations() {
        #expect(NonEmptyRule().reads == [.newValue])
        #expect(SchemaRegexRule().reads == [.newValue])
        #expect(MinimumLengthRule(8).reads == [.newValue])
        #expect(DenyListRule(["password"]).reads == [.newValue])
        #expect(ConfirmationRule().reads == [.newValue, .confirmation])
        #expect(UndeclaredLengthRule().readFields == [.newValue, .confirmation])   // the default: evaluated after every edit
    }

    @Test("Typing the confirmation does not evaluate a rule that reads only the new value; typing the new value does")
    func confirmationSkipsNewValueRules() async {
        let newOnly = CountingRule("newOnly", reads: [.newValue]) { $0.newValue.count >= 2 }
        let both = CountingRule("both", reads: [.newValue, .confirmation]) { $0.newValue == $0.confirmation }
        let state = await Self.state(rules: [newOnly, both])
        let before = (newOnly.evaluations, both.evaluations)
        state.confirmValue = "a"
        state.confirmValue = "ab"
        #expect(newOnly.evaluations == before.0)
        #expect(both.evaluations == before.1 + 2)
        state.newValue = "ab"
        #expect(newOnly.evaluations == before.0 + 1)
        #expect(both.evaluations == before.1 + 3)
        #expect(state.evaluation["newOnly"]?.status == .passed)
        #expect(state.evaluation["both"]?.status == .passed)
    }

    @Test("Replacing the values (dismiss) and a schema answer evaluate every rule")
    func replacementsEvaluateAll() async {
        let newOnly = CountingRule("newOnly", reads: [.newValue]) { !$0.newValue.isEmpty }
        let state = await Self.state(rules: [newOnly])
        state.newValue = "abc"
        let typed = newOnly.evaluations
        state.dismiss()
        #expect(newOnly.evaluations == typed + 1)
        #expect(state.evaluation["newOnly"]?.status == .failed)
        #expect(state.newValue.isEmpty)
    }

    @Test("Over random edit scripts, the kept results equal a full evaluation of the form after every step")
    func keptResultsEqualFullEvaluation() async {
        let state = await Self.state(rules: ChangeCredentialConfiguration.defaultRules + [MinimumLengthRule(4), DenyListRule(["abcd"])])
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab1 cd")
        for step in 0..<400 {
            let text = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            if Bool.random(using: &generator) { state.newValue = text } else { state.confirmValue = text }
            if step % 97 == 96 { state.dismiss() }
            let context = CredentialRuleContext(attribute: "password", displayName: state.credentialDisplayName, regex: #"\d"#,
                                                hint: state.policy?.hint)
            let full = CredentialEvaluation.evaluate(CredentialInput(newValue: state.newValue, confirmation: state.confirmValue,
                                                                     context: context),
                                                     rules: state.configuration.rules)
            #expect(state.ruleEvaluation.results == full.results, "step \(step)")
        }
    }
}

@MainActor
@Suite("What the built-in views read while the user types")
struct UntrackedValueTests {
    @Test("untrackedValue answers the typed value and registers no observation; newValue does")
    func untrackedRead() async {
        let state = await RuleReadsTests.state(rules: ChangeCredentialConfiguration.defaultRules)
        state.edit(.newValue, to: "ab1")
        state.edit(.confirmation, to: "ab")
        #expect(state.newValue == "ab1" && state.confirmValue == "ab")
        let untracked = Flag()
        withObservationTracking {
            #expect(state.untrackedValue(.newValue) == "ab1")
            #expect(state.untrackedValue(.confirmation) == "ab")
        } onChange: { untracked.raise() }
        let tracked = Flag()
        withObservationTracking { _ = state.newValue } onChange: { tracked.raise() }
        state.newValue = "ab12"
        #expect(!untracked.isRaised)
        #expect(tracked.isRaised)
    }

    @Test("Typing a whole valid form in a sheet makes none of the built-in views evaluate again; submitting does")
    func typingInvalidatesNoView() async {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential(regex: #"\d"#)),
                                          updater: ScriptedCredentialUpdater([.success]))
        state.open()
        await state.settle()
        let invalidated = Flag()
        func readWhatTheViewsRead() {
            withObservationTracking {
                _ = state.credentialDisplayName
                _ = state.rowLabel
                _ = state.loading
                _ = state.isPresented
                _ = state.announcement
                _ = state.sheetModel
            } onChange: { invalidated.raise() }
        }
        readWhatTheViewsRead()
        for prefix in ["a", "ab", "ab1"] { state.edit(.newValue, to: prefix) }
        for prefix in ["a", "ab", "ab1"] { state.edit(.confirmation, to: prefix) }
        #expect(state.canSubmit)                                 // the form went from invalid to valid
        #expect(!invalidated.isRaised)
        state.submit()
        #expect(invalidated.isRaised)                            // "Changing…", fields locked
        #expect(state.loading && state.sheetModel.submitLabel == "Changing…")
    }

    @Test("In a sheet, every transition that replaces the values also closes the sheet (so the fields never show stale text)")
    func sheetClearsOnlyAsItCloses() {
        var checked = 0
        for transition in ChangeCredentialMachine.transitionTable where transition.from.presentation == .sheet {
            let kinds = transition.effects.map(\.kind)
            guard kinds.contains(.clearValues) else { continue }
            checked += 1
            #expect(!transition.to.isSheetPresented, "\(transition.from.state) + \(transition.event.kind) clears the values of a shown sheet")
        }
        #expect(checked > 0)
    }
}

@Suite("The event log's character counts")
struct CharacterCountTests {
    @Test("Counting from the bytes of an ASCII value gives String.count; other values are counted as Characters",
          arguments: ["", "a", "Ab1!Ab1!", "line\r\nnext", "\r\n\r\n", "\r\r\n\n", "\n\r", "é", "e\u{301}x", "😀a", "👩‍👩‍👧", "a\r\n😀"])
    func counts(value: String) {
        #expect(CredentialInput.boundedLength(value) == value.count)
    }

    @Test("Values up to the maximum length are counted exactly; longer ones count as the maximum + 1")
    func long() {
        let atMaximum = String(repeating: "ab\r\n", count: CredentialInput.maximumLength / 3)
        #expect(CredentialInput.boundedLength(atMaximum) == atMaximum.count)
        for value in [String(repeating: "ab\r\n", count: 25_000), String(repeating: "é", count: 5_000),
                      "a" + String(repeating: "\u{301}", count: 40_000), String(repeating: "x", count: 1 << 20)] {
            #expect(CredentialInput.boundedLength(value) == CredentialInput.maximumLength + 1)
        }
    }
}
