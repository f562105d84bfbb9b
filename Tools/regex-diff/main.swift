// regex-diff: differential run of the PCRE2 backend against the portable matcher on seeded random
// patterns × subjects. Run in release mode:
//   swift run -c release regex-diff --cases 2000000 --seed 1
// Prints the counts and every disagreement (up to 50); exits 1 when there is any.

import ECMARegex
import ECMARegexConformance

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var cases = 200_000
var seed: UInt64 = 1
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--cases":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
            print("regex-diff: --cases needs a positive number\n", terminator: "")
            exit(2)
        }
        cases = value
    case "--seed":
        guard let value = arguments.popFirst().flatMap({ UInt64($0) }) else {
            print("regex-diff: --seed needs a number\n", terminator: "")
            exit(2)
        }
        seed = value
    case "-h", "--help":
        print("""
            usage: regex-diff [--cases N] [--seed S]
            Runs the two regex backends (PCRE2 and the portable matcher) on N seeded random patterns and
            subjects (default 200,000, seed 1) and fails on any disagreement. Run with -c release.
            """)
        exit(0)
    default:
        print("usage: regex-diff [--cases N] [--seed S]\n", terminator: "")
        exit(2)
    }
}

guard (try? ECMARegex("a", forcing: .pcre2)) != nil else {
    print("regex-diff: this build has no PCRE2 backend (PCRE2 trait off); nothing to compare")
    exit(0)
}

// Run in slices so progress is visible on long runs.
let slice = 100_000
var sliceSeed = seed
var total = DifferentialRun()
while total.cases < cases {
    var part = DifferentialRun()
    part.run(seed: sliceSeed, count: min(slice, cases - total.cases))
    total.absorb(part)
    sliceSeed &+= 1
    print("seed \(seed)…\(sliceSeed - 1): \(total.summary)")
}
for (reason, count) in total.refusalReasons.sorted(by: { $0.value > $1.value }).prefix(8) {
    print("  PCRE2 refused \(count) patterns: \(reason)")
}
for disagreement in total.disagreements.prefix(50) { print("DISAGREE \(disagreement)") }
exit(total.disagreements.isEmpty ? 0 : 1)
