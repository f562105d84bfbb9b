import ThunderID

/// One thing a scenario step expects the user (or the app) to see, from its `shows` column.
/// Several are separated by `;`:
///
/// `display name "Password"`, `title "Change Password"`, `label new value "New Password"`,
/// `label confirmation "Confirm New Password"`, `save label "Saving…"`, `hint "…"`, `no hint`,
/// `error "…"`, `no error`, `loading`, `not loading`, `schema loading`, `schema not loading`,
/// `can submit`, `cannot submit`, `sheet shown`, `sheet hidden`, `new value "abc"`,
/// `confirmation ""`, `values cleared`, `new value masked`, `confirmation unmasked`,
/// `rules nonEmpty passed, regex failed, confirmation failed` (every result, in order),
/// `regex unverifiable` (one rule), `valid`, `invalid`, `unavailable "…"`, `no unavailable`,
/// `success "…"`, `no success`, `onSuccess 1`, `onError 0`, `schema requests 1`, `posts 1`,
/// `posted length 8`, `success set` / `success not set` and `unavailable set` / `unavailable not set`
/// (the iOS-SDK flags), `field error new "…"`, `field error form "…"`, `no field error new`,
/// `no field error form`. `can submit` also checks that `evaluation.isValid` agrees; `valid` is the
/// rules' verdict alone.
package enum ScenarioObservation: Sendable, Hashable {
    /// The credential's display name.
    case displayName(String)
    /// The sheet title.
    case title(String)
    /// A field's label (its placeholder).
    case label(ChangeCredentialMachine.Field, String)
    /// The Save button's label ("Save" or "Saving…").
    case saveLabel(String)
    /// The requirement hint, or none.
    case hint(String?)
    /// The error message, or none.
    case error(String?)
    /// Whether a change is being posted.
    case loading(Bool)
    /// Whether the schema is being fetched.
    case schemaLoading(Bool)
    /// Whether Save is enabled.
    case canSubmit(Bool)
    /// Whether the sheet is on screen.
    case sheetShown(Bool)
    /// A field's value.
    case value(ChangeCredentialMachine.Field, String)
    /// Whether a field is masked.
    case masked(ChangeCredentialMachine.Field, Bool)
    /// Every rule result, in order.
    case rules([RuleVerdict])
    /// One rule's status.
    case rule(RuleVerdict)
    /// Whether the form passes every blocking rule.
    case valid(Bool)
    /// The unavailable notice, or none.
    case unavailable(String?)
    /// The success message, or none.
    case success(String?)
    /// How many times `onSuccess` was called.
    case onSuccess(Int)
    /// How many times `onError` was called.
    case onError(Int)
    /// How many times the schema was asked for.
    case schemaRequests(Int)
    /// How many changes were posted.
    case posts(Int)
    /// The length of the last posted value.
    case postedLength(Int)
    /// The `success` flag.
    case successFlag(Bool)
    /// The `unavailable` flag.
    case unavailableFlag(Bool)
    /// `fieldError(field)`, or none.
    case fieldError(CredentialField, String?)

    /// Writes the observation as a spec would.
    package static func format(_ observation: ScenarioObservation) -> String {
        func quoted(_ label: String, _ text: String?) -> String {
            text.map { "\(label) \(QuotedText.format($0))" } ?? "no \(label)"
        }
        switch observation {
        case .displayName(let name): return "display name \(QuotedText.format(name))"
        case .title(let title): return "title \(QuotedText.format(title))"
        case .label(let field, let label): return "label \(MachineContext.phrase(field)) \(QuotedText.format(label))"
        case .saveLabel(let label): return "save label \(QuotedText.format(label))"
        case .hint(let hint): return quoted("hint", hint)
        case .error(let error): return quoted("error", error)
        case .unavailable(let message): return quoted("unavailable", message)
        case .success(let message): return quoted("success", message)
        case .loading(let loading): return loading ? "loading" : "not loading"
        case .schemaLoading(let loading): return loading ? "schema loading" : "schema not loading"
        case .canSubmit(let can): return can ? "can submit" : "cannot submit"
        case .sheetShown(let shown): return shown ? "sheet shown" : "sheet hidden"
        case .value(let field, let value): return "\(MachineContext.phrase(field)) \(QuotedText.format(value))"
        case .masked(let field, let masked): return "\(MachineContext.phrase(field)) \(masked ? "masked" : "unmasked")"
        case .rules(let verdicts): return "rules " + verdicts.map(\.description).joined(separator: ", ")
        case .rule(let verdict): return verdict.description
        case .valid(let valid): return valid ? "valid" : "invalid"
        case .onSuccess(let count): return "onSuccess \(count)"
        case .onError(let count): return "onError \(count)"
        case .schemaRequests(let count): return "schema requests \(count)"
        case .posts(let count): return "posts \(count)"
        case .postedLength(let length): return "posted length \(length)"
        case .successFlag(let set): return set ? "success set" : "success not set"
        case .unavailableFlag(let set): return set ? "unavailable set" : "unavailable not set"
        case .fieldError(.new, let message): return quoted("field error new", message)
        case .fieldError(.form, let message): return quoted("field error form", message)
        }
    }

    /// Reads a `shows` cell.
    package static func parseList(_ text: String) -> Result<[ScenarioObservation], PhraseError> {
        if PhraseList.isNone(text) { return .success([]) }
        var observations: [ScenarioObservation] = []
        for item in PhraseList.split(text, separator: ";") {
            if item.squashed == "valuescleared" {
                observations += [.value(.newValue, ""), .value(.confirmation, "")]
                continue
            }
            switch parse(item) {
            case .success(let observation): observations.append(observation)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(observations)
    }

    /// Reads one observation.
    package static func parse(_ text: String) -> Result<ScenarioObservation, PhraseError> {
        let trimmed = text.trimmingWhitespace()
        // Forms with a quoted value: `<words> "<text>"`.
        if let quoteStart = trimmed.firstIndex(of: "\"") {
            let words = String(trimmed[..<quoteStart]).squashed
            guard let value = QuotedText.parse(String(trimmed[quoteStart...])) else {
                return .failure(PhraseError("'\(trimmed.redactingQuotes)': the quoted text does not read (escape \\\" and \\\\)"))
            }
            switch words {
            case "displayname": return .success(.displayName(value))
            case "title": return .success(.title(value))
            case "labelnewvalue": return .success(.label(.newValue, value))
            case "labelconfirmation": return .success(.label(.confirmation, value))
            case "savelabel": return .success(.saveLabel(value))
            case "hint": return .success(.hint(value))
            case "error": return .success(.error(value))
            case "newvalue": return .success(.value(.newValue, value))
            case "confirmation": return .success(.value(.confirmation, value))
            case "unavailable": return .success(.unavailable(value))
            case "success": return .success(.success(value))
            case "fielderrornew": return .success(.fieldError(.new, value))
            case "fielderrorform": return .success(.fieldError(.form, value))
            default: return .failure(PhraseError("unknown observation '\(trimmed.redactingQuotes)'"))
            }
        }
        let squashed = trimmed.squashed
        let simple: [String: ScenarioObservation] = [
            "nohint": .hint(nil), "noerror": .error(nil), "loading": .loading(true), "notloading": .loading(false),
            "schemaloading": .schemaLoading(true), "schemanotloading": .schemaLoading(false),
            "cansubmit": .canSubmit(true), "cannotsubmit": .canSubmit(false), "sheetshown": .sheetShown(true),
            "sheethidden": .sheetShown(false), "newvaluemasked": .masked(.newValue, true),
            "newvalueunmasked": .masked(.newValue, false), "confirmationmasked": .masked(.confirmation, true),
            "confirmationunmasked": .masked(.confirmation, false), "valid": .valid(true), "invalid": .valid(false),
            "nounavailable": .unavailable(nil), "nosuccess": .success(nil),
            "successset": .successFlag(true), "successnotset": .successFlag(false),
            "unavailableset": .unavailableFlag(true), "unavailablenotset": .unavailableFlag(false),
            "nofielderrornew": .fieldError(.new, nil), "nofielderrorform": .fieldError(.form, nil),
        ]
        if let observation = simple[squashed] { return .success(observation) }
        let words = trimmed.split(separator: " ").map(String.init)
        if let last = words.last, let count = Int(last) {
            switch words.dropLast().joined(separator: " ").squashed {
            case "onsuccess": return .success(.onSuccess(count))
            case "onerror": return .success(.onError(count))
            case "schemarequests": return .success(.schemaRequests(count))
            case "posts": return .success(.posts(count))
            case "postedlength": return .success(.postedLength(count))
            default: break
            }
        }
        if let rest = trimmed.dropPrefix("rules") {
            var verdicts: [RuleVerdict] = []
            for item in PhraseList.split(rest) {
                guard let verdict = RuleVerdict.parse(item) else {
                    return .failure(PhraseError("'\(item)': a rule verdict is '<rule id> passed|failed|unverifiable'"))
                }
                verdicts.append(verdict)
            }
            return .success(.rules(verdicts))
        }
        if let verdict = RuleVerdict.parse(trimmed) { return .success(.rule(verdict)) }
        return .failure(PhraseError("unknown observation '\(trimmed.redactingQuotes)' (see Specs/README.md for the list)"))
    }
}
