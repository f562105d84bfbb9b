import ThunderID
import ThunderIDTesting

/// Runs scenario scripts against a real ``ChangeCredentialState`` wired to in-memory fakes.
///
/// The schema provider and the server hold every call until a step answers it
/// (`schema arrives`, `server answers 204`), so the loading and submitting states can be seen.
/// Their answers are queued in the order the steps give them. After each action the executor waits
/// until the state is quiet: every effect task has finished or is waiting for a held answer. A
/// step's effects are read from the debug event log (every step record during the scenario's step).
@MainActor
final class ScenarioExecutor {
    typealias Machine = ChangeCredentialMachine

    /// The outcome of one scenario.
    struct Outcome {
        var passed = 0
        var failures: [SpecFailure] = []
        var notRun = 0
    }

    /// Runs `scenario` against a state whose machine moves by its own table, or by `mutant`.
    func run(_ scenario: ScenarioSpec, mutant: Machine.TransitionFunction? = nil) async -> Outcome {
        let fixture = scenario.fixture
        let policy: CredentialPolicy
        do {
            policy = try fixture.policy()
        } catch {
            return Outcome(passed: 0, failures: [SpecFailure(location: scenario.location, subject: scenario.title,
                                                             expected: "a schema the client can read", actual: "\(error)")],
                           notRun: scenario.steps.count)
        }
        var schemaAnswers: [Result<CredentialPolicy, ThunderIDError>] = []
        var serverAnswers: [ScriptedCredentialUpdater.Outcome] = []
        for step in scenario.steps {
            switch step.action {
            case .schemaArrives: schemaAnswers.append(.success(policy))
            case .schemaFails(let error): schemaAnswers.append(.failure(error))
            case .serverAnswers(nil): serverAnswers.append(.success)
            case .serverAnswers(let error?): serverAnswers.append(.failure(error))
            case .appear, .open, .dismiss, .submit, .toggleMasking, .type, .set: break
            }
        }
        let provider = InMemorySchemaProvider(responses: schemaAnswers.isEmpty ? [.success(policy)] : schemaAnswers,
                                              holdsResponses: fixture.holdsSchema)
        let updater = ScriptedCredentialUpdater(serverAnswers, holdsResponses: true)
        let log = InMemoryEventLog()
        let callbacks = CallbackCounter()
        let budget = CallBudget(calls: 64)
        let state = ChangeCredentialState(
            attribute: fixture.attribute, credentialDisplayName: fixture.credentialDisplayName,
            policyRegex: fixture.policyRegex,
            schemaProvider: BudgetedSchemaProvider(inner: provider, budget: budget),
            updater: BudgetedCredentialUpdater(inner: updater, budget: budget),
            configuration: ChangeCredentialConfiguration(isStrict: fixture.isStrict, eventLog: [log]),
            presentation: fixture.presentation,
            onSuccess: { callbacks.successes += 1 }, onError: { _ in callbacks.errors += 1 },
            mutant: mutant)
        let world = World(state: state, provider: provider, updater: updater, budget: budget, log: log,
                          callbacks: callbacks, holdsSchema: fixture.holdsSchema)

        var outcome = Outcome()
        for (index, step) in scenario.steps.enumerated() {
            let before = log.records.count
            await perform(step.action, in: world)
            let settled = await world.waitUntilQuiet()
            let effects = log.records.dropFirst(before).flatMap { record -> [Machine.Effect] in
                if case .step(let step) = record.body { return step.effects }
                return []
            }
            var mismatches: [(expected: String, actual: String)] = []
            if !settled { mismatches.append(("the state settles", "effects still running after the step")) }
            if state.phase != step.state { mismatches.append(("state \(step.state.rawValue)", "state \(state.phase.rawValue)")) }
            if effects != step.effects {
                mismatches.append(("effects \(EffectPhrase.format(step.effects))", "effects \(EffectPhrase.format(effects))"))
            }
            for observation in step.shows {
                if let actual = await world.mismatch(observation) {
                    mismatches.append((ScenarioObservation.format(observation), actual))
                }
            }
            if mismatches.isEmpty {
                outcome.passed += 1
                continue
            }
            outcome.failures.append(SpecFailure(
                location: step.location, subject: "\(scenario.title), step \(index + 1): \(step.action)",
                expected: mismatches.map(\.expected).joined(separator: "; "),
                actual: mismatches.map(\.actual).joined(separator: "; ")))
            outcome.notRun = scenario.steps.count - index - 1
            break
        }
        // Let held calls finish. No `settle()`: a machine that keeps asking would never settle;
        // the budget parks it instead.
        await provider.release()
        await updater.release()
        return outcome
    }

    private func perform(_ action: ScenarioAction, in world: World) async {
        let state = world.state
        switch action {
        case .appear: state.appear()
        case .open: state.open()
        case .dismiss: state.dismiss()
        case .submit: state.submit()
        case .toggleMasking(let field): state.toggleMasking(field)
        case .type(let text, let field):
            for character in text {
                switch field {
                case .newValue: state.newValue += String(character)
                case .confirmation: state.confirmValue += String(character)
                }
            }
        case .set(let field, let value):
            switch field {
            case .newValue: state.newValue = value
            case .confirmation: state.confirmValue = value
            }
        case .schemaArrives, .schemaFails:
            await world.provider.release()
            if world.holdsSchema { await world.provider.hold() }
        case .serverAnswers:
            await world.updater.release()
            await world.updater.hold()
        }
    }

    /// Counts callback calls (main actor only).
    @MainActor
    final class CallbackCounter {
        var successes = 0
        var errors = 0
    }

    /// Everything a scenario runs against.
    @MainActor
    struct World {
        var state: ChangeCredentialState
        var provider: InMemorySchemaProvider
        var updater: ScriptedCredentialUpdater
        var budget: CallBudget
        var log: InMemoryEventLog
        var callbacks: CallbackCounter
        var holdsSchema: Bool

        /// Waits until every effect task started so far has delivered its outcome or is held by a
        /// fake (or parked by the budget). Effect tasks are counted from the log: each `requestSchema` / `postCredential`
        /// effect starts one; each schema or submission outcome event ends one.
        func waitUntilQuiet() async -> Bool {
            for _ in 0..<100_000 {
                var started = 0, finished = 0
                for record in log.records {
                    guard case .step(let step) = record.body else { continue }
                    started += step.effects.count { $0 == .requestSchema || $0 == .postCredential }
                    switch step.event.kind {
                    case .schemaResolved, .schemaFailed, .submissionSucceeded, .submissionFailed: finished += 1
                    case .appear, .open, .dismiss, .newValueEdited, .confirmationEdited, .toggleMasking, .submit: break
                    }
                }
                let held = await provider.waitingCount + updater.waitingCount + budget.parkedCount
                if started - finished == held { return true }
                await Task.yield()
            }
            return false
        }

        /// `nil` when `observation` holds, else what was seen instead.
        func mismatch(_ observation: ScenarioObservation) async -> String? {
            func compare<T: Equatable>(_ actual: T, _ expected: T, _ describe: (T) -> String) -> String? {
                actual == expected ? nil : describe(actual)
            }
            func quoted(_ label: String) -> (String?) -> String {
                { $0.map { "\(label) \(QuotedText.format($0))" } ?? "no \(label)" }
            }
            switch observation {
            case .displayName(let name): return compare(state.credentialDisplayName, name) { "display name \(QuotedText.format($0))" }
            case .title(let title): return compare(state.title, title) { "title \(QuotedText.format($0))" }
            case .label(.newValue, let label): return compare(state.newValueLabel, label) { "label new value \(QuotedText.format($0))" }
            case .label(.confirmation, let label): return compare(state.confirmationLabel, label) { "label confirmation \(QuotedText.format($0))" }
            case .saveLabel(let label): return compare(state.submitLabel, label) { "save label \(QuotedText.format($0))" }
            case .hint(let hint): return compare(state.requirementHint, hint, quoted("hint"))
            case .error(let error): return compare(state.error, error, quoted("error"))
            case .unavailable(let message): return compare(state.unavailableMessage, message, quoted("unavailable"))
            case .success(let message): return compare(state.successMessage, message, quoted("success"))
            case .loading(let loading): return compare(state.loading, loading) { $0 ? "loading" : "not loading" }
            case .schemaLoading(let loading): return compare(state.isSchemaLoading, loading) { $0 ? "schema loading" : "schema not loading" }
            case .canSubmit(let can):
                // One answer: `evaluation.isValid` must say the same as `canSubmit`.
                if state.evaluation.isValid != state.canSubmit {
                    return "canSubmit \(state.canSubmit) but evaluation.isValid \(state.evaluation.isValid)"
                }
                return compare(state.canSubmit, can) { $0 ? "can submit" : "cannot submit" }
            case .sheetShown(let shown): return compare(state.isPresented, shown) { $0 ? "sheet shown" : "sheet hidden" }
            case .value(.newValue, let value): return compare(state.newValue, value) { "new value \(QuotedText.format($0))" }
            case .value(.confirmation, let value): return compare(state.confirmValue, value) { "confirmation \(QuotedText.format($0))" }
            case .masked(let field, let masked):
                return compare(state.isMasked(field), masked) { "\(MachineContext.phrase(field)) \($0 ? "masked" : "unmasked")" }
            case .valid(let valid): return compare(state.evaluation.passesRules, valid) { $0 ? "valid" : "invalid" }
            case .successFlag(let set): return compare(state.success, set) { $0 ? "success set" : "success not set" }
            case .unavailableFlag(let set):
                return compare(state.unavailable, set) { $0 ? "unavailable set" : "unavailable not set" }
            case .fieldError(let field, let message):
                let label = field == .new ? "field error new" : "field error form"
                return compare(state.fieldError(field), message, quoted(label))
            case .rules(let verdicts):
                let actual = state.evaluation.results.map { RuleVerdict(rule: $0.id, status: $0.status.word) }
                return compare(actual, verdicts) { "rules " + $0.map(\.description).joined(separator: ", ") }
            case .rule(let verdict):
                let actual = state.evaluation[verdict.rule].map { RuleVerdict(rule: $0.id, status: $0.status.word) }
                return compare(actual, verdict) { $0?.description ?? "\(verdict.rule) not reported" }
            case .onSuccess(let count): return compare(callbacks.successes, count) { "onSuccess \($0)" }
            case .onError(let count): return compare(callbacks.errors, count) { "onError \($0)" }
            case .schemaRequests(let count): return compare(await provider.callCount, count) { "schema requests \($0)" }
            case .posts(let count): return compare(await updater.calls.count, count) { "posts \($0)" }
            case .postedLength(let length):
                return compare(await updater.calls.last?.valueLength, length) { $0.map { "posted length \($0)" } ?? "nothing posted" }
            }
        }
    }
}

extension RuleResult.Status {
    /// `passed`, `failed` or `unverifiable`, as specs write it.
    var word: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .unverifiable: "unverifiable"
        }
    }
}
