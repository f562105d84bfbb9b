import Foundation
import Testing

/// Every tool answers `--help` (exit 0, usage on stdout) and refuses unknown or incomplete arguments
/// with a usage line on stderr and exit status 2. The tools are the executables built next to this
/// test bundle (`swift build --build-tests` and `swift test` build them).
@Suite("Command lines")
struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    static func tool(_ name: String) -> URL {
        buildDirectory.appendingPathComponent(name)
    }

    /// Runs `executable` with `arguments`, stdin closed, and collects its output.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    static let helpCases: [(String, [String])] = [
        ("ecma-regex", ["--help"]), ("ecma-regex", ["test", "--help"]), ("ecma-regex", ["translate", "--help"]),
        ("ecma-regex", ["conformance", "--help"]), ("ecma-regex", ["--jsonl", "--help"]),
        ("thunderid-spec", ["--help"]), ("change-credential-demo", ["--help"]), ("regex-bench", ["--help"]),
    ]

    @Test("Every tool and subcommand answers --help with its usage and exit 0", arguments: helpCases)
    func help(tool: String, arguments: [String]) throws {
        let executable = Self.tool(tool)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build \(tool) first")
        let run = try Self.run(executable, arguments)
        #expect(run.status == 0, "\(tool) \(arguments): \(run.stderr)")
        #expect(run.stdout.contains("usage:"), "\(tool) \(arguments) printed \(run.stdout.debugDescription)")
    }

    static let refusedCases: [(String, [String])] = [
        ("ecma-regex", []), ("ecma-regex", ["frobnicate"]), ("ecma-regex", ["test"]), ("ecma-regex", ["test", "a", "--bogus"]),
        ("ecma-regex", ["test", "a", "--flags"]), ("ecma-regex", ["translate"]), ("ecma-regex", ["translate", "a", "b"]),
        ("ecma-regex", ["translate", "--flags"]), ("ecma-regex", ["conformance", "a", "b"]), ("ecma-regex", ["--jsonl", "x"]),
        ("thunderid-spec", ["--bogus"]), ("thunderid-spec", ["Specs", "Specs"]), ("thunderid-spec", ["--event-log"]),
        ("thunderid-spec", ["--to-spec"]), ("thunderid-spec", ["--event-log", "a.jsonl", "--mutate"]),
        ("change-credential-demo", ["--fail-first"]), ("change-credential-demo", ["--fail-first", "--token", "t"]),
        ("change-credential-demo", ["--bogus"]), ("change-credential-demo", ["--base-url", "not a url"]),
        ("change-credential-demo", ["--token"]), ("regex-bench", ["--bogus"]),
        // URLs ThunderIDConfig refuses: a message and exit 2, not a trap.
        ("change-credential-demo", ["--base-url", "https://u:p@127.0.0.1:1"]),
        ("change-credential-demo", ["--base-url", "http://id.example.test"]),
        ("change-credential-demo", ["--base-url", "https://127.0.0.1:1/?tenant=a"]),
        ("change-credential-demo", ["--fault", "nowhere:gzip-bomb"]),
    ]

    @Test("Unknown or incomplete arguments are refused with a usage line and exit 2", arguments: refusedCases)
    func refused(tool: String, arguments: [String]) throws {
        let executable = Self.tool(tool)
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build \(tool) first")
        let run = try Self.run(executable, arguments)
        #expect(run.status == 2, "\(tool) \(arguments) exited \(run.status): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("usage:"), "\(tool) \(arguments) wrote \(run.stderr.debugDescription)")
    }

    @Test("The demo refuses a base URL with a password by naming the problem, never the password")
    func demoRefusesUserinfo() throws {
        let run = try Self.run(Self.tool("change-credential-demo"), ["--base-url", "https://user:s3cr3t-pw@127.0.0.1:1"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("must not carry a user name or password"), "\(run.stderr)")
        #expect(!run.stderr.contains("s3cr3t-pw") && !run.stdout.contains("s3cr3t-pw"))
    }

    @Test("A value that starts with - is tested after --")
    func dashValue() throws {
        let run = try Self.run(Self.tool("ecma-regex"), ["test", "^-?\\d+$", "--", "-5", "x"])
        #expect(run.status == 0)
        #expect(run.stdout == "match    \"-5\"\nno match \"x\"\n")
    }

    @Test("The emulator answers --help, refuses a bad port, and keeps running with stdin closed")
    func emulator() throws {
        let script = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent("Tools/emulator/thunderid_emulator.py")
        let python = URL(fileURLWithPath: "/usr/bin/env")
        let help = try Self.run(python, ["python3", script.path, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage:"))
        for arguments in [["--port", "99999"], ["--bogus"], ["--port"]] {
            let refused = try Self.run(python, ["python3", script.path] + arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.stderr.contains("usage:"), "\(arguments)")
        }
        // The README's command, started with stdin closed: it must still serve after announcing its port.
        let process = Process()
        process.executableURL = python
        process.arguments = ["python3", script.path, "--port", "0", "--quiet"]
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        var announced = Data()
        while !announced.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced.append(chunk)
        }
        #expect(String(decoding: announced, as: UTF8.self).hasPrefix("listening on 127.0.0.1:"))
        // A stdin watcher would have seen end-of-file at once; give it time to act, then ask.
        Thread.sleep(forTimeInterval: 1)
        #expect(process.isRunning, "the emulator exited after stdin closed")
    }
}
