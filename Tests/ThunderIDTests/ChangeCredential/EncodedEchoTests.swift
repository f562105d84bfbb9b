import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
import Testing
import ThunderIDTesting

/// A server may quote the typed value, or the bearer token it was sent, in an encoding: base64,
/// base64url, hexadecimal, HTML character references, percent-encoded twice, or reversed. None of
/// those reaches an error's description, `dump()`, the UI message or a log sink.
@Suite("Echoed values and tokens in encodings")
@MainActor
struct EncodedEchoTests {
    nonisolated static let secret = "Tr0ub4dor&3xyz"
    nonisolated static let token = "eyJhbGciOiJFUzI1NiJ9.dXNlci00Mg.c2lnbmF0dXJlLWJ5dGVz"

    /// A value base64-encoded with text before it, so that its bytes do not start a group.
    static let embeddedName = "base64 inside a longer encoded text"
    static let embeddingPrefix = "user=alice&password="

    /// Every encoding of `value` a server might echo, with a name for the report.
    static func encodings(of value: String) -> [(name: String, text: String)] {
        let bytes = Data(value.utf8)
        let base64 = bytes.base64EncodedString()
        let base64url = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let percentOnce = bytes.map { String(format: "%%%02X", $0) }.joined()
        return [
            ("base64", base64),
            (embeddedName, Data((embeddingPrefix + value).utf8).base64EncodedString()),
            ("base64url", base64url),
            ("hex", hex),
            ("upper-case hex", hex.uppercased()),
            ("decimal character references", value.unicodeScalars.map { "&#\($0.value);" }.joined()),
            ("hexadecimal character references", value.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()),
            ("percent-encoded twice", percentOnce.replacingOccurrences(of: "%", with: "%25")),
            ("percent-encoded three times", percentOnce.replacingOccurrences(of: "%", with: "%2525")),
            ("reversed", String(value.reversed())),
        ]
    }

    /// What must not appear in any output: an 8-character run of any encoding of `value` (case
    /// folded, as hex may be either), or a 4-character run of the value itself or reversed.
    static func leaks(of value: String, in output: String) -> [String] {
        let folded = output.lowercased()
        var found: [String] = []
        for (name, text) in encodings(of: value) where name != "reversed" {
            var characters = Array(text.lowercased())
            if name == Self.embeddedName {
                // Only the characters that encode the value's own bytes (from the first whole group after
                // the prefix to the last whole group): the prefix's may stay.
                let prefix = Self.embeddingPrefix.utf8.count, end = prefix + value.utf8.count
                characters = Array(characters[((prefix + 2) / 3 * 4)..<(end / 3 * 4)])
            }
            guard characters.count >= 8 else { continue }
            for start in stride(from: 0, through: characters.count - 8, by: 1) {
                let run = String(characters[start..<(start + 8)])
                if folded.contains(run) {
                    found.append("\(name): \(run)")
                    break
                }
            }
        }
        for plain in [value.lowercased(), String(value.lowercased().reversed())] {
            let characters = Array(plain)
            for start in 0...(characters.count - 4) where folded.contains(String(characters[start..<(start + 4)])) {
                found.append(String(characters[start..<(start + 4)]))
            }
        }
        return found
    }

    @Test("The oracle sees every encoding (so the checks below can fail)")
    func oracle() {
        for value in [Self.secret, Self.token] {
            for encoding in Self.encodings(of: value) {
                #expect(!Self.leaks(of: value, in: "said \(encoding.text).").isEmpty, "\(encoding.name)")
            }
        }
        #expect(Self.leaks(of: Self.secret, in: "nothing here to see").isEmpty)
    }

    @Test("The scrubber removes every encoding of the value and keeps the text around it")
    func scrubber() {
        let scrubber = SecretScrubber(secrets: [Self.secret])
        for encoding in Self.encodings(of: Self.secret) {
            let scrubbed = scrubber.scrub("The value '\(encoding.text)' is too weak.")
            #expect(Self.leaks(of: Self.secret, in: scrubbed).isEmpty, "\(encoding.name): \(scrubbed)")
            #expect(scrubbed.hasPrefix("The value '") && scrubbed.hasSuffix("' is too weak."), "\(encoding.name): \(scrubbed)")
        }
    }

    @Test("Ordinary server texts keep their words")
    func ordinaryTextsStay() {
        let scrubber = SecretScrubber(secrets: [Self.secret, Self.token])
        for text in ["Invalid request format.", "The credential does not meet the policy: use 12 characters or more.",
                     "Request 5f3a9c2e-41d7-4b8e-9a10-3c2d1e0f9b7a failed", "error.userservice.invalid_credential"] {
            #expect(scrubber.scrub(text) == text, "\(text)")
        }
        // A short value is removed where it stands whole, never because a run of letters happens to
        // decode to it.
        let short = SecretScrubber(secrets: ["x"])
        for text in ["error.userservice.invalid_credential_fields", "Invalid credential fields in request"] {
            #expect(short.scrub(text) == text, "\(text)")
        }
        #expect(short.scrub("you typed x") == "you typed •••")
    }

    @Test("The client's errors carry no encoding of the value or of the token", arguments: [400, 401, 500])
    func client(status: Int) async throws {
        for echoed in [Self.secret, Self.token] {
            for encoding in Self.encodings(of: echoed) {
                let body = #"{"code": "USR-1024", "message": "refused \#(encoding.text)", "description": "got \#(encoding.text)."}"#
                let transport = InMemoryHTTPTransport(response: HTTPResponse(status: status, body: Data(body.utf8)))
                let config = try ThunderIDConfig(baseUrl: "https://id.example.com", accessToken: { Self.token })
                let client = ThunderIDClient(config: config, transport: transport)
                let error = try await #require(throws: ThunderIDError.self) {
                    try await client.updateUserCredentials(attribute: "password", newValue: Self.secret)
                }
                var dumped = ""
                dump(error, to: &dumped)
                for output in [error.description, dumped] {
                    #expect(Self.leaks(of: echoed, in: output).isEmpty, "\(status) \(encoding.name): \(output)")
                }
                #expect(error.serverError?.status == status)
            }
        }
    }

    @Test("No encoding of the value or the token reaches the log sinks, the machine or the UI message")
    func state() async throws {
        let memory = InMemoryEventLog()
        var bodies: [String] = []
        for echoed in [Self.secret, Self.token] {
            for encoding in Self.encodings(of: echoed) {
                bodies.append(#"{"code": "USR-1024", "message": "'\#(encoding.text)' is too weak", "description": "\#(encoding.text)"}"#)
            }
        }
        let pending = bodies
        let responses = ResponseQueue(pending.map { HTTPResponse(status: 400, body: Data($0.utf8)) })
        let transport = InMemoryHTTPTransport { _ throws(ThunderIDError) in responses.next() }
        let config = try ThunderIDConfig(baseUrl: "https://id.example.com", accessToken: { Self.token })
        let state = ChangeCredentialState(
            attribute: "password", schemaProvider: InMemorySchemaProvider(policy: .credential()),
            updater: ThunderIDClient(config: config, transport: transport),
            configuration: ChangeCredentialConfiguration(errorMessages: EchoedValueTests.ServerTextMapping(), eventLog: [memory]))
        state.open()
        await state.settle()
        state.newValue = Self.secret
        state.confirmValue = Self.secret
        for _ in pending {
            state.submit()
            await state.settle()
            #expect(state.phase == .failed)
        }
        var logged = ""
        dump(memory.records, to: &logged)
        let outputs = [logged, state.error ?? "", "\(state.machine)"] + memory.records.map { String(describing: $0) }
        for output in outputs {
            #expect(Self.leaks(of: Self.secret, in: output).isEmpty, "\(output.prefix(300))")
            #expect(Self.leaks(of: Self.token, in: output).isEmpty, "\(output.prefix(300))")
        }
        #expect(memory.records.count > pending.count)
    }

    /// Answers each request with the next response, then with the last one.
    final class ResponseQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var responses: [HTTPResponse]

        init(_ responses: [HTTPResponse]) { self.responses = responses }

        func next() -> HTTPResponse {
            lock.withLock { responses.count > 1 ? responses.removeFirst() : responses[0] }
        }
    }
}
