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

    let displayNameOverride: String?
    let policyRegex: String?
    let schemaProvider: any UserSchemaProviding
    let updater: any CredentialUpdating
    let onSuccess: (() -> Void)?
    let onError: ((ThunderIDError) -> Void)?
    /// A mutant of the machine's table, which the spec runner passes through the `package`
    /// initializer; `nil` in every app's state, whose machine moves by `handle(_:)` directly.
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
    /// The policy the rules check, rebuilt when the schema answers (``updatePolicyContext()``).
    var ruleContext: CredentialRuleContext { rules.input.context }
    /// The configured rules prepared for ``ruleContext`` (a schema regex compiled once), with
    /// their last results.
    let rules: PreparedRules
    /// The verdicts of the evaluation made for the step being taken, for its log record.
    var pendingEvaluation: EventLogRecord.EvaluationSummary?
    // Observation by hand, as Apple documents for `Observable` without the macro: each observed
    // property below reads through `access(_:keyPath:)` and writes through
    // `withMutation(of:keyPath:_:)`, which also announces the change to Combine (see the type).
    // An assignment of an equal value changes nothing and tells nobody, as with `@Observable`.
    let registrar = AnnouncingObservationRegistrar()

    // The typed values live in `rules.input` (what the rules read; its description and mirror
    // show lengths only): ``newValue`` and ``confirmValue`` report their reads and writes to the
    // registrar by hand, through these key paths, made once.
    static let newValueKey: KeyPath<ChangeCredentialState, String> = \.newValue
    static let confirmValueKey: KeyPath<ChangeCredentialState, String> = \.confirmValue

    /// The machine as it stands (state, schema status, form validity, failure, masking).
    package internal(set) var machine: ChangeCredentialMachine {
        get { registrar.access(self, keyPath: \.machine); return _machine }
        set {
            guard newValue != _machine else { return }
            registrar.withMutation(of: self, keyPath: \.machine) { _machine = newValue }
        }
    }
    var _machine: ChangeCredentialMachine
    /// The rules' verdicts alone, recomputed on each edit and when the schema arrives.
    package internal(set) var ruleEvaluation: CredentialEvaluation {
        get { registrar.access(self, keyPath: \.ruleEvaluation); return _ruleEvaluation }
        set {
            guard newValue != _ruleEvaluation else { return }
            registrar.withMutation(of: self, keyPath: \.ruleEvaluation) { _ruleEvaluation = newValue }
        }
    }
    var _ruleEvaluation: CredentialEvaluation
    /// Whether the last change succeeded; reset when the next submission starts (as in the
    /// ThunderID iOS SDK).
    public internal(set) var success: Bool {
        get { registrar.access(self, keyPath: \.success); return _success }
        set {
            guard newValue != _success else { return }
            registrar.withMutation(of: self, keyPath: \.success) { _success = newValue }
        }
    }
    var _success: Bool = false
    /// Whether the sheet is shown (driven by the machine's present/dismiss effects).
    package internal(set) var isPresented: Bool {
        get { registrar.access(self, keyPath: \.isPresented); return _isPresented }
        set {
            guard newValue != _isPresented else { return }
            registrar.withMutation(of: self, keyPath: \.isPresented) { _isPresented = newValue }
        }
    }
    var _isPresented: Bool = false
    /// The last schema answer for ``attribute``, if any.
    package internal(set) var policy: CredentialPolicy? {
        get { registrar.access(self, keyPath: \.policy); return _policy }
        set {
            guard newValue != _policy else { return }
            registrar.withMutation(of: self, keyPath: \.policy) { _policy = newValue }
        }
    }
    var _policy: CredentialPolicy? = nil
    /// The views' texts for the current display name, rendered once per schema answer.
    var texts: ChangeCredentialTexts {
        get { registrar.access(self, keyPath: \.texts); return _texts }
        set {
            guard newValue != _texts else { return }
            registrar.withMutation(of: self, keyPath: \.texts) { _texts = newValue }
        }
    }
    var _texts: ChangeCredentialTexts
    /// Whether the change is being posted (Save shows "Saving…", fields are locked).
    public internal(set) var loading: Bool {
        get { registrar.access(self, keyPath: \.loading); return _loading }
        set {
            guard newValue != _loading else { return }
            registrar.withMutation(of: self, keyPath: \.loading) { _loading = newValue }
        }
    }
    var _loading: Bool = false
    /// What the built-in sheet shows, as one value (see ``ChangeCredentialSheetModel``).
    package internal(set) var sheetModel: ChangeCredentialSheetModel {
        get { registrar.access(self, keyPath: \.sheetModel); return _sheetModel }
        set {
            guard newValue != _sheetModel else { return }
            registrar.withMutation(of: self, keyPath: \.sheetModel) { _sheetModel = newValue }
        }
    }
    var _sheetModel: ChangeCredentialSheetModel
    /// The texts announced to assistive technologies when they appear.
    package internal(set) var announcement: ChangeCredentialAnnouncement {
        get { registrar.access(self, keyPath: \.announcement); return _announcement }
        set {
            guard newValue != _announcement else { return }
            registrar.withMutation(of: self, keyPath: \.announcement) { _announcement = newValue }
        }
    }
    var _announcement: ChangeCredentialAnnouncement = ChangeCredentialAnnouncement(error: nil, success: nil)

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

    /// Creates a state whose machine moves with `mutant` instead of its own table, when one is
    /// given: for the spec runner's mutation testing.
    ///
    /// Never inlined: the body is large and a state is created once per view, so a copy in each
    /// initializer that calls it (and in `ChangeCredentialStateKey.makeState`) would only add code.
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
