import Testing
import ThunderID
@testable import ThunderIDSpec

@Suite("Spec vocabulary")
struct PhraseTests {
    @Test("Error phrases read and write back", arguments: [
        "offline", "timeout", "tls", "cancelled", "connection lost", "server 400 USR-1024", "server 429",
        "server 429 retry after 30", "server 500 SSE-5000", "transport: proxy refused",
        "decoding at schema.password: not a string", "configuration: http base url", "token unavailable: signed out",
        "response too large: 8388608",
    ])
    func errorRoundTrip(phrase: String) throws {
        let error = try #require(ErrorPhrase.parse(phrase))
        #expect(ErrorPhrase.format(error) == phrase)
    }

    @Test("A bare status is a server error")
    func bareStatus() {
        #expect(ErrorPhrase.parse("403 USR-1029") == .server(ServerError(status: 403, code: "USR-1029")))
        #expect(ErrorPhrase.parse("soon") == nil)
        #expect(ErrorPhrase.parse("server 42") == nil)
    }

    @Test("Every representative event reads back from its phrase")
    func eventRoundTrip() throws {
        for event in ChangeCredentialMachine.representativeEvents {
            #expect(try EventPhrase.parse(EventPhrase.format(event)).get() == event)
        }
        #expect(try EventPhrase.parse("schemaResolved: not credential").get() == .schemaResolved(available: false, form: .invalid))
    }

    @Test("Effect lists read in order, with quoted trace text that may contain commas")
    func effects() throws {
        let effects = try EffectPhrase.parseList("clearValues, dismissSheet, trace \"a, b\", notifyError (server 429)").get()
        #expect(effects == [.clearValues, .dismissSheet, .trace("a, b"), .notifyError(.server(ServerError(status: 429)))])
        #expect(try EffectPhrase.parseList("—").get().isEmpty)
        #expect(EffectPhrase.format(effects) == "clearValues, dismissSheet, trace \"a, b\", notifyError (server 429)")
    }
}
