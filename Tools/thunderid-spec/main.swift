import Foundation
import ThunderIDSpec

// thunderid-spec [PATH] [--mutate] [--trace FILE [--to-spec]]
//
// Runs every spec under PATH (default: Specs), prints a line per file, every failure with
// file:line, the coverage matrix and `N passed, M failed`; exits 1 on any failure, malformed spec,
// uncovered cell or when no spec file is found.

let usage = """
    usage: thunderid-spec [PATH] [--mutate]
           thunderid-spec --trace FILE [--to-spec]
    """

var arguments = Array(CommandLine.arguments.dropFirst())
var path = "Specs"
var mutate = false
var tracePath: String?
var toSpec = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--mutate": mutate = true
    case "--to-spec": toSpec = true
    case "--trace":
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("--trace needs a file\n\(usage)\n".utf8))
            exit(2)
        }
        tracePath = arguments.removeFirst()
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        if argument.hasPrefix("-") {
            FileHandle.standardError.write(Data("unknown option \(argument)\n\(usage)\n".utf8))
            exit(2)
        }
        path = argument
    }
}

let suite: SpecSuite
do {
    suite = try SpecSuite.load(directory: path)
} catch {
    FileHandle.standardError.write(Data("thunderid-spec: \(error)\n".utf8))
    exit(1)
}
let report = await SpecRunner().run(suite)
print(report.render())
var success = report.isSuccess
if mutate {
    print("")
    let mutation = MutationTesting.run(rows: suite.transitions)
    print(mutation.render())
    if !mutation.survivors.isEmpty { success = false }
}
exit(success ? 0 : 1)
