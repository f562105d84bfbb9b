import Foundation
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
    /// The admin calls' transport: the platform's, on a gate of its own on Linux, so that admin calls
    /// never wait behind the transfers a test keeps busy (a hang holds its host's turn).
    #if canImport(CCurl)
    private let admin = CurlTransport(gate: CurlTransferGate())
    #else
    private let admin = URLSessionTransport()
    #endif

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
    ///
    /// - Parameters:
    ///   - logFile: when given, the emulator's request log (stderr) is written there.
    ///   - searchPath: where to look for `python3` (default: `PATH`).
    static func start(fixture: String = "person", logFile: URL? = nil, searchPath: String? = nil) async throws -> Emulator {
        let script = PackageRoot.file("Tools/emulator/thunderid_emulator.py")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw EmulatorError.scriptMissing(script.path)
        }
        guard let python = findPython(searchPath: searchPath ?? ProcessInfo.processInfo.environment["PATH"]) else {
            throw EmulatorError.pythonMissing
        }
        let process = Process()
        process.executableURL = python
        let showLog = ProcessInfo.processInfo.environment["THUNDERID_EMULATOR_LOG"] == "1"
        process.arguments = [script.path, "--port", "0", "--fixture", fixture, "--exit-with-parent", "--exit-with-stdin"]
            + (showLog || logFile != nil ? [] : ["--quiet"])
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        if let logFile {
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: logFile)
        } else {
            process.standardError = showLog ? FileHandle.standardError : FileHandle.nullDevice
        }
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
    func config(timeout: Duration = .seconds(30), token: String? = nil) throws -> ThunderIDConfig {
        let bearer = token ?? self.token
        return try ThunderIDConfig(baseUrl: baseURL, requestTimeout: timeout, accessToken: { bearer })
    }

    /// A client on `URLSession` talking to the emulator.
    func client(timeout: Duration = .seconds(30), token: String? = nil) throws -> ThunderIDClient {
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

    /// Whether the emulator process is still running.
    var isRunning: Bool { process.isRunning }

    /// Closes the emulator's stdin only (it should then stop by itself), and waits for it to exit.
    func closeStdinAndWait() {
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Sends SIGTERM only, and waits for the process to exit.
    func terminateAndWait() {
        process.terminate()
        process.waitUntilExit()
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
        // Escalate if it is still there after 5 s, so a broken emulator cannot hang a test run.
        let pid = process.processIdentifier
        let process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
            if process.isRunning { kill(pid, SIGKILL) }
        }
        process.waitUntilExit()
    }

    private func adminRequest(_ method: HTTPRequest.Method, _ action: String, body: Data? = nil) async throws -> HTTPResponse {
        let url = URL(string: "\(baseURL.absoluteString)/__admin/\(action)")!
        return try await admin.send(HTTPRequest(method: method, url: url, body: body, timeout: .seconds(10)))
    }

    /// `python3` in the first directory of `searchPath` that has it.
    static func findPython(searchPath: String?) -> URL? {
        let path = searchPath ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Reads up to the first newline on a background queue; gives up (terminating the process)
    /// after `timeout` seconds so a stuck start cannot hang the test run.
    private static func readFirstLine(from handle: FileHandle, process: Process, timeout: Double) async -> String? {
        let finished = SendableFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if !finished.isSet, process.isRunning { process.terminate() }
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                finished.set()
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.isEmpty ? nil : String(text.prefix { $0 != "\n" }))
            }
        }
    }
}
