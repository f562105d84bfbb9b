import ECMARegex
import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

@MainActor
@Suite("ChangeCredentialState")
struct ChangeCredentialStateTests {
    nonisolated static let digitPolicy = CredentialPolicy.credential("password", displayName: "Password", regex: "[0-9]",
                                                         hint: "Include a digit.")

    /// Opens the sheet and lets the schema arrive (empty values, form invalid).
    /// Opens the sheet and lets a credential schema arrive (empty values, form invalid, Save enabled);
    /// `rules` is the evaluation expected once the schema's rules apply.
    func opened(_ harness: StateHarness, rules: [String] = ["nonEmpty:failed", "confirmation:passed"],
                sourceLocation: SourceLocation = #_sourceLocation) async {
        harness.step("open", { harness.state.open() }, effects: [.presentSheet, .requestSchema],
                     sourceLocation: sourceLocation) {
            $0.phase = .editing
            $0.isPresented = true
            $0.isSchemaLoading = true
        }
        await harness.settle(sourceLocation: sourceLocation) {
            $0.isSchemaLoading = false
            $0.isSubmitEnabled = true
            $0.rules = rules
        }
    }

    @Test("Keystroke by keystroke, the evaluation follows every character of both fields")
    func keystrokes() async {
        let harness = StateHarness(schema: InMemorySchemaProvider(policy: Self.digitPolicy))
        #expect(harness.current().rules == ["nonEmpty:failed", "confirmation:passed"], "before the schema: no regex rule")
        await opened(harness, rules: ["nonEmpty:failed", "regex:failed", "confirmation:passed"])
        #expect(harness.state.requirementHint == "Include a digit.")
        harness.type("ab1", into: .newValue) { typed in
            ["nonEmpty:passed", typed.contains("1") ? "regex:passed" : "regex:failed", "confirmation:failed"]
        }
        harness.type("ab1", into: .confirmation) { typed in
            ["nonEmpty:passed", "regex:passed", typed == "ab1" ? "confirmation:passed" : "confirmation:failed"]
        } extra: { typed, visible in
            visible.canSubmit = typed == "ab1"
        }
        // Backspace in the new value breaks the confirmation again.
        harness.step("backspace", { harness.state.newValue = "ab" }, effects: []) {
            $0.newValue = "ab"
            $0.rules = ["nonEmpty:passed", "regex:failed", "confirmation:failed"]
            $0.isValid = false
            $0.canSubmit = false
        }
        // The same value again is not an edit.
        let before = harness.log.records.count
        harness.state.newValue = "ab"
        #expect(harness.log.records.count == before)
        let edits = harness.log.records.filter {
            if case .step(let step) = $0.body { [.newValueEdited, .confirmationEdited].contains(step.event.kind) } else { false }
        }
        #expect(edits.count == 7)
    }

    @Test("Opening while the schema loads shows the form with Save disabled; a submit sent anyway posts once the schema arrives")
    func openWhileSchemaLoads() async {
        let harness = StateHarness(schema: InMemorySchemaProvider(policy: .credential(), holdsResponses: true))
        harness.step("open", { harness.state.open() }, effects: [.presentSheet, .requestSchema]) {
            $0.phase = .editing
            $0.isPresented = true
            $0.isSchemaLoading = true
        }
        harness.type("pw", into: .newValue) { _ in ["nonEmpty:passed", "confirmation:failed"] }
        harness.type("pw", into: .confirmation) { typed in
            ["nonEmpty:passed", typed == "pw" ? "confirmation:passed" : "confirmation:failed"]
        }
        #expect(harness.current().isValid && !harness.state.canSubmit && !harness.state.isSubmitEnabled)
        harness.step("submit while loading", { harness.state.submit() }, effects: [.trace])
        #expect(await harness.updater.calls.isEmpty)
        #expect(harness.state.machine.submitPending)
        await harness.schema.release()
        await harness.settle(effects: [.postCredential, .clearValues, .dismissSheet, .notifySuccess]) {
            $0.phase = .succeeded
            $0.isPresented = false
            $0.isSchemaLoading = false
            $0.newValue = ""
            $0.confirmValue = ""
            $0.rules = ["nonEmpty:failed", "confirmation:passed"]
            $0.isValid = false
            $0.successes = 1
        }
        #expect(await harness.schema.callCount == 1)
        #expect(await harness.updater.calls.count == 1)
        #expect(harness.state.success)
    }

    @Test("A schema that does not declare the credential shows the unavailable notice and takes no input")
    func unavailable() async {
        let harness = StateHarness(schema: InMemorySchemaProvider(policy: .notCredential("pin")), attribute: "pin")
        harness.step("open", { harness.state.open() }, effects: [.presentSheet, .requestSchema]) {
            $0.phase = .editing
            $0.isPresented = true
            $0.isSchemaLoading = true
            $0.displayName = "PIN"
        }
        await harness.settle {
            $0.phase = .unavailable
            $0.isSchemaLoading = false
            $0.error = "The PIN for this account cannot be changed. Contact your administrator."
        }
        #expect(harness.state.unavailable && harness.state.requirementHint == nil)
        #expect(harness.state.unavailableTitle == "PIN Changes Unavailable")
        #expect(harness.state.unavailableMessage == "The PIN for this account cannot be changed. Contact your administrator.")
        harness.step("typing", { harness.state.newValue = "1234" }, effects: [.trace])
        harness.step("submit", { harness.state.submit() }, effects: [.trace])
        harness.step("toggle", { harness.state.toggleMasking(.newValue) }, effects: [.trace])
        harness.step("dismiss", { harness.state.dismiss() }, effects: [.clearValues, .dismissSheet]) {
            $0.phase = .closed
            $0.isPresented = false
            $0.error = nil
        }
        #expect(harness.state.unavailableTitle == nil)
        harness.step("reopen", { harness.state.open() }, effects: [.presentSheet]) {
            $0.phase = .unavailable
            $0.isPresented = true
            $0.error = "The PIN for this account cannot be changed. Contact your administrator."
        }
        #expect(await harness.schema.callCount == 1)
        #expect(await harness.updater.calls.isEmpty)
    }

    @Test("A schema failure is an error with retry; the retry asks again and the form comes back")
    func schemaFailureRetry() async {
        let schema = InMemorySchemaProvider(responses: [.failure(.transport(.offline)), .success(.credential())])
        let harness = StateHarness(schema: schema)
        harness.step("open", { harness.state.open() }, effects: [.presentSheet, .requestSchema]) {
            $0.phase = .editing
            $0.isPresented = true
            $0.isSchemaLoading = true
        }
        await harness.settle {
            $0.phase = .failed
            $0.isSchemaLoading = false
            $0.isSubmitEnabled = true
            $0.canSubmit = true
            $0.error = "Couldn’t load the password requirements. You appear to be offline. Check your connection and try again."
        }
        harness.step("retry", { harness.state.submit() }, effects: [.requestSchema]) {
            $0.phase = .editing
            $0.isSchemaLoading = true
            $0.isSubmitEnabled = false
            $0.canSubmit = false
            $0.error = nil
        }
        // The retry was a Save: once the schema is there, the empty form reports its broken rule.
        await harness.settle {
            $0.phase = .invalid
            $0.isSchemaLoading = false
            $0.isSubmitEnabled = true
            $0.error = "Enter a new password."
        }
        #expect(await schema.callCount == 2)
        #expect(harness.errors == 0, "onError is for failed changes, not for the schema")
    }

    @Test("Submitting an invalid form shows what is wrong; an edit returns to editing")
    func invalidThenEdit() async {
        let harness = StateHarness()
        await opened(harness)
        harness.step("submit empty", { harness.state.submit() }, effects: []) {
            $0.phase = .invalid
            $0.error = "Enter a new password."
        }
        harness.type("a", into: .newValue) { _ in ["nonEmpty:passed", "confirmation:failed"] } extra: { _, visible in
            visible.phase = .editing
            visible.error = nil
        }
        harness.step("submit mismatch", { harness.state.submit() }, effects: []) {
            $0.phase = .invalid
            $0.error = "The confirmation does not match the new password."
        }
        harness.type("a", into: .confirmation) { _ in ["nonEmpty:passed", "confirmation:passed"] } extra: { _, visible in
            visible.phase = .editing
            visible.error = nil
            visible.canSubmit = true
        }
        #expect(await harness.updater.calls.isEmpty)
    }

    @Test("Submitting posts once; repeated submits and dismiss are ignored; success clears, dismisses and calls onSuccess once")
    func submitAndSucceed() async {
        let updater = ScriptedCredentialUpdater([.success], holdsResponses: true)
        let harness = StateHarness(updater: updater)
        await opened(harness)
        harness.step("toggle", { harness.state.toggleMasking(.confirmation) }, effects: []) { $0.masked = [true, false] }
        harness.step("type", {
            harness.state.newValue = "s3cret"
            harness.state.confirmValue = "s3cret"
        }, effects: []) {
            $0.newValue = "s3cret"
            $0.confirmValue = "s3cret"
            $0.rules = ["nonEmpty:passed", "confirmation:passed"]
            $0.isValid = true
            $0.canSubmit = true
        }
        harness.step("submit", { harness.state.submit() }, effects: [.postCredential]) {
            $0.phase = .submitting
            $0.loading = true
            $0.canSubmit = false
            $0.isSubmitEnabled = false
        }
        #expect(harness.state.submitLabel == "Changing…")
        harness.step("submit again", { harness.state.submit() }, effects: [.trace])
        harness.step("dismiss", { harness.state.dismiss() }, effects: [.trace])
        harness.step("open", { harness.state.open() }, effects: [.trace])
        await updater.release()
        await harness.settle(effects: [.clearValues, .dismissSheet, .notifySuccess]) {
            $0.phase = .succeeded
            $0.loading = false
            $0.isPresented = false
            $0.newValue = ""
            $0.confirmValue = ""
            $0.rules = ["nonEmpty:failed", "confirmation:passed"]
            $0.isValid = false
            $0.successes = 1
        }
        #expect(await updater.calls == [ScriptedCredentialUpdater.Call(attribute: "password", valueLength: 6)])
        #expect(harness.state.successMessage == "Your password has been updated.")
        #expect(harness.state.submitLabel == "Change")
        harness.step("reopen", { harness.state.open() }, effects: [.presentSheet]) {
            $0.phase = .editing
            $0.isPresented = true
            $0.isSubmitEnabled = true
            $0.masked = [true, true]
        }
        #expect(await harness.schema.callCount == 1, "the schema is not fetched again")
    }

    nonisolated static let failures: [(ThunderIDError, String)] = [
        (.server(ServerError(status: 400, code: "USR-1024")), "The new password was not accepted. Choose a different one."),
        (.server(ServerError(status: 401, code: "AUTH-4010")), "Your session has expired. Sign in again to change your password."),
        (.server(ServerError(status: 403, code: "USR-1029")), "Your current password is required to make this change."),
        (.server(ServerError(status: 429, retryAfter: 12)), "Too many attempts. Try again in 12 seconds."),
        (.server(ServerError(status: 500, code: "SSE-5000")), "The server had a problem. Try again later."),
        (.transport(.offline), "You appear to be offline. Check your connection and try again."),
        (.transport(.timeout), "The request timed out. Try again."),
    ]

    @Test("A failed change keeps the values, shows the message for the error, calls onError once; edit and retry follow",
          arguments: failures)
    func failure(error: ThunderIDError, message: String) async {
        let updater = ScriptedCredentialUpdater([.failure(error), .success])
        let harness = StateHarness(updater: updater)
        await opened(harness)
        harness.step("type", {
            harness.state.newValue = "pw1"
            harness.state.confirmValue = "pw1"
        }, effects: []) {
            $0.newValue = "pw1"
            $0.confirmValue = "pw1"
            $0.rules = ["nonEmpty:passed", "confirmation:passed"]
            $0.isValid = true
            $0.canSubmit = true
        }
        harness.step("submit", { harness.state.submit() }, effects: [.postCredential]) {
            $0.phase = .submitting
            $0.loading = true
            $0.canSubmit = false
            $0.isSubmitEnabled = false
        }
        await harness.settle(effects: [.notifyError]) {
            $0.phase = .failed
            $0.loading = false
            $0.canSubmit = true
            $0.isSubmitEnabled = true
            $0.error = message
            $0.errors = 1
        }
        harness.step("edit", { harness.state.confirmValue = "pw" }, effects: []) {
            $0.phase = .editing
            $0.confirmValue = "pw"
            $0.error = nil
            $0.rules = ["nonEmpty:passed", "confirmation:failed"]
            $0.isValid = false
            $0.canSubmit = false
        }
        harness.step("fix", { harness.state.confirmValue = "pw1" }, effects: []) {
            $0.confirmValue = "pw1"
            $0.rules = ["nonEmpty:passed", "confirmation:passed"]
            $0.isValid = true
            $0.canSubmit = true
        }
        harness.step("retry", { harness.state.submit() }, effects: [.postCredential]) {
            $0.phase = .submitting
            $0.loading = true
            $0.canSubmit = false
            $0.isSubmitEnabled = false
        }
        await harness.settle(effects: [.clearValues, .dismissSheet, .notifySuccess]) {
            $0.phase = .succeeded
            $0.loading = false
            $0.isPresented = false
            $0.newValue = ""
            $0.confirmValue = ""
            $0.rules = ["nonEmpty:failed", "confirmation:passed"]
            $0.isValid = false
            $0.successes = 1
        }
        #expect(await updater.calls.count == 2)
    }

    @Test("Submit after a failure retries directly without an edit")
    func retryWithoutEdit() async {
        let updater = ScriptedCredentialUpdater([.failure(.transport(.timeout)), .success])
        let harness = StateHarness(updater: updater)
        await opened(harness)
        harness.state.newValue = "x"
        harness.state.confirmValue = "x"
        harness.state.submit()
        await harness.state.settle()
        #expect(harness.state.phase == .failed && harness.state.newValue == "x" && harness.errors == 1)
        harness.state.submit()
        await harness.state.settle()
        #expect(harness.state.phase == .succeeded && harness.successes == 1 && harness.errors == 1)
        #expect(await updater.calls.map(\.valueLength) == [1, 1])
    }

    enum OpenState: String, CaseIterable { case editing, invalid, unavailable, schemaFailed, submissionFailed }

    @Test("Dismiss from every open state except submitting closes the sheet and clears the values",
          arguments: OpenState.allCases)
    func dismissFromEveryOpenState(open: OpenState) async {
        let schema: InMemorySchemaProvider = switch open {
        case .unavailable: InMemorySchemaProvider(policy: .notCredential())
        case .schemaFailed: InMemorySchemaProvider(error: .transport(.offline))
        default: InMemorySchemaProvider(policy: .credential())
        }
        let harness = StateHarness(schema: schema, updater: ScriptedCredentialUpdater([.failure(.transport(.offline))]))
        harness.state.open()
        await harness.state.settle()
        if open != .schemaFailed {
            harness.state.newValue = "typed"  // (an edit would leave the schema failure for editing)
        }
        switch open {
        case .invalid:
            harness.state.submit()
        case .submissionFailed:
            harness.state.confirmValue = "typed"
            harness.state.submit()
            await harness.state.settle()
        case .editing, .unavailable, .schemaFailed:
            break
        }
        let expectedPhase: ChangeCredentialMachine.State = switch open {
        case .editing: .editing
        case .invalid: .invalid
        case .unavailable: .unavailable
        case .schemaFailed, .submissionFailed: .failed
        }
        #expect(harness.state.phase == expectedPhase)
        harness.state.dismiss()
        #expect(harness.state.phase == .closed)
        #expect(!harness.state.isPresented)
        #expect(harness.state.newValue.isEmpty && harness.state.confirmValue.isEmpty)
        #expect(harness.state.error == nil)
        #expect(!harness.state.evaluation.isValid)
    }

    @Test("A regex the engine refuses is unverifiable: submission allowed by default, the reason logged")
    func unverifiableLenient() async {
        let refusing = RecordingRegexEvaluator(.refuse(ECMARegexError(kind: .unsupported, message: "lookbehind", offset: 1)))
        let harness = StateHarness(schema: InMemorySchemaProvider(policy: .credential(regex: "(?<=a)b")),
                                   rules: [NonEmptyRule(), SchemaRegexRule(evaluator: refusing), ConfirmationRule()])
        await opened(harness, rules: ["nonEmpty:failed", "regex:unverifiable", "confirmation:passed"])
        harness.state.newValue = "pw"
        harness.state.confirmValue = "pw"
        #expect(harness.state.evaluation["regex"]?.status == .unverifiable(reason: "unsupported: lookbehind at offset 1"))
        #expect(harness.state.evaluation.isValid && harness.state.canSubmit)
        #expect(Self.loggedRegexStatuses(harness.log).contains(.unverifiable(reason: "unsupported: lookbehind at offset 1")))
        harness.state.submit()
        await harness.state.settle()
        #expect(harness.state.phase == .succeeded)
    }

    @Test("A strict configuration blocks submission when the regex is unverifiable")
    func unverifiableStrict() async {
        let refusing = RecordingRegexEvaluator(.refuse(ECMARegexError(kind: .limit, message: "too complex", offset: nil)))
        let harness = StateHarness(schema: InMemorySchemaProvider(policy: .credential(regex: "(a+)+$", hint: "Letters only.")),
                                   rules: [NonEmptyRule(), SchemaRegexRule(evaluator: refusing), ConfirmationRule()],
                                   strict: true)
        await opened(harness, rules: ["nonEmpty:failed", "regex:unverifiable", "confirmation:passed"])
        harness.state.newValue = "pw"
        harness.state.confirmValue = "pw"
        #expect(!harness.state.evaluation.isValid && !harness.state.canSubmit)
        harness.state.submit()
        #expect(harness.state.phase == .invalid)
        #expect(harness.state.error == "Letters only.")
        #expect(await harness.updater.calls.isEmpty)
        #expect(Self.loggedRegexStatuses(harness.log).contains(.unverifiable(reason: "limit: too complex")))
        #expect(harness.log.records.first?.body == .start(.init(isStrict: true, hasPolicyRegex: false, hasDisplayNameOverride: false,
                                                                rules: ["nonEmpty", "regex", "confirmation"])))
    }

    /// The regex rule's statuses in the log's step records, in order.
    static func loggedRegexStatuses(_ log: InMemoryEventLog) -> [RuleResult.Status] {
        log.records.compactMap { record in
            guard case .step(let step) = record.body else { return nil }
            return step.evaluation?.results.first { $0.id == "regex" }?.status
        }
    }

    @Test("The display name: the override, else the schema's displayName, else the title-cased attribute")
    func displayName() async {
        let fromSchema = StateHarness(schema: InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN")), attribute: "pin")
        #expect(fromSchema.state.credentialDisplayName == "PIN", "before the schema arrives")
        fromSchema.step("appear", { fromSchema.state.appear() }, effects: [.requestSchema]) { $0.isSchemaLoading = true }
        await fromSchema.settle {
            $0.isSchemaLoading = false
            $0.displayName = "PIN"
        }
        fromSchema.step("appear again", { fromSchema.state.appear() }, effects: [.trace])
        #expect(fromSchema.state.title == "Change PIN")
        #expect(fromSchema.state.newValueLabel == "New PIN")
        #expect(fromSchema.state.confirmationLabel == "Confirm New PIN")
        #expect(fromSchema.state.cancelLabel == "Cancel")
        #expect(fromSchema.state.maskingLabel(.newValue) == "Show PIN")
        let overridden = StateHarness(schema: InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN")),
                                      attribute: "pin", displayName: "Passcode")
        overridden.state.appear()
        await overridden.state.settle()
        #expect(overridden.state.credentialDisplayName == "Passcode")
        #expect(overridden.state.title == "Change Passcode")
        // An attribute the tables have no word for is title-cased as the schema's resolver does it.
        let english = ChangeCredentialStrings.english
        #expect(ChangeCredentialState.fallbackDisplayName("recovery_code", strings: english) == "Recovery Code")
        #expect(ChangeCredentialState.fallbackDisplayName("backupPin", strings: english) == "Backup Pin")
        #expect(ChangeCredentialState.fallbackDisplayName("pin2-code", strings: english) == "Pin2 Code")
        #expect(ChangeCredentialState.fallbackDisplayName("HTTPToken", strings: english) == "HTTP Token")
        #expect(ChangeCredentialState.fallbackDisplayName("HTTPToken", strings: english)
                == InMemoryDisplayNameResolver().displayName(nil, forAttribute: "HTTPToken"))
    }

    @Test("policyRegex overrides the schema regex; the hint falls back to the generic text")
    func policyRegexOverride() async {
        let harness = StateHarness(schema: InMemorySchemaProvider(policy: .credential(regex: "[0-9]")), policyRegex: "^[a-z]+$")
        await opened(harness, rules: ["nonEmpty:failed", "regex:failed", "confirmation:passed"])
        #expect(harness.state.requirementHint == "Must match the required format.")
        harness.state.newValue = "abc"
        #expect(harness.state.evaluation["regex"]?.status == .passed)
        harness.state.newValue = "abc1"
        #expect(harness.state.evaluation["regex"]?.status == .failed)
        let noRegex = StateHarness()
        await opened(noRegex)
        #expect(noRegex.state.requirementHint == nil)
    }

    @Test("Masking toggles per field and a reopened sheet starts masked")
    func masking() async {
        let harness = StateHarness()
        await opened(harness)
        harness.step("toggle new", { harness.state.toggleMasking(.newValue) }, effects: []) { $0.masked = [false, true] }
        #expect(harness.state.maskingLabel(.newValue) == "Hide password")
        harness.step("toggle confirm", { harness.state.toggleMasking(.confirmation) }, effects: []) { $0.masked = [false, false] }
        harness.step("toggle new back", { harness.state.toggleMasking(.newValue) }, effects: []) { $0.masked = [true, false] }
        harness.step("dismiss", { harness.state.dismiss() }, effects: [.clearValues, .dismissSheet]) {
            $0.phase = .closed
            $0.isPresented = false
            $0.masked = [true, true]
            $0.isSubmitEnabled = false
        }
    }

    @Test("Extra rules from the configuration take part in the evaluation")
    func extraRules() async {
        let harness = StateHarness(rules: [NonEmptyRule(), ConfirmationRule(), MinimumLengthRule(4), DenyListRule(["password"])])
        await opened(harness, rules: ["nonEmpty:failed", "confirmation:passed", "minLength:failed", "denyList:passed"])
        harness.state.newValue = "abc"
        #expect(harness.current().rules == ["nonEmpty:passed", "confirmation:failed", "minLength:failed", "denyList:passed"])
        harness.state.newValue = "Password"
        harness.state.confirmValue = "Password"
        #expect(harness.current().rules == ["nonEmpty:passed", "confirmation:passed", "minLength:passed", "denyList:failed"])
        harness.state.submit()
        #expect(harness.state.error == "This password is not allowed. Choose another one.")
    }

    @Test("A callback that reopens the sheet is handled after the current transition")
    func reentrantCallback() async {
        let state = await submitWithCallback { $0.open() }
        #expect(state.phase == .editing && state.isPresented && state.newValue.isEmpty)
    }

    @Test("Events that callbacks send while one is handled run after it, first in first out")
    func reentrantEventsKeepTheirOrder() async {
        let log = InMemoryEventLog()
        // The success callback sends two events while the success is being handled.
        let state = await submitWithCallback(eventLog: [log]) { $0.open(); $0.submit() }
        let kinds = log.records.compactMap { if case .step(let step) = $0.body { step.event.kind } else { nil } }
        guard let succeeded = kinds.firstIndex(of: .submissionSucceeded) else {
            Issue.record("no success in \(kinds)")
            return
        }
        // `open` (queued first) is handled before `submit`, and both after the success that queued them.
        #expect(Array(kinds[succeeded...].prefix(3)) == [.submissionSucceeded, .open, .submit])
        // The reopened form was cleared, so the queued submit finds it invalid.
        #expect(state.phase == .invalid && state.isPresented && state.newValue.isEmpty)
    }

    /// A sheet whose `onSuccess` runs `callback` on its own state: opened, typed into, submitted
    /// and settled.
    private func submitWithCallback(eventLog: [any EventLogSink] = [],
                                    _ callback: @escaping @MainActor (ChangeCredentialState) -> Void) async -> ChangeCredentialState {
        // The callback reaches the state weakly: no cycle for ASan's leak check.
        final class WeakState { weak var state: ChangeCredentialState? }
        let reference = WeakState()
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater(),
                                          configuration: .init(eventLog: eventLog),
                                          onSuccess: { reference.state.map(callback) })
        reference.state = state
        state.open()
        await state.settle()
        state.newValue = "x"
        state.confirmValue = "x"
        state.submit()
        await state.settle()
        return state
    }

    @Test("A schema that fails while only the row shows keeps the fallback name; opening asks again")
    func schemaFailsWhileClosed() async {
        let schema = InMemorySchemaProvider(responses: [.failure(.transport(.timeout)),
                                                        .success(.credential("backupPin", displayName: "Backup PIN"))])
        let harness = StateHarness(schema: schema, attribute: "backupPin")
        harness.step("appear", { harness.state.appear() }, effects: [.requestSchema]) {
            $0.isSchemaLoading = true
            $0.displayName = "Backup Pin"
        }
        await harness.settle(effects: [.trace]) { $0.isSchemaLoading = false }
        harness.step("open", { harness.state.open() }, effects: [.presentSheet, .requestSchema]) {
            $0.phase = .editing
            $0.isPresented = true
            $0.isSchemaLoading = true
        }
        await harness.settle {
            $0.isSchemaLoading = false
            $0.isSubmitEnabled = true
            $0.displayName = "Backup PIN"
        }
        #expect(await schema.callCount == 2)
    }
}
