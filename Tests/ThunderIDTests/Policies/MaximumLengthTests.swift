import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing
import ThunderIDTesting

/// A typed or pasted value is capped before any rule runs: a 10 MiB paste must not run every rule
/// (the regex included), count as valid, be posted, or log a length the trace reader refuses.
/// The numbers are written out (4,096, "maxLength") rather than read from the constants, so a
/// changed cap fails here.
@MainActor
@Suite("The maximum credential length")
struct MaximumLengthTests {
    static let tenMiB = String(repeating: "a", count: 10 << 20)

    struct Fixture {
        let state: ChangeCredentialState
        let regex: RecordingRegexEvaluator
        let custom: CountingRule
        let updater: ScriptedCredentialUpdater
        let log: InMemoryEventLog
    }

    static func fixture() async -> Fixture {
        let regex = RecordingRegexEvaluator(.match(true))
        let custom = CountingRule("custom", reads: [.newValue, .confirmation]) { _ in true }
        let updater = ScriptedCredentialUpdater()
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential(regex: "^.+$")), updater: updater,
            configuration: ChangeCredentialConfiguration(
                rules: [NonEmptyRule(), SchemaRegexRule(evaluator: regex), ConfirmationRule(), custom], eventLog: [log]))
        state.open()
        await state.settle()
        return Fixture(state: state, regex: regex, custom: custom, updater: updater, log: log)
    }

    @Test("A 10 MiB paste is a failure of its own, runs no rule (no regex) and is not posted")
    func tenMiBPaste() async {
        let fixture = await Self.fixture()
        let state = fixture.state
        let regexCalls = fixture.regex.questions.count
        let customCalls = fixture.custom.evaluations
        state.newValue = Self.tenMiB
        state.confirmValue = Self.tenMiB
        #expect(fixture.regex.questions.count == regexCalls)
        #expect(fixture.custom.evaluations == customCalls)
        #expect(state.evaluation.results.map(\.id) == ["maxLength"])
        #expect(!state.evaluation.passesRules && !state.canSubmit)
        state.submit()
        await state.settle()
        #expect(state.phase == .invalid)
        #expect(state.error == "Must be at most 4,096 characters.")
        #expect(await fixture.updater.calls.isEmpty)
    }

    @Test("A too-long confirmation alone is refused too, before any rule")
    func longConfirmation() async {
        let fixture = await Self.fixture()
        fixture.state.newValue = "short-value"
        let customCalls = fixture.custom.evaluations
        fixture.state.confirmValue = String(repeating: "b", count: 4_097)
        #expect(fixture.custom.evaluations == customCalls)
        #expect(fixture.state.evaluation.results.map(\.id) == ["maxLength"])
    }

    @Test("4,096 characters pass and are posted; 4,097, or one character of 70,000 marks, do not")
    func boundary() async {
        let fixture = await Self.fixture()
        let state = fixture.state
        let atMaximum = String(repeating: "é", count: 4_096)
        state.newValue = atMaximum
        state.confirmValue = atMaximum
        #expect(state.evaluation.results.map(\.id) == ["nonEmpty", "regex", "confirmation", "custom"])
        #expect(state.canSubmit)
        for tooLong in [atMaximum + "x", "a" + String(repeating: "\u{301}", count: 70_000)] {
            state.newValue = tooLong
            #expect(state.evaluation.results.map(\.id) == ["maxLength"], "\(tooLong.utf8.count) bytes")
        }
        // Back within the maximum: every rule answers for the values as they are now.
        let regexCalls = fixture.regex.questions.count
        state.newValue = atMaximum
        #expect(fixture.regex.questions.count == regexCalls + 1)
        #expect(state.evaluation.results.map(\.id) == ["nonEmpty", "regex", "confirmation", "custom"])
        state.submit()
        await state.settle()
        #expect(await fixture.updater.calls == [.init(attribute: "password", valueLength: 4_096)])
    }

    @Test("Evaluating rules directly applies the maximum first")
    func directEvaluation() {
        let custom = CountingRule("custom", reads: [.newValue, .confirmation]) { _ in true }
        let context = CredentialRuleContext(attribute: "password", displayName: "Password")
        let evaluation = CredentialEvaluation.evaluate(
            CredentialInput(newValue: Self.tenMiB, confirmation: "", context: context), rules: [NonEmptyRule(), custom])
        #expect(evaluation.results.map(\.id) == ["maxLength"])
        #expect(custom.evaluations == 0)
    }

    @Test("The log records lengths up to the maximum + 1, and every line reads back")
    func logRoundTrip() async throws {
        let fixture = await Self.fixture()
        fixture.state.newValue = Self.tenMiB
        fixture.state.confirmValue = String(repeating: "x", count: 4_096)
        let lines = fixture.log.jsonLines
        #expect(lines.contains { $0.contains(#""input":{"confirmationLength":4096,"newValueLength":4097}"#) })
        #expect(!lines.contains { $0.contains("10485760") })
        let decoded = try EventLogRecord.decode(lines: lines.joined(separator: "\n"))
        #expect(decoded.count == lines.count)
        #expect(decoded == fixture.log.records)
        #expect(EventLogRecord.maximumLoggedLength == 4_097)
    }

    @Test("Every shipped language has the length message, with its count")
    func localized() {
        for language in ChangeCredentialStrings.availableLocalizations {
            let strings = ChangeCredentialStrings.localized(for: Locale(identifier: language))
            let text = strings.text(.tooLong, credential: "Password", values: ["count": "4096"])
            let written = 4096.formatted(.number.locale(Locale(identifier: language)))
            #expect(text.contains(written) && !text.contains("{"), "\(language): \(text)")
            if language != "en" {
                #expect(text != ChangeCredentialStrings.english.text(.tooLong, credential: "Password", values: ["count": "4096"]),
                        "\(language) reads English")
            }
        }
    }
}
