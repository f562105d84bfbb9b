import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
import Testing
import ThunderIDTesting

/// A server that quotes the submitted value back must not put it into a log or a description.
@Suite("Secret scrubbing")
@MainActor
struct SecretScrubberTests {
    static let secret = "Tr0ub4dor&3xyz"

    @Test("Every occurrence of a typed value is replaced; other text stays")
    func scrubsText() {
        let scrubber = SecretScrubber(secrets: [Self.secret])
        #expect(scrubber.scrub("'\(Self.secret)' is weak; \(Self.secret)\(Self.secret)!") == "'•••' is weak; ••••••!")
        #expect(scrubber.scrub("nothing to see") == "nothing to see")
        #expect(SecretScrubber(secrets: []).scrub("a") == "a")
        #expect(SecretScrubber(secrets: [""]).scrub("abc") == "abc")
    }

    @Test("The value in another Unicode normalization form is replaced too")
    func normalization() {
        let composed = "caf\u{E9}-pa55"
        let decomposed = "cafe\u{301}-pa55"
        #expect(SecretScrubber(secrets: [composed]).scrub("got \(decomposed)") == "got •••")
        #expect(SecretScrubber(secrets: [decomposed]).scrub("got \(composed)") == "got •••")
        // A value that ends where a combining mark follows in the text is still found (scalars, not characters).
        #expect(SecretScrubber(secrets: ["abc"]).scrub("xabc\u{301}") == "x•••\u{301}")
    }

    @Test("The marker never rebuilds a value, whatever the value contains", arguments: ["•", "a•", "••", "•*#", "d]", "*", "•*#_?"])
    func markerNeverRebuilds(secret: String) {
        let scrubber = SecretScrubber(secrets: [secret])
        for text in [secret, secret + secret, "x" + secret + "y", String(secret.reversed()) + secret, "\(secret)•\(secret)*"] {
            #expect(!scrubber.scrub(text).contains(secret), "\(text) → \(scrubber.scrub(text))")
        }
    }

    @Test("Overlapping values: the longer one is removed whole, and the shorter one too")
    func overlapping() {
        let scrubber = SecretScrubber(secrets: ["abc", "abcdef"])
        let scrubbed = scrubber.scrub("abcdef abc bcd")
        #expect(!scrubbed.contains("abc") && !scrubbed.contains("def"))
        #expect(scrubbed.hasSuffix(" bcd"))
    }

    @Test("Every server-supplied string of an error is scrubbed")
    func scrubsErrors() {
        let scrubber = SecretScrubber(secrets: [Self.secret])
        let s = Self.secret
        let server = ThunderIDError.server(ServerError(status: 400, code: "C-\(s)", message: "m \(s)", detail: "d \(s)",
                                                       retryAfter: 3, messageKey: "k.\(s)", detailKey: "dk.\(s)"))
        let errors: [ThunderIDError] = [
            server, .transport(.other("proxy said \(s)")), .decoding(DecodingFailure(path: "schema.\(s)", reason: "r \(s)")),
            .configuration("c \(s)"), .tokenUnavailable("t \(s)"), .transport(.offline),
        ]
        for error in errors {
            let scrubbed = scrubber.scrub(error)
            var dumped = ""
            dump(scrubbed, to: &dumped)
            #expect(!scrubbed.description.contains(s))
            #expect(!dumped.contains(s))
        }
        #expect(scrubber.scrub(server).serverError?.retryAfter == 3)
        #expect(scrubber.scrub(server).serverError?.status == 400)
        #expect(scrubber.scrub(ThunderIDError.transport(.offline)) == .transport(.offline))
    }

    @Test("The client scrubs the submitted value from an echoing error body")
    func clientScrubs() async throws {
        let body = #"{"code": "USR-1024", "message": "Password \#(Self.secret) is too weak", "description": {"defaultValue": "{{v}} was found in a breach", "params": {"v": "\#(Self.secret)"}}}"#
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 400, headers: [:], body: Data(body.utf8)))
        let client = ThunderIDClient(config: try Canned.config(), transport: transport)
        let error = try await #require(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "password", newValue: Self.secret)
        }
        #expect(!error.description.contains(Self.secret))
        #expect(error.serverError?.message == "Password ••• is too weak")
        #expect(error.serverError?.detail == "••• was found in a breach")
        #expect(error.serverError?.code == "USR-1024")
    }

    @Test("A server that echoes the value leaks it into no sink, description, machine or error")
    func stateScrubs() async throws {
        let log = InMemoryEventLog()
        let s = Self.secret
        // An updater that does not scrub (a custom one): the state must scrub what it receives.
        let updater = ScriptedCredentialUpdater([
            .failure(.server(ServerError(status: 400, code: "USR-1024", message: "'\(s)' is too weak",
                                         detail: "\(s) was found in a breach"))),
            .failure(.transport(.other("proxy refused value=\(s)"))),
        ])
        let state = ChangeCredentialState(
            attribute: "password", schemaProvider: InMemorySchemaProvider(policy: .credential()), updater: updater,
            configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        await state.settle()
        state.newValue = s
        state.confirmValue = s
        for _ in 0..<2 {
            state.submit()
            await state.settle()
            #expect(state.phase == .failed)
            var dumpedMachine = "", dumpedRecords = ""
            dump(state.machine, to: &dumpedMachine)
            dump(log.records, to: &dumpedRecords)
            let outputs = [log.jsonLines.joined(separator: "\n"), dumpedRecords, dumpedMachine, "\(state.machine)",
                           state.error ?? "", state.machine.failure.map { "\($0)" } ?? ""]
            for text in outputs {
                #expect(!text.contains(s))
            }
        }
        #expect(log.jsonLines.contains { $0.contains("'•••' is too weak") })
        #expect(log.jsonLines.contains { $0.contains("proxy refused value=•••") })
    }
}

@Suite("Secret scrubbing keeps logs replayable")
@MainActor
struct SecretScrubberLogTests {
    @Test("A one-letter value does not rewrite rule ids in the log")
    func ruleIdsStay() async throws {
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(
            attribute: "password", schemaProvider: InMemorySchemaProvider(policy: .credential()),
            updater: ScriptedCredentialUpdater(),
            configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        await state.settle()
        state.newValue = "a"
        #expect(log.jsonLines.contains { $0.contains(#""id":"confirmation""#) })
        #expect(!log.jsonLines.contains { $0.contains("•") })
    }
}
