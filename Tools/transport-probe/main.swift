// transport-probe: sends requests through the Linux transport (CurlTransport) in a process of its own,
// for the tests that change its environment or starve it of threads or descriptors
// (Tests/ThunderIDTests/Client/TransportProcessTests.swift).
//
//   transport-probe send URL [--post] [--timeout SECONDS]
//       Sends one request (GET, or a POST with a small JSON body) with the environment it was given
//       (http_proxy, SSLKEYLOGFILE, ...) and prints its outcome.
//   transport-probe threads URL --count N [--timeout SECONDS]
//       Warms up the concurrency pool, then leaves this process unable to start a thread (as root it
//       first becomes the user nobody, since the limit does not bind root; then RLIMIT_NPROC 1), sends
//       N POSTs at once and prints each outcome as it arrives, then "returned N of N". A request that
//       never returns is seen as a missing line: SIGALRM ends the process after 2 x timeout + 10 s.
//   transport-probe descriptors URL [--post] [--timeout SECONDS]
//       Warms up the concurrency pool and its timers, uses up every file descriptor the process may
//       open (RLIMIT_NOFILE lowered to 64), then sends one request and prints its outcome.
//
// An outcome is one line: "status N" for an answer, "error <description>" for a ThunderIDError.
// Exit status: 0 done, 2 usage error, 3 the process could not be put in the state asked for.
// Not a product: a test fixture.

import Foundation
import ThunderID
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: transport-probe send URL [--post] [--timeout SECONDS]
           transport-probe threads URL --count N [--timeout SECONDS]
           transport-probe descriptors URL [--post] [--timeout SECONDS]
    """

func refuse(_ message: String) -> Never {
    FileHandle.standardError.write(Data("transport-probe: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("transport-probe: \(message)\n".utf8))
    exit(3)
}

/// Writes `line` to standard output at once (the parent reads lines as they come).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

struct Options {
    var command = ""
    var url: URL?
    var post = false
    var count = 1
    var timeout = Duration.seconds(5)

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var remaining = arguments.dropFirst()
        if remaining.first == "--help" || remaining.first == "-h" {
            print(usage)
            exit(0)
        }
        guard let command = remaining.popFirst(), ["send", "threads", "descriptors"].contains(command) else {
            refuse("expected a command")
        }
        options.command = command
        guard let text = remaining.popFirst(), let url = URL(string: text), url.host != nil else { refuse("expected a URL") }
        options.url = url
        while let argument = remaining.popFirst() {
            switch argument {
            case "--post": options.post = true
            case "--count":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else { refuse("--count needs a positive number") }
                options.count = value
            case "--timeout":
                guard let value = remaining.popFirst().flatMap({ Double($0) }), value > 0 else { refuse("--timeout needs seconds") }
                options.timeout = .milliseconds(Int(value * 1000))
            default: refuse("unknown option \(argument)")
            }
        }
        return options
    }
}

/// The request the probe sends to `url`.
func request(_ options: Options, post: Bool) -> HTTPRequest {
    let url = options.url!
    guard post else {
        return HTTPRequest(method: .get, url: url, headers: ["Authorization": "Bearer emulator-token"], timeout: options.timeout)
    }
    return HTTPRequest(method: .post, url: url, headers: ["Authorization": "Bearer emulator-token", "Content-Type": "application/json"],
                       body: Data(#"{"attributes":{"password":"Probe-Value-1"}}"#.utf8), timeout: options.timeout)
}

/// One request's outcome as one line.
func outcome(of request: HTTPRequest) async -> String {
    do throws(ThunderIDError) {
        return "status \(try await CurlTransport().send(request).status)"
    } catch {
        return "error \(error.description)"
    }
}

/// Starts the cooperative pool's threads and the timer machinery while threads can still be created.
func warmUp() async {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount * 2) {
            group.addTask { usleep(20_000) }
        }
    }
    try? await Task.sleep(for: .milliseconds(20))
}

/// Leaves the process unable to start another thread.
func forbidNewThreads() {
    if getuid() == 0 {
        // RLIMIT_NPROC does not bind root: become nobody (65534), whose thread count is this process's.
        guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else { fail("could not become the user nobody") }
    }
    var limit = rlimit(rlim_cur: 1, rlim_max: 1)
    guard setrlimit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), &limit) == 0 else { fail("could not lower RLIMIT_NPROC") }
    // Check that it holds: a thread that cannot start.
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { _ in nil }, nil)
    guard result != 0 else { fail("a thread still starts under RLIMIT_NPROC 1") }
}

/// Lowers RLIMIT_NOFILE and opens /dev/null until no descriptor is left.
func useUpDescriptors() {
    var limit = rlimit(rlim_cur: 64, rlim_max: 64)
    guard setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { fail("could not lower RLIMIT_NOFILE") }
    while open("/dev/null", O_RDONLY) >= 0 {}
    guard errno == EMFILE else { fail("opening /dev/null failed with errno \(errno), not EMFILE") }
}

let options = Options.parse(CommandLine.arguments)
switch options.command {
case "send":
    say(await outcome(of: request(options, post: options.post)))
case "threads":
    await warmUp()
    forbidNewThreads()
    let seconds = Int(options.timeout.components.seconds) * 2 + 10
    alarm(UInt32(seconds))
    let request = request(options, post: true)
    let returned = await withTaskGroup(of: String.self) { group in
        for _ in 0..<options.count {
            group.addTask { await outcome(of: request) }
        }
        var returned = 0
        for await line in group {
            say(line)
            returned += 1
        }
        return returned
    }
    say("returned \(returned) of \(options.count)")
default:
    // The timer machinery's descriptors (epoll, timerfd) are opened on first use, before the shortage.
    await warmUp()
    useUpDescriptors()
    say(await outcome(of: request(options, post: options.post)))
}
exit(0)
