import ECMARegex
import Foundation
@testable import ThunderID
import Testing

/// A regex evaluator scripted by the test; records what it was asked.
final class RecordingRegexEvaluator: RegexEvaluating, @unchecked Sendable {
    /// A fixed answer, a fixed refusal, or the engine's own answer for the pattern.
    enum Answer { case match(Bool), refuse(ECMARegexError), engine }
    private let lock = NSLock()
    private var asked: [(pattern: String, value: String)] = []
    let answer: Answer

    init(_ answer: Answer) { self.answer = answer }

    func compile(_ pattern: String) -> @Sendable (String) throws(ECMARegexError) -> Bool {
        { value throws(ECMARegexError) in try self.test(pattern: pattern, value: value) }
    }

    private func test(pattern: String, value: String) throws(ECMARegexError) -> Bool {
        lock.lock()
        asked.append((pattern, value))
        lock.unlock()
        switch answer {
        case .match(let matches): return matches
        case .refuse(let error): throw error
        case .engine: return try ECMARegex(pattern).test(value)
        }
    }

    var questions: [(pattern: String, value: String)] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }
}

func input(_ newValue: String, _ confirmation: String? = nil, regex: String? = nil, hint: String? = nil,
           displayName: String = "Password", strict: Bool = false) -> CredentialInput {
    CredentialInput(newValue: newValue, confirmation: confirmation ?? newValue,
                    context: CredentialRuleContext(attribute: "password", displayName: displayName, regex: regex,
                                                   hint: hint, isStrict: strict))
}

@Suite("Rules")
struct RuleTests {
    @Test("Non-empty fails for the empty and the whitespace-only value (as the web SDK's trim, then required)", arguments: [
        ("", RuleResult.Status.failed), ("a", .passed), (" ", .failed), ("\n", .failed), (" a", .passed),
    ])
    func nonEmpty(value: String, status: RuleResult.Status) {
        let result = NonEmptyRule().evaluate(input(value))
        #expect(result == RuleResult(id: "nonEmpty", status: status, message: "Enter a new password."))
    }

    @Test("The regex rule does not apply when no regex is declared")
    func regexAbsent() {
        let evaluator = RecordingRegexEvaluator(.match(true))
        #expect(SchemaRegexRule(evaluator: evaluator).evaluate(input("abc")) == nil)
        #expect(evaluator.questions.isEmpty)
    }

    @Test("The regex rule asks the evaluator with the pattern and the exact value, and uses the hint as message")
    func regexMatch() {
        let yes = RecordingRegexEvaluator(.match(true))
        let result = SchemaRegexRule(evaluator: yes).evaluate(input(" ab\n", regex: "^a", hint: "Starts with a."))
        #expect(result == RuleResult(id: "regex", status: .passed, message: "Starts with a."))
        #expect(yes.questions.map(\.pattern) == ["^a"])
        #expect(yes.questions.map(\.value) == [" ab\n"], "the value is tested as typed, untrimmed")
        let no = RecordingRegexEvaluator(.match(false))
        #expect(SchemaRegexRule(evaluator: no).evaluate(input("b", regex: "^a"))
                == RuleResult(id: "regex", status: .failed, message: "Must match the required format."))
    }

    @Test("A refused pattern makes the regex rule unverifiable with the engine's reason",
          arguments: [ECMARegexError.Kind.syntax, .unsupported, .limit])
    func regexRefused(kind: ECMARegexError.Kind) {
        let error = ECMARegexError(kind: kind, message: "cannot do that", offset: 3)
        let result = SchemaRegexRule(evaluator: RecordingRegexEvaluator(.refuse(error))).evaluate(input("x", regex: "(?<=a)b"))
        #expect(result?.status == .unverifiable(reason: "\(kind.rawValue): cannot do that at offset 3"))
        #expect(result?.message == "Must match the required format.")
        let noOffset = ECMARegexError(kind: kind, message: "too deep", offset: nil)
        #expect(SchemaRegexRule(evaluator: RecordingRegexEvaluator(.refuse(noOffset))).evaluate(input("x", regex: "a"))?.status
                == .unverifiable(reason: "\(kind.rawValue): too deep"))
    }

    @Test("The default evaluator refuses an uncompilable pattern, so the rule is unverifiable, not failed")
    func defaultEvaluatorRefusal() {
        let result = SchemaRegexRule().evaluate(input("abc", regex: "(unclosed"))
        guard case .unverifiable(let reason)? = result?.status else {
            Issue.record("expected unverifiable, got \(String(describing: result))")
            return
        }
        #expect(!reason.contains("abc"), "the reason describes the pattern, not the value")
    }

    @Test("Confirmation passes only for byte-identical values", arguments: [
        ("abc", "abc", true), ("abc", "abd", false), ("abc", "", false), ("", "", true),
        ("abc", "abc ", false), ("e\u{301}", "\u{E9}", false), ("🔑", "🔑", true),
    ])
    func confirmation(newValue: String, confirmation: String, passes: Bool) {
        let result = ConfirmationRule().evaluate(input(newValue, confirmation))
        #expect(result == RuleResult(id: "confirmation", status: passes ? .passed : .failed, message: "The confirmation does not match the new password."))
    }

    @Test("Minimum length counts user-perceived characters", arguments: [
        ("1234567", false), ("12345678", true), ("👨‍👩‍👧‍👦234567", false), ("👨‍👩‍👧‍👦2345678", true),
    ])
    func minimumLength(value: String, passes: Bool) {
        let result = MinimumLengthRule(8).evaluate(input(value))
        #expect(result == RuleResult(id: "minLength", status: passes ? .passed : .failed,
                                     message: "Must be at least 8 characters."))
    }

    @Test("Minimum length prepared for a context answers as the rule itself, for that context, another, and a new minimum")
    func minimumLengthPrepared() throws {
        let pin = input("1234", displayName: "PIN").context
        var strings = ChangeCredentialStrings.english
        strings["tooShort"] = "{credential}: {count} or more."
        let other = CredentialRuleContext(attribute: "pin", displayName: "PIN", strings: strings)
        var prepared = try #require(MinimumLengthRule(6).prepared(for: pin) as? MinimumLengthRule)
        #expect(prepared.evaluate(CredentialInput(newValue: "1", confirmation: "", context: other))?.message == "PIN: 6 or more.")
        for (value, context) in [("1234", pin), ("123456", pin), ("1234", other)] {
            let typed = CredentialInput(newValue: value, confirmation: value, context: context)
            #expect(prepared.evaluate(typed) == MinimumLengthRule(6).evaluate(typed))
        }
        prepared.minimum = 3
        let typed = CredentialInput(newValue: "1234", confirmation: "", context: pin)
        #expect(prepared.evaluate(typed) == MinimumLengthRule(3).evaluate(typed))
        #expect(prepared.evaluate(typed)?.message == "Must be at least 3 characters.")
    }

    @Test("The deny list compares whole values, case-insensitively unless asked")
    func denyList() {
        let rule = DenyListRule(["Password1", "letmein"])
        #expect(rule.evaluate(input("password1"))?.status == .failed)
        #expect(rule.evaluate(input("LETMEIN"))?.status == .failed)
        #expect(rule.evaluate(input("letmein!"))?.status == .passed)
        #expect(rule.evaluate(input("x"))?.message == "This password is not allowed. Choose another one.")
        let exact = DenyListRule(["Password1"], caseSensitive: true)
        #expect(exact.evaluate(input("password1"))?.status == .passed)
        #expect(exact.evaluate(input("Password1"))?.status == .failed)
        var dumped = ""
        dump(rule, to: &dumped)
        #expect(!dumped.contains("letmein") && !rule.description.contains("letmein"))
    }

    @Test("Rule ids are stable")
    func ids() {
        #expect(NonEmptyRule().id == "nonEmpty")
        #expect(SchemaRegexRule().id == "regex")
        #expect(ConfirmationRule().id == "confirmation")
        #expect(MinimumLengthRule(1).id == "minLength")
        #expect(DenyListRule([]).id == "denyList")
        #expect(ChangeCredentialConfiguration.defaultRules.map(\.id) == ["nonEmpty", "regex", "confirmation"])
    }

    @Test("An input's description and dump show lengths, never the values")
    func inputRedaction() {
        let secret = input("hunter2-secret", "hunter2-secreT")
        var dumped = ""
        dump(secret, to: &dumped)
        for text in [secret.description, secret.debugDescription, String(reflecting: secret), dumped] {
            #expect(!text.contains("hunter2"), "\(text)")
        }
        #expect(secret.description.contains("14 characters"))
    }
}

@Suite("Evaluation")
struct EvaluationTests {
    let rules: [any CredentialRule] = [NonEmptyRule(), SchemaRegexRule(evaluator: RecordingRegexEvaluator(.match(true))),
                                       ConfirmationRule()]

    @Test("Results come in rule order and skip rules that do not apply")
    func order() {
        let withRegex = CredentialEvaluation.evaluate(input("a", "b", regex: "x"), rules: rules)
        #expect(withRegex.results.map(\.id) == ["nonEmpty", "regex", "confirmation"])
        let without = CredentialEvaluation.evaluate(input("a", "b"), rules: rules)
        #expect(without.results.map(\.id) == ["nonEmpty", "confirmation"])
        #expect(without["regex"] == nil)
        #expect(without["confirmation"]?.status == .failed)
        #expect(!without.isValid && without.validity == .invalid)
        #expect(without.firstBlockingFailure?.id == "confirmation")
    }

    @Test("A valid form has no blocking result")
    func valid() {
        let evaluation = CredentialEvaluation.evaluate(input("a", "a", regex: "x"), rules: rules)
        #expect(evaluation.isValid && evaluation.validity == .valid && evaluation.firstBlockingFailure == nil)
        #expect(evaluation.description == "valid [nonEmpty: passed, regex: passed, confirmation: passed]")
    }

    @Test("An unverifiable rule allows submission by default and blocks it when strict")
    func unverifiableLenientVersusStrict() {
        let refusing: [any CredentialRule] = [NonEmptyRule(), SchemaRegexRule(evaluator: RecordingRegexEvaluator(
            .refuse(ECMARegexError(kind: .unsupported, message: "lookbehind", offset: 0)))), ConfirmationRule()]
        let lenient = CredentialEvaluation.evaluate(input("a", "a", regex: "(?<=x)"), rules: refusing)
        #expect(lenient.isValid)
        #expect(lenient.unverifiable.map(\.id) == ["regex"])
        #expect(lenient.firstBlockingFailure == nil)
        let strict = CredentialEvaluation.evaluate(input("a", "a", regex: "(?<=x)", strict: true), rules: refusing)
        #expect(!strict.isValid)
        #expect(strict.firstBlockingFailure?.id == "regex")
    }

    @Test("Blocking: failed always, unverifiable only when strict, passed never")
    func blocks() {
        #expect(RuleResult(id: "r", status: .failed, message: "").blocks(strict: false))
        #expect(!RuleResult(id: "r", status: .passed, message: "").blocks(strict: true))
        #expect(!RuleResult(id: "r", status: .unverifiable(reason: "x"), message: "").blocks(strict: false))
        #expect(RuleResult(id: "r", status: .unverifiable(reason: "x"), message: "").blocks(strict: true))
    }
}

@Suite("Whitespace-only values")
struct WhitespaceOnlyTests {
    @Test("Empty and whitespace-only values are blank; any other character makes a value", arguments: [
        ("", true), (" ", true), ("\t\n\r\u{0B}\u{0C}", true), ("\u{00A0}\u{1680}\u{2000}\u{3000}", true),
        ("\u{2028}\u{2029}\u{0085}\u{FEFF}", true), (" a ", false), ("\u{200B}", false), ("·", false), ("0", false),
    ])
    func blank(value: String, isBlank: Bool) {
        #expect(NonEmptyRule.isBlank(value) == isBlank)
    }
}
