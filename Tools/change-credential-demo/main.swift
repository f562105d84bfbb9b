// change-credential-demo: drives ChangeCredentialState the way the sheet does, on Linux, against
// the ThunderID emulator (or any ThunderID at --base-url), printing what a user would see.
//
//   swift run change-credential-demo                      # starts Tools/emulator on a free port
//   swift run change-credential-demo --fail-first USR-1024   # the first post is refused, then retried
//   swift run change-credential-demo --base-url http://127.0.0.1:8090 --token emulator-token --attribute pin
//   THUNDERID_TRACE=stderr swift run change-credential-demo   # plus the debug event log on stderr
//
// The new value is read from the NEW_VALUE environment variable (default: a demo PIN), never
// from the command line, and it is never printed.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ThunderID
import ThunderIDEventLog

struct Options {
    var baseURL: URL?
    var token = "emulator-token"
    var attribute = "pin"
    var failFirst: String?
    var fault: (route: String, name: String)?

    static let usage = """
        usage: change-credential-demo [--base-url URL] [--token TOKEN] [--attribute NAME] [--fail-first CODE] [--fault ROUTE:NAME]
          --base-url URL     a running ThunderID (default: start Tools/emulator on a free port)
          --token TOKEN      bearer token (default emulator-token)
          --attribute NAME   the credential attribute (default pin)
          --fail-first CODE  the emulator refuses the first post with CODE (e.g. SSE-5000), then the retry
                             succeeds (emulator only: it scripts the server's /__admin/ routes)
          --fault ROUTE:NAME the emulator injects fault NAME once on ROUTE (meta or update), e.g. meta:endless-body,
                             meta:gzip-bomb, update:gzip-bomb (emulator only; see Tools/emulator/README.md)
          -h, --help         this text
        The new value comes from the NEW_VALUE environment variable, never from the command line.
        Exit status: 0 when the change succeeded, 1 when it did not, 2 for a usage error.
        """

    /// The options, or exits: 0 after `--help`, 2 with the usage for an unknown option, a missing or
    /// empty value, or a base URL that is not an http(s) URL.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var remaining = arguments.dropFirst()
        func refuse(_ reason: String) -> Never {
            Options.refuse(reason)
        }
        func value(for option: String) -> String {
            guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                refuse("\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                print(usage)
                exit(0)
            case "--base-url":
                let text = value(for: argument)
                guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                    // Not echoed: a URL may carry a password.
                    refuse("--base-url needs an http or https URL")
                }
                do {
                    _ = try ThunderIDConfig(baseUrl: url, accessToken: { "" })
                } catch {
                    // The configuration's reason names the problem, never the URL's password.
                    refuse("--base-url cannot be used: \(error)")
                }
                options.baseURL = url
            case "--token": options.token = value(for: argument)
            case "--attribute": options.attribute = value(for: argument)
            case "--fail-first": options.failFirst = value(for: argument)
            case "--fault":
                let text = value(for: argument)
                let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, ["meta", "update"].contains(parts[0]), !parts[1].isEmpty else {
                    refuse("--fault needs ROUTE:FAULT with ROUTE meta or update, got \(text)")
                }
                options.fault = (route: parts[0], name: parts[1])
            default: refuse("unknown argument \(argument)")
            }
        }
        return options
    }

    /// Prints `reason` and the usage on standard error and exits with status 2.
    static func refuse(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("change-credential-demo: \(reason)\n\(usage)\n".utf8))
        exit(2)
    }
}

/// Starts the emulator from the package checkout and returns its base URL.
func startEmulator() throws -> (URL, Process) {
    let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .appendingPathComponent("Tools/emulator/thunderid_emulator.py")
    guard FileManager.default.fileExists(atPath: script.path) else {
        throw DemoError("run from the package root (Tools/emulator/thunderid_emulator.py not found), or pass --base-url")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--port", "0", "--fixture", "pin", "--quiet", "--exit-with-parent", "--exit-with-stdin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { throw DemoError("the emulator exited before announcing its port") }
        line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).split(separator: "\n")[0]
    guard text.hasPrefix("listening on "), let url = URL(string: "http://" + text.dropFirst("listening on ".count)) else {
        throw DemoError("unexpected emulator output: \(text)")
    }
    return (url, process)
}

/// Tells the emulator to refuse the next post with `code` (its admin endpoint, not ThunderID's API).
func scriptFailure(_ code: String, at baseURL: URL) async throws {
    try await script(#"{"route":"update","error":"\#(code)","times":1}"#, at: baseURL)
}

/// Tells the emulator to inject `fault` once on `route`.
func scriptFault(_ fault: (route: String, name: String), at baseURL: URL) async throws {
    let rule: [String: Any] = ["route": fault.route, "fault": fault.name, "times": 1]
    let json = try JSONSerialization.data(withJSONObject: rule)
    try await script(String(decoding: json, as: UTF8.self), at: baseURL)
}

/// Appends one rule to the emulator's script.
func script(_ rule: String, at baseURL: URL) async throws {
    var request = URLRequest(url: baseURL.appendingPathComponent("__admin/script"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"appendRules":[\#(rule)]}"#.utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw DemoError("the emulator refused the script") }
}

struct DemoError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@MainActor
func show(_ step: String, _ state: ChangeCredentialState) {
    var line = "\(step.padding(toLength: 28, withPad: " ", startingAt: 0)) phase=\(state.phase)"
    line += " sheet=\(state.isPresented ? "shown" : "hidden")"
    if state.loading { line += " [\(state.submitLabel)]" }
    if !state.evaluation.results.isEmpty {
        line += " rules=" + state.evaluation.results.map { result in
            switch result.status {
            case .passed: "\(result.id):passed"
            case .failed: "\(result.id):failed"
            case .unverifiable: "\(result.id):unverifiable"
            }
        }.joined(separator: ",")
    }
    if let error = state.error { line += "\n    error: \(error)" }
    if let notice = state.unavailableMessage { line += "\n    notice: \(notice)" }
    print(line)
}

let options = Options.parse(CommandLine.arguments)
var emulator: Process?
let baseURL: URL
do {
    if let given = options.baseURL {
        baseURL = given
    } else {
        let (url, process) = try startEmulator()
        baseURL = url
        emulator = process
        print("emulator listening on \(url.absoluteString)")
    }
    if let code = options.failFirst { try await scriptFailure(code, at: baseURL) }
    if let fault = options.fault { try await scriptFault(fault, at: baseURL) }
} catch {
    FileHandle.standardError.write(Data("change-credential-demo: \(error)\n".utf8))
    exit(1)
}

let token = options.token
let config: ThunderIDConfig
do {
    config = try ThunderIDConfig(baseUrl: baseURL, accessToken: { token })
} catch {
    // A URL ThunderIDConfig refuses (userinfo, a query, plain http to another host) is a usage error;
    // the error names the problem, never the URL's password.
    emulator?.terminate()
    Options.refuse("--base-url cannot be used: \(error)")
}
let shared = ThunderIDState(config: config)
let newValue = ProcessInfo.processInfo.environment["NEW_VALUE"] ?? "246810"
let state = ChangeCredentialState(attribute: options.attribute, schemaProvider: shared, updater: shared.client,
                                  configuration: ChangeCredentialConfiguration().addingEventLogFromEnvironment(),
                                  onSuccess: { print("    → onSuccess") }, onError: { print("    → onError") })

state.appear()
show("appear (schema requested)", state)
await state.settle()
print("row label: \(state.credentialDisplayName)")
state.open()
show("open", state)
print("sheet: \(state.title) | fields: \(state.newValueLabel) / \(state.confirmationLabel)"
      + (state.requirementHint.map { " | hint: \($0)" } ?? ""))
for (index, _) in newValue.enumerated() {
    state.newValue = String(newValue.prefix(index + 1))
    show("type new value (\(index + 1) chars)", state)
}
state.submit()
show("submit (no confirmation)", state)
for (index, _) in newValue.enumerated() {
    state.confirmValue = String(newValue.prefix(index + 1))
}
show("type confirmation", state)
state.submit()
show("submit", state)
await state.settle()
show("server answered", state)
if state.phase == .failed {
    state.submit()
    show("retry", state)
    await state.settle()
    show("server answered", state)
}
emulator?.terminate()
exit(state.phase == .succeeded ? 0 : 1)
