import Foundation
import Observation

/// The observable object behind a ChangeCredential row and sheet, or an inline form.
///
/// With ``ChangeCredentialMachine/Presentation/sheet`` (the styled `ChangeCredential`) the form
/// exists between ``open()`` and ``dismiss()`` or a success. With
/// ``ChangeCredentialMachine/Presentation/inline`` (`BaseChangeCredential` and any custom form)
/// it is open from ``appear()`` on, and after a success it is ready again with cleared values.
///
/// A custom UI enables Save on ``canSubmit``, shows ``error`` (every message) and, if it places
/// errors per field, ``fieldError(_:)``.
///
/// It is the only thing that moves its ``ChangeCredentialMachine``: it runs the effects, writes
/// every step to the debug event log, and checks every edit with the configured ``CredentialRule``s.
///
/// Works without SwiftUI: it is `Observable` (Observation), and `ObservableObject` where Combine
/// exists. Credential values never appear in the log, `description` or `dump()`.
@MainActor
public final class ChangeCredentialState: Observable {
    package typealias Presentation = ChangeCredentialMachine.Presentation

    /// The credential attribute this instance manages, such as `password`.
    public nonisolated let attribute: String
    /// Identifies this instance in the event log.
    package nonisolated let instanceID: UUID
    /// How the form is checked, worded and logged.
    package nonisolated let configuration: ChangeCredentialConfiguration

    let displayNameOverride: String?
    let policyRegex: String?
    let schemaProvider: any UserSchemaProviding
    let updater: any CredentialUpdating
    let onSuccess: (() -> Void)?
    let onError: ((ThunderIDError) -> Void)?
    /// The spec runner's mutant of the machine's table; `nil` in every app.
    let mutant: ChangeCredentialMachine.TransitionFunction?
    let sinks: [any EventLogSink]
    /// Whether any sink exists: without one, no record body is ever built.
    let isLogging: Bool
    var sequence = 0
    var tasks: [Int: Task<Void, Never>] = .init()
    var nextTaskID = 0
    var pendingEvents: [ChangeCredentialMachine.Event] = []
    var isSending = false
    let instanceText: String
    var ruleContext: CredentialRuleContext { rules.input.context }
    /// The configured rules prepared for ``ruleContext``, with their last results.
    let rules: PreparedRules
    /// The verdicts of the evaluation made for the step being taken, for its log record.
    var pendingEvaluation: EventLogRecord.EvaluationSummary?
    // Observation by hand, as Apple documents for `Observable` without the macro; the registrar
    // also announces changes to Combine. An equal value changes nothing and tells nobody.
    let registrar = AnnouncingObservationRegistrar()

    // The typed values live in `rules.input`; ``newValue`` and ``confirmValue`` report to the
    // registrar through these key paths, made once.
    static let newValueKey: KeyPath<ChangeCredentialState, String> = \.newValue
    static let confirmValueKey: KeyPath<ChangeCredentialState, String> = \.confirmValue

    /// The machine as it stands.
    package internal(set) var machine: ChangeCredentialMachine {
        get { registrar.access(self, keyPath: \.machine); return _machine }
        set { mutate(\.machine, if: newValue != _machine) { _machine = newValue } }
    }
    var _machine: ChangeCredentialMachine
    /// The rules' verdicts alone, recomputed on each edit and when the schema arrives.
    package internal(set) var ruleEvaluation: CredentialEvaluation {
        get { registrar.access(self, keyPath: \.ruleEvaluation); return _ruleEvaluation }
        set { mutate(\.ruleEvaluation, if: newValue != _ruleEvaluation) { _ruleEvaluation = newValue } }
    }
    var _ruleEvaluation: CredentialEvaluation
    /// Whether the last change succeeded; reset when the next submission starts (as in the
    /// ThunderID iOS SDK).
    public internal(set) var success: Bool {
        get { registrar.access(self, keyPath: \.success); return _success }
        set { mutate(\.success, if: newValue != _success) { _success = newValue } }
    }
    var _success: Bool = false
    /// Whether the sheet is shown.
    package internal(set) var isPresented: Bool {
        get { registrar.access(self, keyPath: \.isPresented); return _isPresented }
        set { mutate(\.isPresented, if: newValue != _isPresented) { _isPresented = newValue } }
    }
    var _isPresented: Bool = false
    /// The last schema answer for ``attribute``, if any.
    package internal(set) var policy: CredentialPolicy? {
        get { registrar.access(self, keyPath: \.policy); return _policy }
        set { mutate(\.policy, if: newValue != _policy) { _policy = newValue } }
    }
    var _policy: CredentialPolicy? = nil
    /// The views' texts, rendered once per schema answer.
    var texts: ChangeCredentialTexts {
        get { registrar.access(self, keyPath: \.texts); return _texts }
        set { mutate(\.texts, if: newValue != _texts) { _texts = newValue } }
    }
    var _texts: ChangeCredentialTexts
    /// Whether the change is being posted (Save shows "Saving…", fields are locked).
    public internal(set) var loading: Bool {
        get { registrar.access(self, keyPath: \.loading); return _loading }
        set { mutate(\.loading, if: newValue != _loading) { _loading = newValue } }
    }
    var _loading: Bool = false
    /// What the built-in sheet shows, as one value.
    package internal(set) var sheetModel: ChangeCredentialSheetModel {
        get { registrar.access(self, keyPath: \.sheetModel); return _sheetModel }
        set { mutate(\.sheetModel, if: newValue != _sheetModel) { _sheetModel = newValue } }
    }
    var _sheetModel: ChangeCredentialSheetModel
    /// The texts announced to assistive technologies when they appear.
    package internal(set) var announcement: ChangeCredentialAnnouncement {
        get { registrar.access(self, keyPath: \.announcement); return _announcement }
        set { mutate(\.announcement, if: newValue != _announcement) { _announcement = newValue } }
    }
    var _announcement: ChangeCredentialAnnouncement = ChangeCredentialAnnouncement(error: nil, success: nil)

    /// Runs `body` as a change of `keyPath`, telling observers, when `changes`.
    @inline(__always)
    func mutate<Member>(_ keyPath: KeyPath<ChangeCredentialState, Member>, if changes: Bool, _ body: () -> Void) {
        guard changes else { return }
        registrar.withMutation(of: self, keyPath: keyPath, body)
    }

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
                  mutant: nil)
    }

    /// Creates a state whose machine moves with `mutant`, when given (the spec runner's mutation
    /// testing). Never inlined: a copy in each caller would only add code.
    @inline(never)
    package init(attribute: String, credentialDisplayName: String?, policyRegex: String?,
                 schemaProvider: any UserSchemaProviding, updater: any CredentialUpdating,
                 configuration: ChangeCredentialConfiguration, presentation: ChangeCredentialMachine.Presentation,
                 onSuccess: (() -> Void)?, onError: ((ThunderIDError) -> Void)?,
                 mutant: ChangeCredentialMachine.TransitionFunction?) {
        self.mutant = mutant
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
        self.sinks = sinks
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
        self._sheetModel = Self.makeSheetModel(machine: machine, texts: texts, error: nil)
        self._ruleEvaluation = CredentialEvaluation(results: rules.evaluationResults, isStrict: context.isStrict)
        if isLogging {
            log(.start(EventLogRecord.StartOptions(
                isStrict: configuration.isStrict, hasPolicyRegex: policyRegex != nil,
                hasDisplayNameOverride: credentialDisplayName != nil, rules: configuration.rules.map(\.id))))
        }
    }

    // A post in flight is cancelled (the server may still apply it) and no callback runs;
    // buffering sinks are flushed.
    deinit {
        for task in tasks.values { task.cancel() }
        for sink in sinks { sink.flush() }
    }

    // MARK: - Display name fallback

    /// `name` capped to `SchemaAttribute.maximumDisplayNameLength` characters, whatever its source.
    nonisolated static func shownDisplayName(_ name: String) -> String {
        SchemaAttribute.capped(name, maximum: SchemaAttribute.maximumDisplayNameLength)
    }

    /// The name shown when the schema declares none: the table's word for a well-known credential,
    /// else the attribute title-cased as `UserSchema` does it.
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

// Lets callers hold the state in `@ObservedObject` / `@StateObject` as the product documentation
// shows; `AnnouncingObservationRegistrar` sends `objectWillChange` before every observable change.
extension ChangeCredentialState: ObservableObject {}
#endif
