import ECMARegex
import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

/// A regex evaluator on Swift's `Regex`, close to JavaScript's for the simple patterns these
/// tests use, so the state tests do not depend on the ECMAScript engine's progress.
struct SwiftRegexEvaluator: RegexEvaluating {
    func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool {
        { value throws(ECMARegexError) in
            guard let regex = try? Regex(pattern) else {
                throw ECMARegexError(kind: .syntax, message: "Swift Regex refused it", offset: nil)
            }
            return value.firstMatch(of: regex) != nil
        }
    }
}

/// Everything a user can see, plus the callbacks: the TestStore-style harness compares all of it
/// after every step.
struct Visible: Equatable, CustomStringConvertible {
    var phase: ChangeCredentialMachine.State
    var newValue: String
    var confirmValue: String
    var isPresented: Bool
    var loading: Bool
    var isSchemaLoading: Bool
    var canSubmit: Bool
    var isSubmitEnabled: Bool
    var error: String?
    var rules: [String]
    var isValid: Bool
    var displayName: String
    var masked: [Bool]
    var successes: Int
    var errors: Int

    var description: String {
        "\(phase) new=\(newValue.count) confirm=\(confirmValue.count) presented=\(isPresented) loading=\(loading) "
            + "schemaLoading=\(isSchemaLoading) canSubmit=\(canSubmit) enabled=\(isSubmitEnabled) error=\(error ?? "nil") "
            + "rules=\(rules) valid=\(isValid) name=\(displayName) masked=\(masked) callbacks=\(successes)/\(errors)"
    }
}

/// Drives a ``ChangeCredentialState`` over in-memory services and asserts, after each step, the
/// exact effects executed (from the event log) and every visible change.
@MainActor
final class StateHarness {
    let schema: InMemorySchemaProvider
    let updater: ScriptedCredentialUpdater
    let log = InMemoryEventLog()
    private(set) var successes = 0
    private(set) var errors = 0
    private(set) var state: ChangeCredentialState!
    private var visible: Visible!
    private var seenRecords = 0

    init(schema: InMemorySchemaProvider = InMemorySchemaProvider(policy: .credential()),
         updater: ScriptedCredentialUpdater = ScriptedCredentialUpdater(),
         attribute: String = "password", displayName: String? = nil, policyRegex: String? = nil,
         rules: [any CredentialRule]? = nil, strict: Bool = false,
         presentation: ChangeCredentialState.Presentation = .sheet) {
        self.schema = schema
        self.updater = updater
        let configuration = ChangeCredentialConfiguration(
            rules: rules ?? [NonEmptyRule(), SchemaRegexRule(evaluator: SwiftRegexEvaluator()), ConfirmationRule()],
            isStrict: strict, eventLog: [log])
        state = ChangeCredentialState(attribute: attribute, credentialDisplayName: displayName, policyRegex: policyRegex,
                                      schemaProvider: schema, updater: updater, configuration: configuration,
                                      presentation: presentation,
                                      onSuccess: { [unowned self] in self.successes += 1 },
                                      onError: { [unowned self] in self.errors += 1 })
        visible = current()
        seenRecords = log.records.count
    }

    /// The visible state; `isValid` is the rules' verdict. Every read also checks the one
    /// "can Save" answer: `evaluation.isValid` must equal `canSubmit`.
    func current(sourceLocation: SourceLocation = #_sourceLocation) -> Visible {
        #expect(state.evaluation.isValid == state.canSubmit, "evaluation.isValid and canSubmit agree",
                sourceLocation: sourceLocation)
        return Visible(phase: state.phase, newValue: state.newValue, confirmValue: state.confirmValue,
                isPresented: state.isPresented, loading: state.loading, isSchemaLoading: state.isSchemaLoading,
                canSubmit: state.canSubmit, isSubmitEnabled: state.isSubmitEnabled, error: state.error,
                rules: state.evaluation.results.map { "\($0.id):\(Self.name($0.status))" },
                isValid: state.evaluation.passesRules, displayName: state.credentialDisplayName,
                masked: ChangeCredentialMachine.Field.allCases.map { state.isMasked($0) },
                successes: successes, errors: errors)
    }

    static func name(_ status: RuleResult.Status) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .unverifiable: "unverifiable"
        }
    }

    /// Effects executed since the last step, as kinds.
    private func newEffects() -> [ChangeCredentialMachine.Effect.Kind] {
        let records = log.records
        defer { seenRecords = records.count }
        return records.dropFirst(seenRecords).flatMap { record -> [ChangeCredentialMachine.Effect.Kind] in
            if case .step(let step) = record.body { step.effects.map(\.kind) } else { [] }
        }
    }

    /// Runs `action`, then expects exactly `effects` to have been executed and the visible state
    /// to be the previous one changed by `change` (nothing else may differ).
    func step(_ label: String, _ action: () -> Void, effects: [ChangeCredentialMachine.Effect.Kind],
              sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout Visible) -> Void = { _ in }) {
        action()
        check(label, effects: effects, sourceLocation: sourceLocation, change)
    }

    /// Waits for every effect in flight, then checks like ``step``.
    func settle(_ label: String = "settle", effects: [ChangeCredentialMachine.Effect.Kind] = [],
                sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout Visible) -> Void = { _ in }) async {
        await state.settle()
        check(label, effects: effects, sourceLocation: sourceLocation, change)
    }

    private func check(_ label: String, effects: [ChangeCredentialMachine.Effect.Kind], sourceLocation: SourceLocation,
                       _ change: (inout Visible) -> Void) {
        var expected = visible!
        change(&expected)
        let actual = current()
        #expect(newEffects() == effects, "effects of \(label)", sourceLocation: sourceLocation)
        #expect(actual == expected, "after \(label)", sourceLocation: sourceLocation)
        visible = actual
    }

    /// Types `text` one character at a time into `field`, checking the rules after each keystroke.
    func type(_ text: String, into field: ChangeCredentialMachine.Field, rules: (String) -> [String],
              sourceLocation: SourceLocation = #_sourceLocation, extra: (String, inout Visible) -> Void = { _, _ in }) {
        var typed = ""
        for character in text {
            typed.append(character)
            let value = typed
            step("typing \(value.count) characters into \(field)", {
                switch field {
                case .newValue: state.newValue = value
                case .confirmation: state.confirmValue = value
                }
            }, effects: [], sourceLocation: sourceLocation) {
                switch field {
                case .newValue: $0.newValue = value
                case .confirmation: $0.confirmValue = value
                }
                $0.rules = rules(value)
                $0.isValid = !$0.rules.contains { $0.hasSuffix(":failed") }
                extra(value, &$0)
            }
        }
    }
}
