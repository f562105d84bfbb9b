// The DocC catalogs' other Swift examples, verbatim inside functions (DocumentationSnippetTests
// checks each against its article line for line, and runs those that leave the process alone).

import ECMARegex
import Foundation
import ThunderID
import ThunderIDEventLog
import ThunderIDTesting

/// PoliciesAndLogging.md, "The debug event log": the switch, in a debug build.
func docCPoliciesEventLogExample() -> ChangeCredentialConfiguration {
    var configuration = ChangeCredentialConfiguration()
    #if DEBUG
    configuration = configuration.addingEventLogFromEnvironment()   // THUNDERID_TRACE=stderr or file:/path
    #endif
    return configuration
}

/// ThunderIDEventLog.md's first example: the switch, and a state that logs through it.
@MainActor
func docCEventLogExample(config: ThunderIDConfig) -> ChangeCredentialState {
    var configuration = ChangeCredentialConfiguration()
    #if DEBUG
    // THUNDERID_TRACE=stderr, THUNDERID_TRACE=file:/tmp/session.jsonl, or both separated by a comma.
    configuration = configuration.addingEventLogFromEnvironment()
    #endif
    let shared = ThunderIDState(config: config)        // config: your ThunderIDConfig
    let state = ChangeCredentialState(attribute: "pin", schemaProvider: shared, updater: shared.client,
                                      configuration: configuration)
    return state
}

/// ThunderIDEventLog.md's second example. Compiled, not run: it opens a file at a fixed path.
func docCEventLogFileExample() throws -> ChangeCredentialConfiguration {
    let log = try JSONLinesFileEventLog(path: "/tmp/session.jsonl")   // throws EventLogError
    let configuration = ChangeCredentialConfiguration(eventLog: [log, StandardErrorEventLog()])
    return configuration
}

/// ThunderIDTesting.md's example: a state over the in-memory services.
@MainActor
func docCTestingExample() -> ChangeCredentialState {
    let state = ChangeCredentialState(
        attribute: "pin",
        schemaProvider: InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN", regex: #"^\d{4}$"#)),
        updater: ScriptedCredentialUpdater([.failure(.transport(.offline))]),  // then success
        presentation: .inline)
    return state
}

/// ECMARegex.md's example, printing the verdicts its comments claim.
func docCRegexExample() throws -> (policy: ECMARegex, html: ECMARegex) {
    let policy = try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$")
    print(try policy.test("Secret123"))   // true, as in a browser
    print(try policy.test("😀😀😀😀Ab1"))  // true: without `u` an emoji is two code units, so `.{8,}` holds

    let html = try ECMARegex("[a-z]+", flags: "v", mode: .whole)
    print(try html.test("abc1"))          // false: HTML `pattern` semantics, `^(?:[a-z]+)$`
    return (policy, html)
}
