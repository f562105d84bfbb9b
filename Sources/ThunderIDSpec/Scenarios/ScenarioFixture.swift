import Foundation
import ThunderID
import ThunderIDTesting

/// The world a scenario starts in: what the schema says about the attribute, the options the app
/// passes, and how the fake schema provider and server behave.
///
/// Written as a two-column table, one option per row:
///
/// | fixture                 | value                      |
/// |-------------------------|----------------------------|
/// | attribute               | pin                        |
/// | display name            | Security PIN               |
/// | credential              | true                       |
/// | regex                   | `^\d{4}$`                  |
/// | description             | "Four digits."             |
/// | policy regex            | `^\d{6}$`                  |
/// | credential display name | "Passcode"                 |
/// | strict                  | false                      |
/// | schema                  | held                       |
/// | presentation            | inline                     |
///
/// Instead of the separate schema options, `schema json` may give a whole `/users/me/meta` body
/// as inline code; it is read by the client's `UserSchema` decoder, so `pattern`, a missing
/// attribute, or an i18n `displayName` template behave as with a real server.
///
/// `schema held` (the default) makes the schema answer only at a `schema arrives` or
/// `schema fails` step, so the loading state can be seen; `schema at once` answers immediately.
/// The server always waits for a `server answers …` step.
public struct ScenarioFixture: Sendable, Hashable {
    /// The credential attribute (`password` unless said).
    public var attribute = "password"
    /// The schema's `displayName` for the attribute, when it declares one.
    public var displayName: String?
    /// Whether the schema declares the attribute `credential: true`.
    public var isCredential = true
    /// The schema's `regex` (or its alias `pattern`).
    public var regex: String?
    /// The schema's `description` (the requirement hint).
    public var description: String?
    /// The app's `policyRegex` override.
    public var policyRegex: String?
    /// The app's `credentialDisplayName` override.
    public var credentialDisplayName: String?
    /// Whether an unverifiable regex blocks submission.
    public var isStrict = false
    /// Whether the schema provider waits for a step before answering.
    public var holdsSchema = true
    /// A whole `/users/me/meta` body; when set it replaces the separate schema options.
    public var schemaJSON: String?
    /// Where the form lives: `sheet` (the default, a row and a sheet) or `inline` (a custom form).
    public var presentation = ChangeCredentialMachine.Presentation.sheet

    /// The fresh fixture: a password credential with no display name, regex or description.
    public init() {}

    /// The policy the fake schema provider answers with: from ``schemaJSON`` through the client's
    /// decoder when given, else from the separate options.
    public func policy() throws(ThunderIDError) -> CredentialPolicy {
        if let schemaJSON {
            return try UserSchema.decode(Data(schemaJSON.utf8)).requireCredentialPolicy(for: attribute)
        }
        return isCredential
            ? .credential(attribute, displayName: displayName, regex: regex, hint: description)
            : .notCredential(attribute, displayName: displayName)
    }

    /// Reads a fixture table.
    static func parse(_ table: MarkdownTable, file: String) -> (fixture: ScenarioFixture, problems: [SpecProblem]) {
        var fixture = ScenarioFixture()
        var problems: [SpecProblem] = []
        for row in table.rows {
            let location = SourceLocation(file: file, line: row.line)
            guard row.cells.count >= 2 else {
                problems.append(SpecProblem(location, "a fixture row has an option and a value"))
                continue
            }
            let value = row.cells[1]
            func text() -> String? {
                if PhraseList.isNone(value) { return nil }
                if let quoted = QuotedText.parse(value) { return quoted }
                if let code = CodeSpan.parse(value) { return code }
                return value
            }
            func flag() -> Bool? {
                switch value.lowercased() {
                case "true", "yes": true
                case "false", "no": false
                default: nil
                }
            }
            switch row.cells[0].squashed {
            case "attribute":
                guard let name = text() else { problems.append(SpecProblem(location, "the attribute needs a name")); continue }
                fixture.attribute = name
            case "displayname": fixture.displayName = text()
            case "credential":
                guard let flag = flag() else { problems.append(SpecProblem(location, "credential is true or false")); continue }
                fixture.isCredential = flag
            case "regex", "pattern": fixture.regex = CodeSpan.parse(value) ?? (PhraseList.isNone(value) ? nil : value)
            case "description": fixture.description = text()
            case "policyregex": fixture.policyRegex = CodeSpan.parse(value) ?? (PhraseList.isNone(value) ? nil : value)
            case "credentialdisplayname": fixture.credentialDisplayName = text()
            case "strict":
                guard let flag = flag() else { problems.append(SpecProblem(location, "strict is true or false")); continue }
                fixture.isStrict = flag
            case "schemajson":
                guard let json = CodeSpan.parse(value) else {
                    problems.append(SpecProblem(location, "write the schema JSON as inline code, `{\"schema\": {…}}`"))
                    continue
                }
                do {
                    _ = try UserSchema.decode(Data(json.utf8))
                } catch {
                    problems.append(SpecProblem(location, "schema json: \(error)"))
                    continue
                }
                fixture.schemaJSON = json
            case "schema":
                switch value.squashed {
                case "held": fixture.holdsSchema = true
                case "atonce": fixture.holdsSchema = false
                default: problems.append(SpecProblem(location, "schema is 'held' or 'at once'"))
                }
            case "presentation":
                guard let presentation = ChangeCredentialMachine.Presentation(rawValue: value.squashed) else {
                    problems.append(SpecProblem(location, "presentation is 'sheet' or 'inline'"))
                    continue
                }
                fixture.presentation = presentation
            default:
                problems.append(SpecProblem(location, "unknown fixture option '\(row.cells[0])' (attribute, display name, credential, regex, pattern, description, policy regex, credential display name, strict, schema, schema json, presentation)"))
            }
        }
        return (fixture, problems)
    }
}
