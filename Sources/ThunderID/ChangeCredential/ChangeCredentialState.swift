import Foundation
import Observation

/// The observable object behind a ChangeCredential row and sheet.
///
/// It owns a ``ChangeCredentialMachine`` and is the only thing that moves it: user actions
/// (``open()``, typing into ``newValue`` / ``confirmValue``, ``submit()`` …) and effect outcomes
/// become machine events; the effects the machine returns are executed here (schema lookup,
/// posting the credential, clearing the values, callbacks, presenting the sheet) and every step is
/// written to the debug event log. The form is checked with the configured ``CredentialRule``s on
/// every edit.
///
/// Works without SwiftUI (`@Observable` through Observation, and `ObservableObject` where Combine
/// exists). Credential values never appear in the log, `description` or `dump()`.
@MainActor
@Observable
public final class ChangeCredentialState {
    /// The credential attribute this instance manages, such as `password`.
    public nonisolated let attribute: String
    /// Identifies this instance in the event log.
    public nonisolated let instanceID: UUID
    /// How the form is checked, worded and logged.
    @ObservationIgnored public nonisolated let configuration: ChangeCredentialConfiguration

    @ObservationIgnored private let displayNameOverride: String?
    @ObservationIgnored private let policyRegex: String?
    @ObservationIgnored private let schemaProvider: any UserSchemaProviding
    @ObservationIgnored private let updater: any CredentialUpdating
    @ObservationIgnored private let onSuccess: (() -> Void)?
    @ObservationIgnored private let onError: (() -> Void)?
    @ObservationIgnored private let sinks: [any EventLogSink]
    @ObservationIgnored private var sequence = 0
    @ObservationIgnored private var tasks: [Int: Task<Void, Never>] = [:]
    @ObservationIgnored private var nextTaskID = 0
    @ObservationIgnored private var pendingEvents: [ChangeCredentialMachine.Event] = []
    @ObservationIgnored private var isSending = false
    @ObservationIgnored private var loggedReasons: Set<String> = []

    private var typedNewValue = RedactedText()
    private var typedConfirmValue = RedactedText()

    /// The machine as it stands (state, schema status, form validity, failure, masking).
    public private(set) var machine = ChangeCredentialMachine()
    /// The form checked against every rule, recomputed on each edit and when the schema arrives.
    public private(set) var evaluation: CredentialEvaluation
    /// Whether the sheet is shown (driven by the machine's present/dismiss effects).
    public private(set) var isPresented = false
    /// The last schema answer for ``attribute``, if any.
    public private(set) var policy: CredentialPolicy?

    /// Creates the state. Nothing happens until ``appear()`` or ``open()``.
    ///
    /// - Parameters:
    ///   - attribute: The credential attribute to manage. Defaults to `"password"`.
    ///   - credentialDisplayName: Overrides the display name resolved from the schema.
    ///   - policyRegex: Overrides the schema regex.
    ///   - schemaProvider: Supplies the schema (``ThunderIDState`` in an app).
    ///   - updater: Posts the change (``ThunderIDClient`` in an app).
    ///   - configuration: Rules, strings, error messages, event log.
    ///   - onSuccess: Called once after each successful change.
    ///   - onError: Called once after each failed change.
    public init(attribute: String = "password", credentialDisplayName: String? = nil, policyRegex: String? = nil,
                schemaProvider: any UserSchemaProviding, updater: any CredentialUpdating,
                configuration: ChangeCredentialConfiguration = .init(),
                onSuccess: (() -> Void)? = nil, onError: (() -> Void)? = nil) {
        self.attribute = attribute
        self.instanceID = UUID()
        self.configuration = configuration
        self.displayNameOverride = credentialDisplayName
        self.policyRegex = policyRegex
        self.schemaProvider = schemaProvider
        self.updater = updater
        self.onSuccess = onSuccess
        self.onError = onError
        var sinks = configuration.eventLog
        if configuration.readsEnvironment {
            do {
                sinks += try EventLogEnvironment.sinks(from: ProcessInfo.processInfo.environment)
            } catch {
                FileHandle.standardError.write(Data("ThunderID: \(error)\n".utf8))
            }
        }
        self.sinks = sinks
        let context = CredentialRuleContext(
            attribute: attribute,
            displayName: credentialDisplayName ?? Self.titleCased(attribute),
            regex: policyRegex, hint: nil, isStrict: configuration.isStrict, strings: configuration.strings)
        self.evaluation = CredentialEvaluation.evaluate(
            CredentialInput(newValue: "", confirmation: "", context: context), rules: configuration.rules)
        log(.start(EventLogRecord.StartOptions(
            isStrict: configuration.isStrict, hasPolicyRegex: policyRegex != nil,
            hasDisplayNameOverride: credentialDisplayName != nil, rules: configuration.rules.map(\.id))))
    }

    // MARK: - Values

    /// The new value. Setting it re-evaluates the form and sends the edit to the machine.
    /// While no form is shown (closed, unavailable, after success) a write is logged and dropped.
    public var newValue: String {
        get { typedNewValue.value }
        set { edit(.newValue, to: newValue) }
    }

    /// The confirmation. Setting it re-evaluates the form and sends the edit to the machine.
    /// While no form is shown (closed, unavailable, after success) a write is logged and dropped.
    public var confirmValue: String {
        get { typedConfirmValue.value }
        set { edit(.confirmation, to: newValue) }
    }

    // MARK: - What the views show

    /// Where the flow is.
    public var phase: ChangeCredentialMachine.State { machine.state }

    /// Whether the change is being posted (Save shows "Saving…", fields are locked).
    public var loading: Bool { machine.isSubmitting }

    /// Whether the schema is still being fetched (Save stays disabled).
    public var isSchemaLoading: Bool { machine.isSchemaLoading }

    /// Whether Save may be pressed: the schema declares the credential, the form is valid and no
    /// request is in flight.
    public var canSubmit: Bool { machine.canSubmit }

    /// Whether the built-in sheet's Save button is enabled: the form is shown, the schema has
    /// resolved (or failed, and Save retries it) and nothing is being posted. Unlike ``canSubmit``
    /// it does not require a valid form: pressing Save on an invalid form shows what is wrong.
    public var isSubmitEnabled: Bool {
        switch machine.state {
        case .editing, .invalid: machine.schema == .resolved(available: true)
        case .failed: true
        case .closed, .unavailable, .submitting, .succeeded: false
        }
    }

    /// The name shown for the credential: the `credentialDisplayName` override, else the schema's
    /// `displayName`, else the title-cased attribute.
    public var credentialDisplayName: String {
        displayNameOverride ?? policy?.displayName ?? Self.titleCased(attribute)
    }

    /// The requirement hint shown under the fields when a regex applies: the schema
    /// `description`, else the generic hint.
    public var requirementHint: String? {
        guard effectiveRegex != nil else { return nil }
        return policy?.hint ?? text(.requirementHintFallback)
    }

    /// The message to show: the failure's message in ``ChangeCredentialMachine/State/failed``,
    /// the first blocking rule's message in ``ChangeCredentialMachine/State/invalid``, else `nil`.
    public var error: String? {
        switch machine.state {
        case .failed:
            switch machine.failure {
            case .submission(let error)?:
                return configuration.errorMessages.message(for: error, strings: configuration.strings,
                                                           credential: credentialDisplayName)
            case .schema(let error)?:
                let reason = configuration.errorMessages.message(for: error, strings: configuration.strings,
                                                                 credential: credentialDisplayName)
                return text(.schemaFailed, values: ["reason": reason])
            case nil:
                return nil
            }
        case .invalid:
            return evaluation.firstBlockingFailure?.message
        case .closed, .unavailable, .editing, .submitting, .succeeded:
            return nil
        }
    }

    /// The notice title when the schema does not declare the credential (only in `unavailable`).
    public var unavailableTitle: String? { phase == .unavailable ? text(.unavailableTitle) : nil }

    /// The notice body when the schema does not declare the credential (only in `unavailable`).
    public var unavailableMessage: String? { phase == .unavailable ? text(.unavailableMessage) : nil }

    /// The confirmation after a successful change (only in `succeeded`).
    public var successMessage: String? { phase == .succeeded ? text(.success) : nil }

    /// The sheet title, "Change {credential}".
    public var title: String { text(.title) }
    /// The new-value field's label and placeholder.
    public var newValueLabel: String { text(.newValueLabel) }
    /// The confirmation field's label and placeholder.
    public var confirmationLabel: String { text(.confirmationLabel) }
    /// "Save", or "Saving…" while posting.
    public var submitLabel: String { text(loading ? .saving : .save) }
    /// "Cancel".
    public var cancelLabel: String { text(.cancel) }

    /// Whether `field` shows its value masked.
    public func isMasked(_ field: ChangeCredentialMachine.Field) -> Bool {
        machine.masked[field] ?? true
    }

    /// The accessibility label of `field`'s eye button ("Show password" / "Hide password").
    public func maskingLabel(_ field: ChangeCredentialMachine.Field) -> String {
        text(isMasked(field) ? .showValue : .hideValue)
    }

    // MARK: - User actions

    /// The row appeared: fetch the schema so the row can show its display name.
    public func appear() { send(.appear) }

    /// Opens the sheet (the schema is fetched when not known yet).
    public func open() { send(.open) }

    /// Closes the sheet and clears the values; ignored while a change is being posted.
    public func dismiss() { send(.dismiss) }

    /// Presses Save (or retries after a failure).
    public func submit() { send(.submit) }

    /// Flips `field` between masked and plain text.
    public func toggleMasking(_ field: ChangeCredentialMachine.Field) { send(.toggleMasking(field)) }

    /// Waits until every effect in flight (schema lookups, posts) has finished and sent its
    /// outcome, including effects those outcomes started. For tests and scripted drivers.
    public func settle() async {
        while let (id, task) = tasks.first {
            await task.value
            tasks[id] = nil
        }
    }

    // MARK: - Machine plumbing

    private var effectiveRegex: String? { policyRegex ?? policy?.regex }

    private func text(_ key: ChangeCredentialStrings.Key, values: [String: String] = [:]) -> String {
        configuration.strings.text(key, credential: credentialDisplayName, values: values)
    }

    private var formIsShown: Bool {
        switch machine.state {
        case .editing, .invalid, .submitting, .failed: true
        case .closed, .unavailable, .succeeded: false
        }
    }

    private func edit(_ field: ChangeCredentialMachine.Field, to value: String) {
        let typed = RedactedText(value)
        let current = field == .newValue ? typedNewValue : typedConfirmValue
        guard typed != current else { return }
        if formIsShown {
            switch field {
            case .newValue: typedNewValue = typed
            case .confirmation: typedConfirmValue = typed
            }
            reevaluate()
        }
        switch field {
        case .newValue: send(.newValueEdited(form: evaluation.validity))
        case .confirmation: send(.confirmationEdited(form: evaluation.validity))
        }
    }

    private func reevaluate() {
        let context = CredentialRuleContext(
            attribute: attribute, displayName: credentialDisplayName, regex: effectiveRegex, hint: policy?.hint,
            isStrict: configuration.isStrict, strings: configuration.strings)
        evaluation = CredentialEvaluation.evaluate(
            CredentialInput(newValue: typedNewValue.value, confirmation: typedConfirmValue.value, context: context),
            rules: configuration.rules)
        log(.evaluation(EventLogRecord.EvaluationSummary(evaluation, input: inputSummary)))
        for result in evaluation.unverifiable {
            guard case .unverifiable(let reason) = result.status, loggedReasons.insert(reason).inserted else { continue }
            let mode = configuration.isStrict ? "strict: submission blocked" : "lenient: submission allowed, the server decides"
            log(.note("rule \(result.id) unverifiable (\(mode)): \(reason)"))
        }
    }

    private var inputSummary: EventLogRecord.InputSummary {
        EventLogRecord.InputSummary(newValueLength: typedNewValue.value.count,
                                    confirmationLength: typedConfirmValue.value.count)
    }

    private func send(_ event: ChangeCredentialMachine.Event) {
        pendingEvents.append(event)
        // A callback run as an effect may call back in (e.g. `open()` from `onSuccess`): queue it.
        guard !isSending else { return }
        isSending = true
        defer { isSending = false }
        while !pendingEvents.isEmpty {
            let next = pendingEvents.removeFirst()
            let before = machine
            let input: EventLogRecord.InputSummary? = switch next.kind {
            case .newValueEdited, .confirmationEdited: inputSummary
            case .appear, .open, .dismiss, .schemaResolved, .schemaFailed, .toggleMasking, .submit,
                 .submissionSucceeded, .submissionFailed: nil
            }
            log(.event(next, input: input))
            var after = machine
            let effects = after.handle(next)
            machine = after
            log(.transition(from: before, event: next.kind, to: after, effects: effects))
            for effect in effects { run(effect) }
        }
    }

    private func run(_ effect: ChangeCredentialMachine.Effect) {
        log(.effect(effect))
        switch effect {
        case .requestSchema:
            let provider = schemaProvider, attribute = attribute
            track { [weak self] in
                do throws(ThunderIDError) {
                    let policy = try await provider.credentialPolicy(for: attribute)
                    self?.schemaArrived(policy)
                } catch {
                    self?.send(.schemaFailed(error))
                }
            }
        case .postCredential:
            let updater = updater, attribute = attribute, value = typedNewValue
            let scrubber = SecretScrubber(secrets: [typedNewValue.value, typedConfirmValue.value])
            track { [weak self] in
                do throws(ThunderIDError) {
                    try await updater.updateUserCredentials(attribute: attribute, newValue: value.value)
                    self?.send(.submissionSucceeded)
                } catch {
                    // A server may quote the value back: it never reaches the machine, the log or a description.
                    self?.send(.submissionFailed(scrubber.scrub(error)))
                }
            }
        case .clearValues:
            typedNewValue = RedactedText()
            typedConfirmValue = RedactedText()
            reevaluate()
        case .notifySuccess:
            onSuccess?()
        case .notifyError:
            onError?()
        case .presentSheet:
            isPresented = true
        case .dismissSheet:
            isPresented = false
        case .trace:
            break  // The effect record above is the whole job.
        }
    }

    private func schemaArrived(_ policy: CredentialPolicy) {
        self.policy = policy
        reevaluate()
        send(.schemaResolved(available: policy.isCredential, form: evaluation.validity))
    }

    private func track(_ operation: @escaping @MainActor () async -> Void) {
        let id = nextTaskID
        nextTaskID += 1
        // The task cannot start before this synchronous main-actor code returns, so the entry
        // exists before the task removes it.
        tasks[id] = Task { @MainActor [weak self] in
            await operation()
            self?.tasks[id] = nil
        }
    }

    private func log(_ body: EventLogRecord.Body) {
        guard !sinks.isEmpty else { return }
        sequence += 1
        let millis = (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000
        let scrubbed = SecretScrubber(secrets: [typedNewValue.value, typedConfirmValue.value]).scrub(body)
        let record = EventLogRecord(sequence: sequence, timestamp: Date(timeIntervalSince1970: millis),
                                    instance: instanceID.uuidString, attribute: attribute, body: scrubbed)
        for sink in sinks { sink.record(record) }
    }

    // MARK: - Display name fallback

    /// `attribute` title-cased for display: words split at `_`, `-`, spaces and lower-to-upper
    /// case changes, each capitalized (`password` → "Password", `recovery_code` → "Recovery Code",
    /// `backupPin` → "Backup Pin").
    public nonisolated static func titleCased(_ attribute: String) -> String {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in attribute {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

extension ChangeCredentialState: CustomStringConvertible, CustomDebugStringConvertible {
    // Only immutable, non-secret facts: safe from any isolation domain.
    public nonisolated var description: String {
        "ChangeCredentialState(attribute: \(attribute), instance: \(instanceID.uuidString))"
    }

    public nonisolated var debugDescription: String { description }
}

#if canImport(Combine)
import Combine

// SwiftUI tracks `@Observable` reads on its own (iOS 17 / macOS 14); the conformance lets callers
// hold the state in `@ObservedObject` / `@StateObject` as the product documentation shows.
extension ChangeCredentialState: ObservableObject {}
#endif
