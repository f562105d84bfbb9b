import ECMARegex
import Foundation
import Observation
@testable import ThunderID
import Testing
import ThunderIDTesting

/// An evaluator that compiles with ECMARegex and counts how often it does: a test run on a
/// pattern the rule does not hold compiles it again, so the count also shows runs off the held one.
final class CountingPreparingEvaluator: RegexEvaluating, @unchecked Sendable {
    private let lock = NSLock()
    private var compiled: [String] = []

    func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool {
        lock.withLock { compiled.append(pattern) }
        return ECMARegexEvaluator().compile(pattern)
    }

    var preparedPatterns: [String] { lock.withLock { compiled } }
}

/// A schema provider whose answer the test changes between requests.
final class SwitchingSchemaProvider: UserSchemaProviding, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Result<CredentialPolicy, ThunderIDError>]

    init(_ answers: [Result<CredentialPolicy, ThunderIDError>]) { self.answers = answers }

    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy {
        try next().get()
    }

    private func next() -> Result<CredentialPolicy, ThunderIDError> {
        lock.withLock { answers.count > 1 ? answers.removeFirst() : answers[0] }
    }
}

@MainActor
@Suite("SchemaRegexRule holds its compiled regex")
struct HeldRegexTests {
    static let digit = #"\d"#
    static let upper = "[A-Z]"

    /// An inline form with the default rules, its regex (`\d`) evaluated by `evaluator`, open and
    /// with the schema loaded.
    static func digitForm(_ evaluator: any RegexEvaluating) async -> ChangeCredentialState {
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential(regex: digit)), updater: ScriptedCredentialUpdater(),
            configuration: .init(rules: [NonEmptyRule(), SchemaRegexRule(evaluator: evaluator), ConfirmationRule()]),
            presentation: .inline)
        state.appear()
        await state.settle()
        return state
    }

    @Test("Typing compiles the schema regex once, not per keystroke; the verdicts are the engine's")
    func compiledOnce() async {
        let evaluator = CountingPreparingEvaluator()
        let state = await Self.digitForm(evaluator)
        #expect(evaluator.preparedPatterns == [Self.digit])
        for text in ["a", "ab", "abc", "abc1", "abc12"] {
            state.newValue = text
            #expect(state.evaluation["regex"]?.status == (text.contains { $0.isNumber } ? .passed : .failed), "\(text)")
        }
        #expect(evaluator.preparedPatterns == [Self.digit], "no compile per keystroke: every test ran on the held regex")
    }

    @Test("An app policyRegex is compiled when the state is made; the schema's answer does not recompile it")
    func policyRegexOverride() async {
        let evaluator = CountingPreparingEvaluator()
        let state = ChangeCredentialState(
            policyRegex: Self.upper,
            schemaProvider: InMemorySchemaProvider(policy: .credential(regex: Self.digit)), updater: ScriptedCredentialUpdater(),
            configuration: .init(rules: [SchemaRegexRule(evaluator: evaluator)]), presentation: .inline)
        #expect(evaluator.preparedPatterns == [Self.upper])
        state.appear()
        await state.settle()
        state.newValue = "A"
        #expect(state.evaluation["regex"]?.status == .passed)
        #expect(evaluator.preparedPatterns == [Self.upper])
    }

    @Test("No regex, nothing compiled; when the schema arrives with one (after a failed fetch), the rule compiles it once")
    func compilesWhenTheSchemaArrives() async {
        let evaluator = CountingPreparingEvaluator()
        let provider = SwitchingSchemaProvider([.failure(.transport(.offline)), .success(.credential(regex: Self.upper))])
        let state = ChangeCredentialState(
            schemaProvider: provider, updater: ScriptedCredentialUpdater(),
            configuration: .init(rules: [SchemaRegexRule(evaluator: evaluator)]))
        state.appear()                               // the row's fetch fails
        await state.settle()
        state.open()                                 // opening retries: the schema arrives with a regex
        state.newValue = "a"
        await state.settle()
        #expect(evaluator.preparedPatterns == [Self.upper])
        #expect(state.evaluation["regex"]?.status == .failed, "re-evaluated against the new regex at once")
        state.newValue = "aB"
        #expect(state.evaluation["regex"]?.status == .passed)
        #expect(evaluator.preparedPatterns == [Self.upper])
    }

    @Test("A custom evaluator decides every keystroke, asked with the pattern and value")
    func customEvaluatorWithoutPrepare() async {
        let evaluator = RecordingRegexEvaluator(.match(true))
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential(regex: Self.digit)), updater: ScriptedCredentialUpdater(),
            configuration: .init(rules: [SchemaRegexRule(evaluator: evaluator)]), presentation: .inline)
        state.appear()
        await state.settle()
        let before = evaluator.questions.count
        state.newValue = "x"
        state.newValue = "xy"
        let asked = evaluator.questions.dropFirst(before)
        #expect(asked.map(\.pattern) == [Self.digit, Self.digit])
        #expect(asked.map(\.value) == ["x", "xy"])
        #expect(state.evaluation["regex"]?.status == .passed)
    }

    @Test("Each keystroke runs the schema regex once, also when its verdict changes or the engine refuses",
          arguments: [RecordingRegexEvaluator.Answer.engine, .refuse(ECMARegexError(kind: .limit, message: "too complex", offset: nil))])
    func oneRegexRunPerKeystroke(answer: RecordingRegexEvaluator.Answer) async {
        let evaluator = RecordingRegexEvaluator(answer)
        let state = await Self.digitForm(evaluator)
        // Failed, passed, passed, failed, passed: four changes of verdict in five keystrokes.
        let typed = ["a", "a1", "a1b", "ab", "ab2"]
        var runs: [Int] = []
        for text in typed {
            let before = evaluator.questions.count
            state.newValue = text
            runs.append(evaluator.questions.count - before)
            if case .engine = answer {
                #expect(state.evaluation["regex"]?.status == (text.contains { $0.isNumber } ? .passed : .failed), "\(text)")
            }
        }
        #expect(runs == Array(repeating: 1, count: typed.count))
        // Typing the confirmation does not run it at all.
        let before = evaluator.questions.count
        state.confirmValue = "ab2"
        #expect(evaluator.questions.count == before)
    }

    @Test("A prepared rule asked about a context with another regex answers for that regex, not the held one")
    func preparedRuleFollowsTheContext() {
        let rule = SchemaRegexRule().prepared(for: CredentialRuleContext(attribute: "password", displayName: "Password", regex: Self.digit))
        let other = CredentialRuleContext(attribute: "password", displayName: "Password", regex: Self.upper)
        #expect(rule.evaluate(CredentialInput(newValue: "A", confirmation: "", context: other))?.status == .passed)
        #expect(rule.evaluate(CredentialInput(newValue: "1", confirmation: "", context: other))?.status == .failed)
        let none = CredentialRuleContext(attribute: "password", displayName: "Password")
        #expect(rule.evaluate(CredentialInput(newValue: "1", confirmation: "", context: none)) == nil)
    }

    @Test("Preparing for the same regex keeps the held one; another regex, or a new evaluator, prepares again")
    func preparingAgain() throws {
        let evaluator = CountingPreparingEvaluator()
        let context = CredentialRuleContext(attribute: "password", displayName: "Password", regex: Self.digit)
        let first = try #require(SchemaRegexRule(evaluator: evaluator).prepared(for: context) as? SchemaRegexRule)
        #expect(first.preparedPattern == Self.digit)
        let same = try #require(first.prepared(for: context) as? SchemaRegexRule)
        #expect(same.preparedPattern == Self.digit)
        #expect(evaluator.preparedPatterns == [Self.digit])
        let changed = CredentialRuleContext(attribute: "password", displayName: "Password", regex: Self.upper)
        _ = first.prepared(for: changed)
        #expect(evaluator.preparedPatterns == [Self.digit, Self.upper])
        var swapped = first
        swapped.evaluator = ECMARegexEvaluator()
        #expect(swapped.preparedPattern == nil, "a new evaluator drops what the old one prepared")
        let without = try #require(first.prepared(for: CredentialRuleContext(attribute: "password", displayName: "Password"))
                                   as? SchemaRegexRule)
        #expect(without.preparedPattern == nil)
    }

    @Test("The default evaluator's compiled pattern gives the engine's verdicts, with the flags it is given", arguments: [
        (#"^\d{4}$"#, "", "1234", true), (#"^\d{4}$"#, "", "123", false), ("[A-Z]", "", "abc", false),
        ("(?=.*z)", "", "xyz", true), ("[A-Z]", "i", "abc", true),
    ])
    func defaultPrepared(pattern: String, flags: String, value: String, expected: Bool) throws {
        #expect(try ECMARegexEvaluator(flags: flags).compile(pattern)(value) == expected)
        #expect(try ECMARegex(pattern, flags: flags).test(value) == expected)
    }

    @Test("A pattern the engine refuses is prepared as its error: the rule is unverifiable, as before")
    func refusedPattern() {
        let compiled = ECMARegexEvaluator().compile("(")
        #expect(throws: ECMARegexError.self) { try compiled("a") }
        let context = CredentialRuleContext(attribute: "password", displayName: "Password", regex: "(")
        let rule = SchemaRegexRule().prepared(for: context)
        guard case .unverifiable(let reason)? = rule.evaluate(CredentialInput(newValue: "a", confirmation: "", context: context))?.status else {
            Issue.record("expected unverifiable")
            return
        }
        #expect(reason.hasPrefix("syntax"))
    }
}
