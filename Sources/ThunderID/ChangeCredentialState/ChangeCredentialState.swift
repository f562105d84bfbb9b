import Foundation
import Observation

/// The observable object behind a ChangeCredential row and sheet, or an inline form.
///
/// With ``ChangeCredentialMachine/Presentation/sheet`` (the styled `ChangeCredential`) the form
/// exists between ``open()`` and ``dismiss()`` or a success. With
/// ``ChangeCredentialMachine/Presentation/inline`` (`BaseChangeCredential` and any custom form)
/// the form is open from ``appear()`` on: it loads the schema, takes edits, submits, and after a
/// success it is ready again with cleared values.
///
/// A custom UI enables Save on ``canSubmit`` (the same answer as `evaluation.isValid`), shows
/// ``error`` (every message, including the unavailable notice) and, if it places errors per field,
/// ``fieldError(_:)``.
///
/// It owns a ``ChangeCredentialMachine`` and is the only thing that moves it: user actions
/// (``open()``, typing into ``newValue`` / ``confirmValue``, ``submit()`` …) and effect outcomes
/// become machine events; the effects the machine returns are executed here (schema lookup,
/// posting the credential, clearing the values, callbacks, presenting the sheet) and every step is
/// written to the debug event log. The form is checked with the configured ``CredentialRule``s on
/// every edit.
///
/// Works without SwiftUI: it is `Observable` (Observation), and `ObservableObject` where Combine
/// exists. Credential values never appear in the log, `description` or `dump()`.
@MainActor
public final class ChangeCredentialState: Observable {
    /// Where the form lives: ``ChangeCredentialMachine/Presentation/sheet`` (a row that opens a
    /// sheet) or ``ChangeCredentialMachine/Presentation/inline`` (always on screen).
    package typealias Presentation = ChangeCredentialMachine.Presentation

    /// The credential attribute this instance manages, such as `password`.
    public nonisolated let attribute: String
    /// Identifies this instance in the event log.
    package nonisolated let instanceID: UUID
    /// How the form is checked, worded and logged.
    package nonisolated let configuration: ChangeCredentialConfiguration

    private let displayNameOverride: String?
    private let policyRegex: String?
    private let schemaProvider: any UserSchemaProviding
    private let updater: any CredentialUpdating
    private let onSuccess: (() -> Void)?
    private let onError: ((ThunderIDError) -> Void)?
    /// How the machine moves: `ChangeCredentialMachine.handle(_:)`, unless the spec runner
    /// passed a mutant through the `package` initializer.
    private let transition: ChangeCredentialMachine.TransitionFunction
    private let sinks: [EventLogDestination]
    /// Whether any sink exists: without one, no record body is ever built.
    private let isLogging: Bool
    private var sequence = 0
    private var tasks: [Int: Task<Void, Never>] = .init()
    private var nextTaskID = 0
    private var pendingEvents: [ChangeCredentialMachine.Event] = []
    private var isSending = false
    private var loggedReasons: Set<String> = []
    /// Whether the unverifiable results of the evaluation made at init have been noted.
    private var notedFirstResults = false
    private let instanceText: String
    /// The policy the rules check, rebuilt when the schema answers (``updatePolicyContext()``).
    private var ruleContext: CredentialRuleContext { rules.input.context }
    /// The configured rules prepared for ``ruleContext`` (a schema regex compiled once), with
    /// their last results.
    private let rules: PreparedRules
    /// The last evaluation record's summary (rebuilt when the evaluation changes; a keystroke that
    /// changes no verdict updates its lengths alone).
    private var loggedEvaluation: EventLogRecord.EvaluationSummary?
    /// The lengths of the values as they stand, once counted (reset when a value changes).
    private var summary: EventLogRecord.InputSummary?
    // Observation by hand, as Apple documents for `Observable` without the macro: each observed
    // property below reads through `access(_:keyPath:)` and writes through
    // `withMutation(of:keyPath:_:)`, which also announces the change to Combine (see the type).
    // An assignment of an equal value changes nothing and tells nobody, as with `@Observable`.
    private let registrar = AnnouncingObservationRegistrar()

    // The typed values live in `rules.input` (what the rules read; its description and mirror
    // show lengths only) and are observed through these key paths, made once: ``newValue`` and
    // ``confirmValue`` report their reads and writes by hand, to a registrar of their own, so a
    // keystroke tells only the observers of the values (the built-in views observe everything
    // but the values). Until a value is read through ``newValue`` or ``confirmValue`` (the only
    // way an observer of the values can register), that registrar has nobody to tell and is not
    // asked, since Observation's bookkeeping takes a lock and hashes a key path per call even
    // with no observer. Combine subscribers hear every change regardless.
    private let valueRegistrar = AnnouncingObservationRegistrar()
    private var valuesObservable = false
    private static let newValueKey: KeyPath<ChangeCredentialState, String> = \.newValue
    private static let confirmValueKey: KeyPath<ChangeCredentialState, String> = \.confirmValue

    /// The machine as it stands (state, schema status, form validity, failure, masking).
    package private(set) var machine: ChangeCredentialMachine {
        get { registrar.access(self, keyPath: \.machine); return _machine }
        set {
            guard newValue != _machine else { return }
            registrar.withMutation(of: self, keyPath: \.machine) { _machine = newValue }
        }
    }
    private var _machine: ChangeCredentialMachine
    /// The rules' verdicts alone, recomputed on each edit and when the schema arrives.
    package private(set) var ruleEvaluation: CredentialEvaluation {
        get { registrar.access(self, keyPath: \.ruleEvaluation); return _ruleEvaluation }
        set {
            guard newValue != _ruleEvaluation else { return }
            registrar.withMutation(of: self, keyPath: \.ruleEvaluation) { _ruleEvaluation = newValue }
        }
    }
    private var _ruleEvaluation: CredentialEvaluation
    /// Whether the last change succeeded; reset when the next submission starts (as in the
    /// ThunderID iOS SDK).
    public private(set) var success: Bool {
        get { registrar.access(self, keyPath: \.success); return _success }
        set {
            guard newValue != _success else { return }
            registrar.withMutation(of: self, keyPath: \.success) { _success = newValue }
        }
    }
    private var _success: Bool = false
    /// Whether the sheet is shown (driven by the machine's present/dismiss effects).
    package private(set) var isPresented: Bool {
        get { registrar.access(self, keyPath: \.isPresented); return _isPresented }
        set {
            guard newValue != _isPresented else { return }
            registrar.withMutation(of: self, keyPath: \.isPresented) { _isPresented = newValue }
        }
    }
    private var _isPresented: Bool = false
    /// The last schema answer for ``attribute``, if any.
    package private(set) var policy: CredentialPolicy? {
        get { registrar.access(self, keyPath: \.policy); return _policy }
        set {
            guard newValue != _policy else { return }
            registrar.withMutation(of: self, keyPath: \.policy) { _policy = newValue }
        }
    }
    private var _policy: CredentialPolicy? = nil
    /// The views' texts for the current display name, rendered once per schema answer.
    private(set) var texts: ChangeCredentialTexts {
        get { registrar.access(self, keyPath: \.texts); return _texts }
        set {
            guard newValue != _texts else { return }
            registrar.withMutation(of: self, keyPath: \.texts) { _texts = newValue }
        }
    }
    private var _texts: ChangeCredentialTexts
    /// Whether the change is being posted (Save shows "Saving…", fields are locked).
    public private(set) var loading: Bool {
        get { registrar.access(self, keyPath: \.loading); return _loading }
        set {
            guard newValue != _loading else { return }
            registrar.withMutation(of: self, keyPath: \.loading) { _loading = newValue }
        }
    }
    private var _loading: Bool = false
    /// What the built-in sheet shows, as one value (see ``ChangeCredentialSheetModel``).
    package private(set) var sheetModel: ChangeCredentialSheetModel {
        get { registrar.access(self, keyPath: \.sheetModel); return _sheetModel }
        set {
            guard newValue != _sheetModel else { return }
            registrar.withMutation(of: self, keyPath: \.sheetModel) { _sheetModel = newValue }
        }
    }
    private var _sheetModel: ChangeCredentialSheetModel
    /// The texts announced to assistive technologies when they appear.
    package private(set) var announcement: ChangeCredentialAnnouncement {
        get { registrar.access(self, keyPath: \.announcement); return _announcement }
        set {
            guard newValue != _announcement else { return }
            registrar.withMutation(of: self, keyPath: \.announcement) { _announcement = newValue }
        }
    }
    private var _announcement: ChangeCredentialAnnouncement = ChangeCredentialAnnouncement(error: nil, success: nil)

    /// Creates the state. Nothing happens until ``appear()`` or ``open()``.
    ///
    /// - Parameters:
    ///   - attribute: The credential attribute to manage. Defaults to `"password"`.
    ///   - credentialDisplayName: Overrides the display name resolved from the schema.
    ///   - policyRegex: Overrides the schema regex.
    ///   - schemaProvider: Supplies the schema (``ThunderIDState`` in an app).
    ///   - updater: Posts the change (``ThunderIDClient`` in an app).
    ///   - configuration: Rules, strings, error messages, event log.
    ///   - presentation: `.sheet` (a row that opens a sheet, the default) or `.inline` (the form
    ///     is open from ``appear()`` on).
    ///   - onSuccess: Called once after each successful change.
    ///   - onError: Called once after each failed change. To receive the failure, pass a closure
    ///     that takes a ``ThunderIDError`` instead.
    public convenience init(attribute: String = "password", credentialDisplayName: String? = nil, policyRegex: String? = nil,
                            schemaProvider: any UserSchemaProviding, updater: any CredentialUpdating,
                            configuration: ChangeCredentialConfiguration = .init(),
                            presentation: ChangeCredentialMachine.Presentation = .sheet,
                            onSuccess: (() -> Void)? = nil, onError: (() -> Void)? = nil) {
        self.init(attribute: attribute, credentialDisplayName: credentialDisplayName, policyRegex: policyRegex,
                  schemaProvider: schemaProvider, updater: updater, configuration: configuration,
                  presentation: presentation, onSuccess: onSuccess, onError: onError.map { handler in { _ in handler() } },
                  transition: ChangeCredentialMachine.handling)
    }

    /// Creates a state whose machine moves with `transition`: for the spec runner's mutants.
    ///
    /// Never inlined: the body is large and a state is created once per view, so a copy in each
    /// initializer that calls it (and in `ChangeCredentialStateKey.makeState`) would only add code.
    @inline(never)
    package init(attribute: String, credentialDisplayName: String?, policyRegex: String?,
                 schemaProvider: any UserSchemaProviding, updater: any CredentialUpdating,
                 configuration: ChangeCredentialConfiguration, presentation: ChangeCredentialMachine.Presentation,
                 onSuccess: (() -> Void)?, onError: ((ThunderIDError) -> Void)?,
                 transition: @escaping ChangeCredentialMachine.TransitionFunction) {
        self.transition = transition
        let machine = ChangeCredentialMachine(presentation: presentation)
        self._machine = machine
        self.attribute = attribute
        self.instanceID = UUID()
        self.configuration = configuration
        self.displayNameOverride = credentialDisplayName
        self.policyRegex = policyRegex
        self.schemaProvider = schemaProvider
        self.updater = updater
        self.onSuccess = onSuccess
        self.onError = onError
        let sinks = configuration.eventLog
        self.sinks = sinks.map(EventLogDestination.init)
        self.isLogging = !sinks.isEmpty
        self.instanceText = instanceID.uuidString
        let displayName = Self.shownDisplayName(credentialDisplayName ?? Self.fallbackDisplayName(attribute, strings: configuration.strings))
        let context = CredentialRuleContext(
            attribute: attribute, displayName: displayName,
            regex: policyRegex, hint: nil, isStrict: configuration.isStrict, strings: configuration.strings)
        let rules = PreparedRules(configuration.rules, input: CredentialInput(newValue: "", confirmation: "", context: context))
        self.rules = rules
        var texts = ChangeCredentialTexts(strings: configuration.strings, displayName: displayName)
        texts.requirementHint = policyRegex == nil ? nil : texts.requirementHintFallback
        texts.entry = CredentialEntry.forCredential(attribute: attribute, isNumeric: false, regex: policyRegex)
        self._texts = texts
        // Closed: no error, nothing announced, nothing posted (the defaults above).
        self._sheetModel = Self.makeSheetModel(machine: machine, texts: texts, error: nil)
        self._ruleEvaluation = CredentialEvaluation(results: rules.evaluationResults, isStrict: context.isStrict)
        if isLogging {
            log(.start(EventLogRecord.StartOptions(
                isStrict: configuration.isStrict, hasPolicyRegex: policyRegex != nil,
                hasDisplayNameOverride: credentialDisplayName != nil, rules: configuration.rules.map(\.id))))
        }
    }

    // Released with a post in flight, the state ends it: the request is cancelled (the server may
    // still apply a change it already received) and no callback runs. Records typed since the last
    // outcome or dismissal reach a buffering sink's storage here too.
    deinit {
        for task in tasks.values { task.cancel() }
        for sink in sinks { sink.flush() }
    }

    // MARK: - Values

    /// The new value. Setting it re-evaluates the form and sends the edit to the machine.
    /// While no field is shown (closed, unavailable, a sheet after success) a write is logged and
    /// dropped.
    public var newValue: String {
        get {
            valuesObservable = true
            valueRegistrar.access(self, keyPath: Self.newValueKey)
            return rules.input.newValue
        }
        // Named: the setter's implicit `newValue` would read as this property.
        set(typed) { edit(.newValue, to: typed) }
    }

    /// The confirmation. Setting it re-evaluates the form and sends the edit to the machine.
    /// While no field is shown (closed, unavailable, a sheet after success) a write is logged and
    /// dropped.
    public var confirmValue: String {
        get {
            valuesObservable = true
            valueRegistrar.access(self, keyPath: Self.confirmValueKey)
            return rules.input.confirmation
        }
        set(typed) { edit(.confirmation, to: typed) }
    }

    /// The typed value of `field`, read without an observation: for the built-in sheet's text
    /// fields. A text field shows what the user types, and the state replaces the values of a
    /// sheet only as the sheet closes (``ChangeCredentialMachine/Effect/clearValues`` comes with
    /// ``ChangeCredentialMachine/Effect/dismissSheet``), so the sheet need not be evaluated again
    /// for each keystroke. A custom form binds ``newValue`` and ``confirmValue``, which are observed.
    package func untrackedValue(_ field: ChangeCredentialMachine.Field) -> String {
        switch field {
        case .newValue: rules.input.newValue
        case .confirmation: rules.input.confirmation
        }
    }

    /// Writes `value` into `field`, as typing into it does (``newValue`` or ``confirmValue``).
    package func setValue(_ value: String, for field: ChangeCredentialMachine.Field) {
        edit(field, to: value)
    }

    // MARK: - What the views show

    /// Where the flow is.
    public var phase: ChangeCredentialMachine.State { machine.state }

    /// Whether the schema is still being fetched: the built-in sheet shows "Loading…"
    /// (``loadingLabel``) and Save stays disabled.
    public var isSchemaLoading: Bool { machine.isSchemaLoading }

    /// Whether the schema does not declare ``attribute`` `credential: true`: no change is possible
    /// and ``error`` says so (as the ThunderID iOS SDK's `unavailable`). `false` until the schema
    /// has answered.
    public var unavailable: Bool { machine.schema == .resolved(available: false) }

    /// **The** answer to "may Save be pressed now?", for any custom UI: the fields are shown, the
    /// schema is not loading and declares the credential (or failed, and Save fetches it again),
    /// the form passes every blocking rule, and nothing is being posted.
    /// `evaluation.isValid` gives the same answer, so `.disabled(!state.evaluation.isValid ||
    /// state.loading)` and `.disabled(!state.canSubmit)` agree.
    public var canSubmit: Bool { machine.canSubmit }

    /// The form checked against every rule, with ``CredentialEvaluation/isValid`` equal to
    /// ``canSubmit`` (it also says no while the schema loads, when the credential is unavailable
    /// and while posting). ``CredentialEvaluation/passesRules`` is the rules' verdict alone.
    public var evaluation: CredentialEvaluation {
        var gated = ruleEvaluation
        gated.isValid = machine.canSubmit
        return gated
    }

    /// Only for the styled sheet's Save button, which stays pressable on a form that breaks a rule
    /// so that pressing it shows what is wrong: the fields are shown, the schema is not loading
    /// and declares the credential (or failed) and nothing is being posted.
    /// A custom UI uses ``canSubmit`` instead.
    package var isSubmitEnabled: Bool { Self.isSubmitEnabled(machine) }

    static func isSubmitEnabled(_ machine: ChangeCredentialMachine) -> Bool {
        guard machine.acceptsEdits, machine.state != .submitting else { return false }
        switch machine.schema {
        case .resolved(let available): return available
        case .unrequested, .failed: return true
        case .loading: return false
        }
    }

    /// The name shown for the credential: the `credentialDisplayName` override, else the schema's
    /// `displayName`, else the title-cased attribute.
    public var credentialDisplayName: String { texts.displayName }

    /// The requirement hint shown under the fields when a regex applies: the schema
    /// `description`, else the generic hint.
    /// `nil` when the credential is unavailable (there is no form to hint at).
    public var requirementHint: String? { Self.requirementHint(machine: machine, texts: texts) }

    static func requirementHint(machine: ChangeCredentialMachine, texts: ChangeCredentialTexts) -> String? {
        machine.schema == .resolved(available: false) ? nil : texts.requirementHint
    }

    /// The one message a form with a single error line shows: the unavailable notice ("changes
    /// are not possible … contact your administrator") in ``ChangeCredentialMachine/State/unavailable``,
    /// the failure's message in ``ChangeCredentialMachine/State/failed``, the first blocking
    /// rule's message in ``ChangeCredentialMachine/State/invalid``, else `nil`.
    ///
    /// Unlike the ThunderID iOS SDK, a value the server refused (400) is here too, so a form that
    /// shows only `error` (as the product documentation's custom form does) misses nothing. A form
    /// that places messages per field uses ``fieldError(_:)`` for both places instead.
    public var error: String? { errorText(machine: machine, texts: texts) }

    /// ``error`` for a machine and texts already read (one observation each).
    func errorText(machine: ChangeCredentialMachine, texts: ChangeCredentialTexts) -> String? {
        switch machine.state {
        case .unavailable:
            return texts.unavailableMessage
        case .failed:
            switch machine.failure {
            case .submission(let error)?:
                return configuration.errorMessages.message(for: error, strings: configuration.strings,
                                                           credential: texts.displayName)
            case .schema(let error)?:
                let reason = configuration.errorMessages.message(for: error, strings: configuration.strings,
                                                                 credential: texts.displayName)
                return configuration.strings.text(.schemaFailed, credential: texts.displayName, values: ["reason": reason])
            case nil:
                return nil
            }
        case .invalid:
            return ruleEvaluation.firstBlockingFailure?.message
        case .closed, .editing, .submitting, .succeeded:
            return nil
        }
    }

    /// The message that belongs to `field`, as in the ThunderID iOS SDK: `.new` holds the message
    /// of a 400 failure about the value itself (the server refused it, USR-1024); `.form` holds
    /// every other message of ``error`` (the notice, other failures, a broken rule), so
    /// `fieldError(.new)` and `fieldError(.form)` never repeat each other.
    public func fieldError(_ field: CredentialField) -> String? {
        let refusedValue: Bool
        if machine.state == .failed, case .submission(let failure)? = machine.failure,
           CredentialField.field(for: failure) == .new {
            refusedValue = true
        } else {
            refusedValue = false
        }
        switch field {
        case .new: return refusedValue ? error : nil
        case .form: return refusedValue ? nil : error
        }
    }

    /// The notice title when the schema does not declare the credential (only in `unavailable`;
    /// ``error`` carries the notice's body then).
    public var unavailableTitle: String? { phase == .unavailable ? texts.unavailableTitle : nil }

    /// The notice body when the schema does not declare the credential (only in `unavailable`).
    public var unavailableMessage: String? { phase == .unavailable ? texts.unavailableMessage : nil }

    /// The confirmation after a successful change (only in `succeeded`).
    public var successMessage: String? { phase == .succeeded ? texts.success : nil }

    /// The sheet title, "Change {credential}".
    public var title: String { texts.title }
    /// The new-value field's label and placeholder.
    public var newValueLabel: String { texts.newValueLabel }
    /// The confirmation field's label and placeholder.
    public var confirmationLabel: String { texts.confirmationLabel }
    /// The submit button's label: "Change", or "Changing…" while posting.
    public var submitLabel: String { loading ? texts.submitting : texts.submit }
    /// "Cancel".
    public var cancelLabel: String { texts.cancel }

    /// Whether `field` shows its value masked (a secure field). Both start masked, and a sheet
    /// that closes masks them again.
    public func isMasked(_ field: ChangeCredentialMachine.Field) -> Bool {
        machine.isMasked(field)
    }

    /// The label of `field`'s show/hide button: "Show password" while masked, "Hide password"
    /// while shown (the built-in sheet's eye button reads it to VoiceOver).
    public func maskingLabel(_ field: ChangeCredentialMachine.Field) -> String {
        isMasked(field) ? texts.showValue : texts.hideValue
    }

    // MARK: - User actions

    /// The view appeared. A row (`.sheet`) fetches the schema for its display name; an inline form
    /// opens: it fetches the schema and takes edits from now on.
    public func appear() { send(.appear) }

    /// Opens the sheet (the schema is fetched when not known yet).
    public func open() { send(.open) }

    /// Closes the sheet and clears the values; ignored while a change is being posted.
    public func dismiss() { send(.dismiss) }

    /// Presses Save (or retries after a failure). Pressed while the schema is still loading (or
    /// after it failed to load), the submit is not lost: it waits for the schema, then posts, or
    /// shows the broken rule, or the unavailable notice.
    public func submit() { send(.submit) }

    /// Flips `field` between masked and plain text, as the built-in sheet's eye button does.
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

    var effectiveRegex: String? { policyRegex ?? policy?.regex }

    // The keystroke path reads the observable properties' storage (`_machine`, `rules.input`,
    // `_ruleEvaluation`) directly: reads inside the state are not
    // observations, and each tracked read would look up a key path. Writes go through the
    // properties, so observers hear of every change.

    private func edit(_ field: ChangeCredentialMachine.Field, to value: String) {
        // Members are read one by one from the stored values: reading a computed property of a
        // stored struct copies the struct first.
        let current = field == .newValue ? rules.input.newValue : rules.input.confirmation
        guard !value.hasSameBytes(as: current) else { return }
        if ChangeCredentialMachine.acceptsEdits(state: _machine.state, presentation: _machine.presentation) {
            store(value, in: field)
            summary = nil
            reevaluate(after: CredentialInput.Fields(field))
        }
        let form: ChangeCredentialMachine.Validity = _ruleEvaluation.passesRules ? .valid : .invalid
        switch field {
        case .newValue: send(.newValueEdited(form: form))
        case .confirmation: send(.confirmationEdited(form: form))
        }
    }

    /// Replaces the value of `field`, telling the observers of the values.
    private func store(_ value: String, in field: ChangeCredentialMachine.Field) {
        willChangeValue(field)
        switch field {
        case .newValue: rules.input.newValue = value
        case .confirmation: rules.input.confirmation = value
        }
        didChangeValue(field)
    }

    /// Tells the observers of a typed value that it will change (see `valuesObservable`).
    private func willChangeValue(_ field: ChangeCredentialMachine.Field) {
        if valuesObservable {
            valueRegistrar.willSet(self, keyPath: Self.valueKey(field))
        } else {
            valueRegistrar.announce(self)
        }
    }

    /// Tells the observers of a typed value that it changed (see `valuesObservable`).
    private func didChangeValue(_ field: ChangeCredentialMachine.Field) {
        if valuesObservable { valueRegistrar.didSet(self, keyPath: Self.valueKey(field)) }
    }

    private static func valueKey(_ field: ChangeCredentialMachine.Field) -> KeyPath<ChangeCredentialState, String> {
        switch field {
        case .newValue: newValueKey
        case .confirmation: confirmValueKey
        }
    }

    /// Replaces both values (the state clears them), telling observers of each that changed.
    private func setValues(_ newValue: String, _ confirmation: String) {
        if !newValue.hasSameBytes(as: rules.input.newValue) { store(newValue, in: .newValue) }
        if !confirmation.hasSameBytes(as: rules.input.confirmation) { store(confirmation, in: .confirmation) }
    }

    /// The schema answered: the display name, texts, entry style and the rules' context follow it.
    private func updatePolicyContext() {
        let displayName = Self.shownDisplayName(displayNameOverride
            ?? policy.flatMap { $0.isDisplayNameDeclared ? $0.displayName : nil }
            ?? Self.fallbackDisplayName(attribute, strings: configuration.strings))
        let regex = effectiveRegex
        let hint = policy?.hint.map { SchemaAttribute.capped($0, maximum: SchemaAttribute.maximumDescriptionLength) }
        let context = CredentialRuleContext(
            attribute: attribute, displayName: displayName, regex: regex, hint: hint,
            isStrict: configuration.isStrict, strings: configuration.strings)
        if context != ruleContext {
            // A rule compiles its pattern again only when the effective regex changed.
            rules.prepare(for: context)
        }
        var resolved = texts.displayName == displayName
            ? texts : ChangeCredentialTexts(strings: configuration.strings, displayName: displayName)
        resolved.requirementHint = regex == nil ? nil : hint ?? resolved.requirementHintFallback
        resolved.entry = CredentialEntry.forCredential(attribute: attribute, isNumeric: policy?.isNumeric ?? false, regex: regex)
        if resolved != texts {
            texts = resolved
            publishViews()
        }
    }

    /// Evaluates again the rules that read `edited` (all of them when the values were replaced
    /// or the context changed) and publishes a new ``ruleEvaluation`` only when a result changed:
    /// an edit that leaves every verdict as it was builds no array and notifies no observer.
    private func reevaluate(after edited: CredentialInput.Fields = .both) {
        let changed = rules.evaluate(after: edited)
        if changed {
            ruleEvaluation = CredentialEvaluation(results: rules.evaluationResults, isStrict: configuration.isStrict)
            // The views show a rule's message only in `invalid` (as the error).
            if _machine.state == .invalid { publishViews() }
        }
        if isLogging {
            var evaluation: EventLogRecord.EvaluationSummary
            if !changed, let logged = loggedEvaluation {
                evaluation = logged
                evaluation.input = inputSummary
            } else {
                evaluation = EventLogRecord.EvaluationSummary(_ruleEvaluation, input: inputSummary)
            }
            loggedEvaluation = evaluation
            log(.evaluation(evaluation))
        }
        // Only a changed result (or the first evaluation's) can carry a reason not noted yet.
        guard changed || !notedFirstResults else { return }
        notedFirstResults = true
        for result in _ruleEvaluation.results {
            guard case .unverifiable(let reason) = result.status, loggedReasons.insert(reason).inserted else { continue }
            let mode = configuration.isStrict ? "strict: submission blocked" : "lenient: submission allowed, the server decides"
            log(.note("rule \(result.id) unverifiable (\(mode)): \(reason)"))
        }
    }

    /// Brings ``loading``, ``sheetModel`` and ``announcement`` up to date after a change of the
    /// machine, the texts or the evaluation. Each is assigned only when it changed, so a
    /// keystroke that flips the form's validity without changing what the built-in views show
    /// (the usual case while typing) makes none of them evaluate their bodies again.
    private func publishViews() {
        let machine = _machine, texts = _texts
        if machine.isSubmitting != _loading { loading = machine.isSubmitting }
        let error = errorText(machine: machine, texts: texts)
        let model = Self.makeSheetModel(machine: machine, texts: texts, error: error)
        if model != _sheetModel { sheetModel = model }
        let announcement = ChangeCredentialAnnouncement(error: error, success: machine.state == .succeeded ? texts.success : nil)
        if announcement != _announcement { self.announcement = announcement }
    }

    /// The fields' lengths in `Character`s, counted once per change of the values (the event and
    /// the evaluation record of one keystroke share them), saturated at
    /// `CredentialInput.maximumLength` + 1 ("longer than the maximum"), which is also the
    /// largest length the trace reader accepts.
    private var inputSummary: EventLogRecord.InputSummary {
        if let summary { return summary }
        let counted = EventLogRecord.InputSummary(newValueLength: Self.characterCount(rules.input.newValue),
                                                  confirmationLength: Self.characterCount(rules.input.confirmation))
        summary = counted
        return counted
    }

    /// `value.count` (its `Character`s) up to `CredentialInput.maximumLength` + 1
    /// (``CredentialInput/boundedLength(_:)``): from the bytes when the value is ASCII, in
    /// constant time past `CredentialInput.maximumUTF8Length` bytes.
    nonisolated static func characterCount(_ value: String) -> Int {
        CredentialInput.boundedLength(value)
    }

    private func send(_ event: ChangeCredentialMachine.Event) {
        // A callback run as an effect may call back in (e.g. `open()` from `onSuccess`): queue it.
        guard !isSending else {
            var queued = takePendingEvents()
            queued.append(event)
            pendingEvents = queued
            return
        }
        isSending = true
        defer { isSending = false }
        process(event)
        // First in, first out: what these events queue runs after them.
        while case let queued = takePendingEvents(), !queued.isEmpty {
            for event in queued { process(event) }
        }
    }

    /// Moves the queued events out of the state, so that no access to the queue spans a call:
    /// then the compiler checks every access to it for exclusivity, and the keystroke path
    /// makes no check at run time.
    private func takePendingEvents() -> [ChangeCredentialMachine.Event] {
        var taken: [ChangeCredentialMachine.Event] = []
        swap(&taken, &pendingEvents)
        return taken
    }

    private func process(_ event: ChangeCredentialMachine.Event) {
        if isLogging { log(.event(event, input: Self.carriesInput(event.kind) ? inputSummary : nil)) }
        var after = _machine
        let effects = transition(&after, event)
        if isLogging { log(.transition(from: _machine, event: event.kind, to: after, effects: effects)) }
        // An edit that leaves the machine as it was notifies no observer.
        if after != _machine {
            // What the views show does not depend on the form's validity (Save stays pressable
            // on an invalid form; a rule's message shows only after a submit, in `invalid`).
            var sameForm = after
            sameForm.form = _machine.form
            let viewsMayChange = sameForm != _machine
            machine = after
            if viewsMayChange { publishViews() }
        }
        for effect in effects { run(effect) }
        switch event.kind {
        case .submissionSucceeded, .submissionFailed, .dismiss:
            // Crash-relevant points: what led here reaches the sinks' storage now.
            for sink in sinks { sink.flush() }
        case .appear, .open, .schemaResolved, .schemaFailed, .newValueEdited, .confirmationEdited, .toggleMasking, .submit:
            break
        }
    }

    /// Whether the event record of `kind` carries the fields' lengths (the edits do).
    private static func carriesInput(_ kind: ChangeCredentialMachine.Event.Kind) -> Bool {
        switch kind {
        case .newValueEdited, .confirmationEdited: true
        case .appear, .open, .dismiss, .schemaResolved, .schemaFailed, .toggleMasking, .submit,
             .submissionSucceeded, .submissionFailed: false
        }
    }

    private func run(_ effect: ChangeCredentialMachine.Effect) {
        if isLogging { log(.effect(effect)) }
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
            success = false
            let updater = updater, attribute = attribute, value = RedactedText(rules.input.newValue)
            let scrubber = SecretScrubber(secrets: [rules.input.newValue, rules.input.confirmation])
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
            setValues("", "")
            summary = nil
            reevaluate()
        case .notifySuccess:
            success = true
            onSuccess?()
        case .notifyError(let error):
            onError?(error)
        case .presentSheet:
            isPresented = true
        case .dismissSheet:
            isPresented = false
        case .trace:
            break  // The effect record above is the whole job.
        }
    }

    private func schemaArrived(_ policy: CredentialPolicy) {
        if policy != self.policy { self.policy = policy }
        updatePolicyContext()
        reevaluate()
        send(.schemaResolved(available: policy.isCredential, form: ruleEvaluation.validity))
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

    /// Sends a record to every sink. Callers build the body only when there is a sink
    /// (`if isLogging`), and the typed values are scrubbed from it only when it carries text from
    /// outside (an error, a note, a reason): edits, evaluations and their transitions carry
    /// lengths and verdicts alone.
    private func log(_ body: EventLogRecord.Body) {
        guard isLogging else { return }
        sequence += 1
        let timestamp = EventLogClock.now()
        // Sinks get the parts (a file sink writes them out without building a record).
        if SecretScrubber.mayCarryText(body) {
            let scrubbed = SecretScrubber(secrets: [rules.input.newValue, rules.input.confirmation]).scrub(body)
            for sink in sinks {
                sink.record(scrubbed, sequence: sequence, timestamp: timestamp, instance: instanceText, attribute: attribute)
            }
        } else {
            for sink in sinks {
                sink.record(body, sequence: sequence, timestamp: timestamp, instance: instanceText, attribute: attribute)
            }
        }
    }

    // MARK: - Display name fallback

    /// `name` as the texts show it: at most `SchemaAttribute.maximumDisplayNameLength`
    /// characters, whatever its source (schema, resolver or override), so preparing the texts
    /// costs the same for any schema within the body cap.
    nonisolated static func shownDisplayName(_ name: String) -> String {
        SchemaAttribute.capped(name, maximum: SchemaAttribute.maximumDisplayNameLength)
    }

    /// The name shown when the schema declares none: the table's word for a well-known
    /// credential (`password` → "Passwort" in German), else the attribute title-cased as the schema
    /// does it (`UserSchema.titleCase`), so both places name an undeclared attribute alike.
    nonisolated static func fallbackDisplayName(_ attribute: String, strings: ChangeCredentialStrings) -> String {
        strings.credentialName(forAttribute: attribute) ?? UserSchema.titleCase(attribute)
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

// SwiftUI tracks `Observable` reads on its own (iOS 17 / macOS 14); the conformance lets callers
// hold the state in `@ObservedObject` / `@StateObject` as the product documentation shows.
// `objectWillChange` is sent before every observable change by `AnnouncingObservationRegistrar`
// (the observed properties' setters) and by `willChangeValue(_:)` (the typed values).
extension ChangeCredentialState: ObservableObject {}
#endif
