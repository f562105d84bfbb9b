import Foundation
import ThunderIDSpec

// thunderid-spec [PATH] [--mutate]
// thunderid-spec --event-log FILE [--to-spec]
//
// Runs every spec under PATH (default: Specs), prints a line per file, every failure with
// file:line, the coverage matrix and `N passed, M failed`; exits 1 on any failure, malformed spec,
// uncovered cell, surviving mutant (with --mutate) or when no spec file is found.
// --mutate-scenarios also runs the scenario scripts alone against every mutant (slower; a report,
// not a gate: the transition tables are what must kill every mutant).
// With --event-log it replays a debug event log through the machine and reports the first divergence;
// with --to-spec it prints the log as a scenario spec instead.

let usage = """
    thunderid-spec: runs the spec suite in Specs/ (transition tables, scenarios, policy tables) against the
    ChangeCredential machine and state, with coverage; --mutate kills the table's one-cell mutants;
    --event-log replays a debug event log (--to-spec prints it as a scenario spec).
    usage: thunderid-spec [PATH] [--mutate] [--mutate-scenarios]
           thunderid-spec --event-log FILE [--to-spec]
      PATH                a directory of spec files (default Specs, relative to the working directory)
      --mutate-scenarios  also runs the scenarios alone against every mutant (a report, slower)
      --to-spec           prints the replayed log as a scenario spec instead of checking it
    exit status: 0 every check passed, 1 a failure or a malformed spec, 2 a usage error
    """

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("thunderid-spec: \(message)\n".utf8))
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var path = "Specs"
var pathGiven = false
var mutate = false
var mutateScenarios = false
var tracePath: String?
var toSpec = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--mutate": mutate = true
    case "--mutate-scenarios": mutateScenarios = true
    case "--to-spec": toSpec = true
    case "--event-log":
        guard let file = arguments.first, !file.hasPrefix("-") else { fail("--event-log needs a file\n\(usage)", code: 2) }
        guard tracePath == nil else { fail("--event-log is given twice\n\(usage)", code: 2) }
        tracePath = file
        arguments.removeFirst()
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("-") { fail("unknown option \(argument)\n\(usage)", code: 2) }
        guard !pathGiven else { fail("only one PATH may be given (also got \(argument))\n\(usage)", code: 2) }
        path = argument
        pathGiven = true
    }
}
if toSpec && tracePath == nil { fail("--to-spec needs --event-log FILE\n\(usage)", code: 2) }
if tracePath != nil && (pathGiven || mutate || mutateScenarios) {
    fail("--event-log cannot be combined with PATH, --mutate or --mutate-scenarios\n\(usage)", code: 2)
}

if let tracePath {
    // Read line by line, the line cap applied while reading: a replay keeps only each instance's
    // machine, so any file size takes bounded memory; --to-spec keeps the records to write them.
    if toSpec {
        let log: EventLogDocument
        do {
            log = try EventLogDocument(contentsOfFile: tracePath)
        } catch {
            fail("\(error)")
        }
        let spec = EventLogToSpec.spec(from: log)
        print(spec, terminator: "")
        // Check the generated spec reproduces the log; say so on stderr when it does not.
        let report = await SpecRunner().run(SpecSuite(files: [SpecFile(path: "(generated)", text: spec)]))
        for problem in report.problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
        for failure in report.failures { FileHandle.standardError.write(Data("warning: \(failure)\n".utf8)) }
        exit(report.failed == 0 ? 0 : 1)
    }
    let result: EventLogReplay.Result
    do {
        result = try EventLogReplay.replay(file: tracePath)
    } catch {
        fail("\(error)")
    }
    print(result.render(path: tracePath))
    exit(result.divergence == nil ? 0 : 1)
}

let suite: SpecSuite
do {
    suite = try SpecSuite.load(directory: path)
} catch {
    fail("\(error)")
}
let report = await SpecRunner().run(suite)
var success = report.isSuccess
if mutate || mutateScenarios {
    print(report.renderBody())
    if mutate {
        print("")
        let mutation = MutationTesting.run(rows: suite.transitions)
        print(mutation.render())
        if !mutation.survivors.isEmpty { success = false }
    }
    if mutateScenarios {
        print("")
        print("Scenarios alone against the same mutants:")
        print(await MutationTesting.runScenarios(suite.files.flatMap(\.scenarios)).render())
    }
    print("")
    print(report.totalsLine)
} else {
    print(report.render())
}
exit(success ? 0 : 1)
