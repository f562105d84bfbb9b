// Linux only: CurlTransport, RLIMIT_NPROC and the proxy variables libcurl reads.
#if canImport(CCurl)
import Foundation
import Glibc
import Testing
@testable import ThunderID

/// The Linux transport in a process of its own (`Tools/transport-probe`), where a test may set the
/// environment or take away threads and descriptors without touching the test runner: proxies in the
/// environment are not used, `SSLKEYLOGFILE` refuses `https`, and a process that can start no thread
/// or has no descriptor left gets every request back, with an error that says so.
@Suite("CurlTransport in a process of its own", .serialized, .timeLimit(.minutes(3)))
struct TransportProcessTests {
    static let emulator = SharedEmulator()

    /// The probe, built next to this test bundle (`swift build --build-tests` builds it).
    static let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("transport-probe")

    /// How the probe ended: its output lines, and its exit status or terminating signal.
    struct Outcome {
        var lines: [String]
        var exited: Bool
        var status: Int32
    }

    /// Runs the probe with `arguments` and `environment` added to this process's, killing it after 60 s.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build transport-probe first")
        let process = Process()
        process.executableURL = probe
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
                     "SSLKEYLOGFILE"] {
            inherited[name] = nil
        }
        // Under AddressSanitizer, no leak check at the probe's exit: LeakSanitizer cannot run in a process
        // left without threads or descriptors, and the probe exits while detached workers may still be
        // unwinding. The same transfers run in this process too, whose exit is checked.
        inherited["ASAN_OPTIONS"] = (inherited["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        process.environment = inherited.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        killer.cancel()
        return Outcome(lines: text.split(separator: "\n").map(String.init), exited: process.terminationReason == .exit,
                       status: process.terminationStatus)
    }

    @Test("Proxies named in the environment are not used: the request goes to its host or nowhere",
          arguments: ["http_proxy", "all_proxy", "ALL_PROXY"])
    func proxyEnvironmentIgnored(variable: String) async throws {
        let emulator = try await Self.emulator.fresh()
        let closed = "http://127.0.0.1:\(try ClientFaultTests.closedPort())/users/me/update-credentials"
        let outcome = try Self.run(["send", closed, "--post"], environment: [variable: emulator.baseURL.absoluteString])
        #expect(outcome.exited && outcome.status == 0)
        #expect(outcome.lines == ["error \(ThunderIDError.transport(.offline).description)"])
        // The emulator, named as the proxy, never saw the request (nor its token and credential).
        #expect(try await emulator.stats().requests.total == 0)
    }

    @Test("An https request is refused, unsent, while SSLKEYLOGFILE is set; nothing is written to the file")
    func keyLogFileRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keylog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyLog = directory.appendingPathComponent("keys.txt")
        let closed = "https://127.0.0.1:\(try ClientFaultTests.closedPort())/users/me/meta"
        let outcome = try Self.run(["send", closed], environment: ["SSLKEYLOGFILE": keyLog.path])
        #expect(outcome.exited && outcome.status == 0)
        let refusal = ThunderIDError.transport(.other("SSLKEYLOGFILE is set, so libcurl would write the connection's TLS secrets to a file; "
                                                      + "the request was not sent"))
        #expect(outcome.lines == ["error \(refusal.description)"])
        let written = (try? Data(contentsOf: keyLog)) ?? Data()
        #expect(written.isEmpty)
    }

    @Test("A process that can start no thread gets every request back at once, with an error saying so")
    func noThreads() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.hang, on: .update, hangSeconds: 30)]))
        let url = emulator.baseURL.appendingPathComponent("users/me/update-credentials").absoluteString
        let outcome = try Self.run(["threads", url, "--count", "40", "--timeout", "3"])
        #expect(outcome.exited && outcome.status == 0, "the probe was killed (signal \(outcome.status)): a request never returned")
        let failure = ThunderIDError.transport(.other("no thread could be started for the request (Resource temporarily unavailable)"))
        #expect(outcome.lines == Array(repeating: "error \(failure.description)", count: 40) + ["returned 40 of 40"],
                "\(outcome.lines.count) lines: \(Set(outcome.lines))")
        #expect(try await emulator.stats().requests.update == 0)
    }

    @Test("A process with no file descriptor left is told so, not that it is offline")
    func noDescriptors() async throws {
        let emulator = try await Self.emulator.fresh()
        let url = emulator.baseURL.appendingPathComponent("users/me/meta").absoluteString
        let outcome = try Self.run(["descriptors", url])
        #expect(outcome.exited && outcome.status == 0)
        let failure = ThunderIDError.transport(.other("no connection could be opened: this process has no file descriptor left"))
        #expect(outcome.lines == ["error \(failure.description)"])
    }

    @Test("The probe itself reaches the emulator when nothing is taken away")
    func probeWorks() async throws {
        let emulator = try await Self.emulator.fresh()
        let url = emulator.baseURL.appendingPathComponent("users/me/meta").absoluteString
        #expect(try Self.run(["send", url]).lines == ["status 200"])
    }
}
#endif
