import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
import Testing
import ThunderIDTesting

/// A server error body that quotes the typed value in another spelling (upper- or
/// lower-cased, percent-encoded, cut short, split by a zero-width character, in NFKC) must not
/// reach the event log, an error's description or the UI message.
@Suite("Echoed values in other spellings")
@MainActor
struct EchoedValueTests {
    static let secret = "Tr0ub4dor&3xyz"

    /// How a server may spell the value back, with a name for the report. Each spelling is checked
    /// for the value and for its tell-tale fragments below.
    static let spellings: [(name: String, text: String)] = [
        ("upper-cased", "TR0UB4DOR&3XYZ"),
        ("lower-cased", "tr0ub4dor&3xyz"),
        ("percent-encoded", "Tr0ub4dor%263xyz"),
        ("percent-encoded throughout", "%54%72%30%75%62%34%64%6F%72%26%33%78%79%7A"),
        ("cut short", "Tr0ub4d"),
        ("cut at the start", "ub4dor&3xyz"),
        ("split by a zero-width space", "Tr0ub\u{200B}4dor&3xyz"),
        ("split by a soft hyphen and a joiner", "Tr0\u{AD}ub4\u{200D}dor&3xyz"),
        ("in NFKC (full-width)", "\u{FF34}\u{FF52}\u{FF10}\u{FF55}\u{FF42}\u{FF14}\u{FF44}\u{FF4F}\u{FF52}\u{FF06}\u{FF13}\u{FF58}\u{FF59}\u{FF5A}"),
        ("upper-cased and percent-encoded", "TR0UB4DOR%263XYZ"),
    ]

    /// What must not appear in any output: the value and every 4-character run of it, in the
    /// folded form (lower-cased ASCII, with the zero-width and soft-hyphen characters dropped).
    static func leaks(_ output: String) -> [String] {
        let folded = output.lowercased().unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
            .map { scalar -> String in
                // Full-width forms back to ASCII, as NFKC does.
                if (0xFF01...0xFF5E).contains(scalar.value) { return String(Unicode.Scalar(scalar.value - 0xFEE0)!).lowercased() }
                return String(scalar)
            }.joined()
        let decoded = folded.removingPercentEncoding ?? folded
        let secret = Array(Self.secret.lowercased())
        var found: [String] = []
        for start in 0...(secret.count - 4) {
            let part = String(secret[start..<(start + 4)])
            if folded.contains(part) || decoded.contains(part) { found.append(part) }
        }
        return found
    }

    @Test("The oracle sees every spelling (so the checks below can fail)")
    func oracle() {
        for spelling in Self.spellings {
            #expect(!Self.leaks("said \(spelling.text).").isEmpty, "\(spelling.name)")
        }
        #expect(Self.leaks("nothing here").isEmpty)
    }

    @Test("The scrubber removes the value in every spelling, and keeps the text around it")
    func scrubber() {
        let scrubber = SecretScrubber(secrets: [Self.secret])
        for spelling in Self.spellings {
            let scrubbed = scrubber.scrub("The value '\(spelling.text)' is too weak.")
            #expect(Self.leaks(scrubbed).isEmpty, "\(spelling.name): \(scrubbed)")
            #expect(scrubbed.hasPrefix("The value '") && scrubbed.hasSuffix("' is too weak."), "\(spelling.name): \(scrubbed)")
        }
    }

    @Test("The client's error and its description carry no spelling of the value")
    func client() async throws {
        for spelling in Self.spellings {
            let body = #"{"code": "USR-1024", "message": "\#(spelling.text) is too weak", "description": "You typed \#(spelling.text)."}"#
            let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 400, headers: [:], body: Data(body.utf8)))
            let client = ThunderIDClient(config: try Canned.config(), transport: transport)
            let error = try await #require(throws: ThunderIDError.self) {
                try await client.updateUserCredentials(attribute: "password", newValue: Self.secret)
            }
            var dumped = ""
            dump(error, to: &dumped)
            #expect(Self.leaks(error.description).isEmpty, "\(spelling.name): \(error.description)")
            #expect(Self.leaks(dumped).isEmpty, "\(spelling.name)")
            #expect(error.serverError?.status == 400)
        }
    }

    @Test("A server code from ThunderID's vocabulary is kept even when the value holds it, so its message still applies",
          arguments: [("1029", 403, "USR-1029"), ("xUSR-1024x", 400, "USR-1024"), ("4010", 401, "AUTH-4010")])
    func knownCodes(value: String, status: Int, code: String) async throws {
        let body = #"{"code": "\#(code)", "message": "refused \#(value)"}"#
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: status, headers: [:], body: Data(body.utf8)))
        let client = ThunderIDClient(config: try Canned.config(), transport: transport)
        let error = try await #require(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "pin", newValue: value)
        }
        #expect(error.serverError?.code == code)
        #expect(error.serverError?.message?.contains(value) == false, "the message is still scrubbed")
        // An unknown code is not vocabulary: it is scrubbed like any other text.
        let unknown = SecretScrubber(secrets: [value]).scrub(ThunderIDError.server(ServerError(status: status, code: "X-\(value)")))
        #expect(unknown.serverError?.code?.contains(value) == false)
    }

    /// Shows the server's own message, as an app's custom mapping might.
    struct ServerTextMapping: ErrorMessageMapping {
        func messageKey(for error: ThunderIDError) -> ChangeCredentialStrings.Key { .errorGeneric }
        func message(for error: ThunderIDError, strings: ChangeCredentialStrings, credential: String) -> String {
            error.serverError?.message ?? "no message"
        }
    }

    @Test("No spelling reaches the in-memory log, the file log, the machine, the error or the UI message")
    func state() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("echo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.jsonl").path
        let memory = InMemoryEventLog()
        let file = try JSONLinesFileEventLog(path: path)
        // An updater that does not scrub (a custom one): the state must scrub what it receives.
        let updater = ScriptedCredentialUpdater(Self.spellings.map { spelling in
            .failure(.server(ServerError(status: 400, code: "USR-1024", message: "'\(spelling.text)' is too weak",
                                         detail: "\(spelling.text) was found in a breach")))
        })
        let state = ChangeCredentialState(
            attribute: "password", schemaProvider: InMemorySchemaProvider(policy: .credential()), updater: updater,
            configuration: ChangeCredentialConfiguration(errorMessages: ServerTextMapping(), eventLog: [memory, file]))
        state.open()
        await state.settle()
        state.newValue = Self.secret
        state.confirmValue = Self.secret
        for spelling in Self.spellings {
            state.submit()
            await state.settle()
            #expect(state.phase == .failed)
            var dumpedMachine = ""
            dump(state.machine, to: &dumpedMachine)
            let outputs = [state.error ?? "", dumpedMachine, "\(state.machine)", state.machine.failure.map { "\($0)" } ?? "",
                           state.sheetModel.error ?? "", state.announcement.error ?? ""]
            for output in outputs {
                #expect(Self.leaks(output).isEmpty, "\(spelling.name): \(output)")
            }
            #expect(state.error?.contains("is too weak") == true, "\(spelling.name): \(state.error ?? "nil")")
        }
        file.flush()
        let fileText = try String(contentsOfFile: path, encoding: .utf8)
        #expect(Self.leaks(fileText).isEmpty)
        #expect(Self.leaks(memory.jsonLines.joined(separator: "\n")).isEmpty)
        var dumpedRecords = ""
        dump(memory.records, to: &dumpedRecords)
        #expect(Self.leaks(dumpedRecords).isEmpty)
        #expect(fileText.contains("is too weak"))
    }
}
