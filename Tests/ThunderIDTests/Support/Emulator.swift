import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import ThunderID

/// The Python ThunderID emulator (`Tools/emulator/thunderid_emulator.py`) running on a free
/// loopback port, for tests over real HTTP.
///
/// Usage, one process per suite (mark the suite `.serialized`, since tests share it):
///
/// ```swift
/// @Suite(.serialized) struct MyHTTPTests {
///     static let emulator = SharedEmulator()
///
///     @Test("…") func something() async throws {
///         let emulator = try await Self.emulator.fresh()       // started once, reset per test
///         try await emulator.script(EmulatorScript(fixture: "pin", rules: [.error("USR-1024", on: .update)]))
///         let client = try emulator.client(timeout: .seconds(2))
///         …
///         #expect(try await emulator.stats().requests.update == 1)
///     }
/// }
/// ```
///
/// Or one per test: `let emulator = try await Emulator.start()` … `emulator.stop()` (about
/// 100 ms to start). The process also stops by itself when the test process exits (its stdin
/// closes and it watches its parent). Set `THUNDERID_EMULATOR_LOG=1` to see its request log
/// (lengths only, never credential values) on stderr.
final class Emulator: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL
    /// The bearer token the emulator accepts by default.
    let token = "emulator-token"

    private let process: Process
    private let stdin: Pipe
    private let lock = NSLock()
    private var stopped = false
    private let admin = URLSessionTransport()

    private init(baseURL: URL, process: Process, stdin: Pipe) {
        self.baseURL = baseURL
        self.process = process
        self.stdin = stdin
    }

    deinit {
        stop()
    }

    /// Starts the emulator serving `fixture` and waits for its `listening on` line.
    ///
    /// - Throws: ``EmulatorError`` when python3 is missing, the script is not found, or the
    ///   emulator does not announce its port within 15 seconds.
    static func start(fixture: String = "person") async throws -> Emulator {
        let script = PackageRoot.file("Tools/emulator/thunderid_emulator.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw EmulatorError.scriptMissing(script.path)
        }
        guard let python = findPython() else {
            throw EmulatorError.pythonMissing
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--port", "0", "--fixture", fixture, "--exit-with-parent"]
            + (ProcessInfo.processInfo.environment["THUNDERID_EMULATOR_LOG"] == "1" ? [] : ["--quiet"])
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = ProcessInfo.processInfo.environment["THUNDERID_EMULATOR_LOG"] == "1"
            ? FileHandle.standardError : FileHandle.nullDevice
        try process.run()

        let line = await readFirstLine(from: stdout.fileHandleForReading, process: process, timeout: 15)
        guard let line, line.hasPrefix("listening on "),
              let url = URL(string: "http://" + line.dropFirst("listening on ".count).trimmingCharacters(in: .whitespaces)),
              url.port != nil else {
            process.terminate()
            process.waitUntilExit()
            throw EmulatorError.noPortAnnounced(line ?? "(no output; exit status \(process.terminationStatus))")
        }
        return Emulator(baseURL: url, process: process, stdin: stdin)
    }

    /// A configuration for the emulator with the accepted token (or `token` when given).
    func config(timeout: Duration = .seconds(5), token: String? = nil) throws -> ThunderIDConfig {
        let bearer = token ?? self.token
        return try ThunderIDConfig(baseUrl: baseURL, requestTimeout: timeout, accessToken: { bearer })
    }

    /// A client on `URLSession` talking to the emulator.
    func client(timeout: Duration = .seconds(5), token: String? = nil) throws -> ThunderIDClient {
        ThunderIDClient(config: try config(timeout: timeout, token: token))
    }

    /// Sends `script` to `POST /__admin/script`.
    func script(_ script: EmulatorScript) async throws {
        let body = try JSONEncoder().encode(script)
        let response = try await adminRequest(.post, "script", body: body)
        guard response.status == 200 else {
            throw EmulatorError.adminRefused(String(decoding: response.body, as: UTF8.self))
        }
    }

    /// `GET /__admin/stats`: request counts and the shape of the last requests.
    func stats() async throws -> EmulatorStats {
        let response = try await adminRequest(.get, "stats")
        return try EmulatorStats(JSONParser.parse(response.body))
    }

    /// `POST /__admin/reset`: default fixture and token, no rules, counters at zero, hangs released.
    func reset() async throws {
        _ = try await adminRequest(.post, "reset", body: Data())
    }

    /// The exact bytes of the last request body the emulator received on `route` (kept in
    /// its memory only), or nil when none was recorded.
    func lastBody(route: EmulatorRule.Route = .update) async throws -> Data? {
        let response = try await adminRequest(.get, "last-body?route=\(route.rawValue)")
        return response.status == 200 ? response.body : nil
    }

    /// Stops the process (closes its stdin, terminates it and waits). Safe to call twice.
    func stop() {
        let alreadyStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return }
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func adminRequest(_ method: HTTPRequest.Method, _ action: String, body: Data? = nil) async throws -> HTTPResponse {
        let url = URL(string: "\(baseURL.absoluteString)/__admin/\(action)")!
        return try await admin.send(HTTPRequest(method: method, url: url, body: body, timeout: .seconds(10)))
    }

    private static func findPython() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Reads up to the first newline on a background queue; gives up (terminating the process)
    /// after `timeout` seconds so a stuck start cannot hang the test run.
    private static func readFirstLine(from handle: FileHandle, process: Process, timeout: Double) async -> String? {
        let done = NSLock()
        nonisolated(unsafe) var finished = false
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            let giveUp = done.withLock { !finished }
            if giveUp, process.isRunning { process.terminate() }
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                done.withLock { finished = true }
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.isEmpty ? nil : String(text.prefix { $0 != "\n" }))
            }
        }
    }
}

/// One emulator per suite: started on first use, reset on every ``fresh()``.
actor SharedEmulator {
    private var starting: Task<Emulator, any Error>?
    private let fixture: String

    /// A shared emulator that serves `fixture` after each reset is scripted by the test.
    init(fixture: String = "person") {
        self.fixture = fixture
    }

    /// The running emulator, reset to its defaults (counters at zero, no rules).
    func fresh() async throws -> Emulator {
        let task: Task<Emulator, any Error>
        if let starting {
            task = starting
        } else {
            let fixture = fixture
            task = Task { try await Emulator.start(fixture: fixture) }
            starting = task
        }
        let emulator: Emulator
        do {
            emulator = try await task.value
        } catch {
            starting = nil // a failed start is retried by the next test
            throw error
        }
        try await emulator.reset()
        return emulator
    }
}

/// Why the emulator could not be used.
enum EmulatorError: Error, CustomStringConvertible {
    case pythonMissing
    case scriptMissing(String)
    case noPortAnnounced(String)
    case adminRefused(String)

    var description: String {
        switch self {
        case .pythonMissing:
            "python3 was not found on PATH; the HTTP tests need it (install it, or run Tools/dev deps)"
        case .scriptMissing(let path):
            "the emulator script is missing at \(path)"
        case .noPortAnnounced(let output):
            "the emulator did not announce its port; first output: \(output)"
        case .adminRefused(let reason):
            "the emulator refused the admin request: \(reason)"
        }
    }
}

/// What `GET /__admin/stats` reports.
struct EmulatorStats: Sendable {
    /// Requests received per route (admin requests are not counted).
    struct Requests: Sendable, Equatable {
        var meta: Int
        var update: Int
        var other: Int
        var total: Int
    }

    var requests: Requests
    /// The whole answer, for the shape of the last requests (`last.update.bodyShape`, …).
    var raw: JSONValue

    init(_ raw: JSONValue) throws {
        func count(_ key: String) throws -> Int {
            guard case .number(let value)? = raw["requests"]?[key] else {
                throw EmulatorError.adminRefused("stats without requests.\(key)")
            }
            return Int(value)
        }
        requests = Requests(meta: try count("meta"), update: try count("update"), other: try count("other"),
                            total: try count("total"))
        self.raw = raw
    }

    /// The last request recorded on `route` (`method`, `path`, `query`, `authorization`
    /// as `Bearer <N chars>`, `contentType`, `bodyLength`, `bodyShape`).
    func last(_ route: EmulatorRule.Route) -> JSONValue? {
        raw["last"]?[route.rawValue]
    }
}
