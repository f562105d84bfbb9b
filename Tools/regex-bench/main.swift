// regex-bench: the credential-policy workload on the portable matcher (what Apple platforms run) first,
// then this engine on its selected backend and the product's own call path, raw PCRE2 JIT (with the
// PCRE2 trait), NSRegularExpression and Swift Regex, side by side. Run with `swift run -c release
// regex-bench`. Its one target: no worst-case family pattern up to 64 KiB takes more than 10 ms on
// either backend; every other figure is printed as information.
//
// Workload: every policy regex evaluated on every prefix of 1,000 generated 24-character passwords
// (one evaluation per keystroke). Fairness: every engine gets one warm-up round and the same number of
// timed rounds; within a round the engines run interleaved per policy, in an order that rotates each
// round; time is this thread's CPU time; the median round is reported. Also prints compile time per
// pattern (the engine's figure includes the JIT compile, which happens on its second match), the time to
// answer `^(a+)+$` on 28 `a`s and `!`, an early-exit pattern on a 64k-character subject, a regex that has
// only seen astral subjects, the keystroke targets as ratios of this one run, and a summary line.
// `--worst-case` runs the worst-case family alone (slowest rows first); `--browser-rows` times the long rows
// of Specs/regex/browsers/cases.jsonl; `--profile TEXT` loops over some of
// its cases for a sampling profiler; `--memory` measures compile time and memory of properties of strings
// and of the regex cache (MemoryBench.swift).

import Foundation
import ECMARegex
import ECMARegexConformance

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif

// Arguments: none for the whole run; `--worst-case` for the worst-case family alone; `--profile TEXT` to
// loop over the family's cases whose label holds TEXT (for a profiler); `--help`. Anything else is refused.
let usage = "usage: regex-bench [--worst-case | --browser-rows | --memory | --pattern-length | --profile TEXT]   (run with `swift run -c release regex-bench`)"
var worstCaseOnly = false
var profiledLabel: String?
switch (CommandLine.arguments.dropFirst().first, CommandLine.arguments.count) {
case (nil, _):
    break
case ("-h", 2), ("--help", 2):
    print(usage + "\nTimes the credential-policy workload on the portable matcher first (what Apple platforms run), then this engine, raw PCRE2 JIT, NSRegularExpression and Swift Regex."
        + "\nTarget: no worst-case family pattern up to 64 KiB over 10 ms on either backend; the rest is information."
        + "\n--worst-case: only the worst-case family (Specs/regex/worst-case), its slowest rows first."
        + "\n--browser-rows: only the rows of Specs/regex/browsers/cases.jsonl with a worst-case family, on both configurations."
        + "\n--memory: compile time and memory of properties of strings, and the cache filled at the length cap (MemoryBench.swift)."
        + "\n--pattern-length: only the compile times against pattern length (32 KiB, 256 KiB, 1 MiB)."
        + "\n--profile TEXT: runs the family's cases whose label holds TEXT (longest input, both configurations) for"
        + "\n  about 10 seconds, printing the mean answer time per case, for a sampling profiler to attach to.")
    exit(0)
case ("--worst-case", 2):
    worstCaseOnly = true
case ("--browser-rows", 2):
    exit(try BrowserRowsBench.run() == 0 ? 0 : 1)
case ("--pattern-length", 2):
    _ = PatternLengthBench.report(PatternLengthBench.run(cpuNanoseconds: cpuNanoseconds))
    exit(0)
case ("--memory", 2):
    try MemoryBench.runAll()
    exit(0)
case ("--memory-case", 3):
    MemoryBench.runRow(Int(CommandLine.arguments[2]) ?? 0)
    exit(0)
case ("--memory-cache", 2):
    MemoryBench.runCacheFill()
    exit(0)
case ("--profile", 3):
    profiledLabel = CommandLine.arguments[2]
default:
    FileHandle.standardError.write(Data("regex-bench: unknown arguments \(CommandLine.arguments.dropFirst().joined(separator: " "))\n\(usage)\n".utf8))
    exit(2)
}

/// This thread's CPU time in nanoseconds.
func cpuNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Measures the worst-case family and prints its rows (in file order, or the thirty slowest first), the
/// slowest answer per configuration and the slowest cap-length compile.
func measureWorstCase(slowestFirst: Bool) throws -> WorstCaseFamily.Measurement {
    print("worst-case family: every case compiled fresh, slowest of 3 tests (thread CPU ms; 64k = 65,536 units)")
    let measurement = try WorstCaseFamily.measure()
    let rows = slowestFirst ? Array(measurement.rows.sorted { $0.testMilliseconds > $1.testMilliseconds }.prefix(30)) : measurement.rows
    for row in rows {
        let answer: String
        switch row.answer {
        case .match(let value): answer = String(value)
        case .error(let error): answer = error.kind.rawValue
        }
        let label = row.testCase.label.count > 44 ? String(row.testCase.label.prefix(43)) + "…" : row.testCase.label
        print("  \(label.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(row.testCase.count).leftPad(6)) \(row.configuration.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \((row.backend?.rawValue ?? "-").padding(toLength: 9, withPad: " ", startingAt: 0)) \(answer.padding(toLength: 6, withPad: " ", startingAt: 0)) \(row.accepted ? "ok" : "WRONG") compile \(format(row.compileMilliseconds, 2).leftPad(7)) ms  test \(format(row.testMilliseconds, 3).leftPad(8)) ms")
    }
    for (configuration, slowest) in measurement.slowestByConfiguration.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        print("  slowest answer (\(configuration.rawValue)): \(format(slowest, 3)) ms")
    }
    print("  slowest cap-length compile: \(format(measurement.slowestCapCompileMilliseconds, 2)) ms; cases not accepted: \(measurement.rows.filter { !$0.accepted }.count)")
    return measurement
}

if worstCaseOnly {
    _ = try measureWorstCase(slowestFirst: true)
    exit(0)
}

if let profiledLabel {
    let cases = try WorstCaseFamily.load(from: WorstCaseFamily.defaultDirectory).cases
    let longest = cases.filter { $0.label.contains(profiledLabel) }.reduce(into: [String: WorstCaseFamily.Case]()) {
        if ($0[$1.label]?.count ?? -1) < $1.count { $0[$1.label] = $1 }
    }
    guard !longest.isEmpty else {
        FileHandle.standardError.write(Data("regex-bench: no worst-case label holds \(profiledLabel)\n".utf8))
        exit(2)
    }
    var regexes: [(String, ECMARegex, String)] = []
    for testCase in longest.values.sorted(by: { $0.label < $1.label }) {
        regexes.append(("\(testCase.label) \(testCase.count) selected", try ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode), testCase.input))
        regexes.append(("\(testCase.label) \(testCase.count) portable", try ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode, forcing: .portable), testCase.input))
    }
    var spent = [UInt64](repeating: 0, count: regexes.count)
    var calls = 0
    let begin = cpuNanoseconds()
    while cpuNanoseconds() - begin < 10_000_000_000 {
        for (index, (_, regex, input)) in regexes.enumerated() {
            let start = cpuNanoseconds()
            _ = try? regex.test(input)
            spent[index] += cpuNanoseconds() - start
        }
        calls += 1
    }
    for (index, (label, _, _)) in regexes.enumerated() {
        print("\(label): \(format(Double(spent[index]) / Double(calls) / 1e6, 3)) ms per answer (\(calls) calls)")
    }
    exit(0)
}

// MARK: Workload

var generator = PasswordGenerator(seed: 20_261_129)
var subjects: [String] = []
subjects.reserveCapacity(24_000)
for _ in 0..<1000 {
    var prefix = ""
    for character in generator.password(length: 24) {
        prefix.append(character)
        var stored = prefix
        stored.makeContiguousUTF8()
        subjects.append(stored)
    }
}
let policies = BenchmarkPolicy.all
let evaluationsPerRound = subjects.count * policies.count
print("workload: \(policies.count) policies × \(subjects.count) prefixes (1,000 passwords × 24 keystrokes) = \(evaluationsPerRound) evaluations per engine")

// MARK: Compile every engine's form of every policy

/// One contender: a name and, per policy, a function answering one subject (nil: a counted error).
struct Contender {
    var name: String
    var evaluators: [(String) -> Bool?]
}

var engines: [ECMARegex] = []
var portables: [ECMARegex] = []
var nsRegexes: [NSRegularExpression] = []
var swiftRegexes: [Regex<AnyRegexOutput>] = []
for policy in policies {
    do {
        engines.append(try ECMARegex(policy.pattern, flags: policy.flags))
        portables.append(try ECMARegex(policy.pattern, flags: policy.flags, forcing: .portable))
    } catch {
        print("engine cannot compile /\(policy.pattern)/\(policy.flags): \(error)")
        exit(1)
    }
    let caseless = policy.flags.contains("i")
    do {
        nsRegexes.append(try NSRegularExpression(pattern: policy.pattern, options: caseless ? [.caseInsensitive] : []))
        let regex = try Regex(policy.pattern)
        swiftRegexes.append(caseless ? regex.ignoresCase() : regex)
    } catch {
        print("Foundation or Swift Regex cannot compile /\(policy.pattern)/: \(error)")
        exit(1)
    }
}
let backends = Set(engines.map(\.backend.rawValue)).sorted().joined(separator: ", ")
print("engine backends on the policies: \(backends)")

// The portable matcher first: it is what iOS, macOS, tvOS, watchOS and visionOS run. The engine
// (PCRE2 where it is exact, on Linux's default build) second.
var contenders: [Contender] = [
    Contender(name: "portable", evaluators: portables.map { regex in { subject in try? regex.test(subject) } }),
    Contender(name: "engine", evaluators: engines.map { regex in { subject in try? regex.test(subject) } }),
    // `product`: `ECMARegex.cached(pattern, flags:)` then `test`, the call SchemaRegexRule makes per
    // keystroke while it looks its regex up by pattern (a hash of pattern and flags and a lock, then the
    // engine). A rule that holds its compiled regex runs exactly the `engine` column's call.
    Contender(name: "product", evaluators: policies.map { policy in
        { subject in try? ECMARegex.cached(policy.pattern, flags: policy.flags).test(subject) }
    }),
]
#if PCRE2_BACKEND
    var raws: [RawPCRE2] = []
    for policy in policies {
        guard let raw = RawPCRE2(policy.pcre2Pattern, caseless: policy.pcre2Caseless) else {
            print("PCRE2 cannot compile \(policy.pcre2Pattern)")
            exit(1)
        }
        raws.append(raw)
    }
    contenders.append(Contender(name: "pcre2-jit", evaluators: raws.map { raw in { subject in raw.matches(subject) } }))
#endif
contenders.append(Contender(name: "NSRegex", evaluators: nsRegexes.map { regex in
    { subject in regex.firstMatch(in: subject, options: [], range: NSRange(subject.startIndex..., in: subject)) != nil }
}))
contenders.append(Contender(name: "SwiftRegex", evaluators: swiftRegexes.map { regex in { subject in subject.contains(regex) } }))

// MARK: Matching, interleaved

let timedRounds = 5
var samples = [[[Double]]](repeating: [[Double]](repeating: [], count: policies.count), count: contenders.count)
var verdicts = [[[Bool]]](repeating: [[Bool]](repeating: [], count: policies.count), count: contenders.count)
var errors = [Int](repeating: 0, count: contenders.count)
for round in 0...timedRounds {
    for index in policies.indices {
        for step in contenders.indices {
            let contender = (step + round) % contenders.count
            let evaluate = contenders[contender].evaluators[index]
            var answers: [Bool] = []
            answers.reserveCapacity(subjects.count)
            var failed = 0
            let start = cpuNanoseconds()
            for subject in subjects {
                if let answer = evaluate(subject) { answers.append(answer) } else { failed += 1; answers.append(false) }
            }
            let elapsed = Double(cpuNanoseconds() - start) / Double(subjects.count)
            if round == 0 {
                // The warm-up round: verdicts and errors, not timed.
                verdicts[contender][index] = answers
                errors[contender] += failed
            } else {
                samples[contender][index].append(elapsed)
            }
        }
    }
}
let perPolicy = samples.map { $0.map(median) }
func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
let means = perPolicy.map(mean)
@MainActor func column(_ name: String) -> Int? { contenders.firstIndex { $0.name == name } }

print("")
print("ns per evaluation (thread CPU time, median of \(timedRounds) interleaved rounds after one warm-up round, every engine alike)")
print("policy                     " + contenders.map { $0.name.leftPad(11) }.joined() + "   matches")
for (index, policy) in policies.enumerated() {
    let name = policy.name.padding(toLength: 26, withPad: " ", startingAt: 0)
    let cells = contenders.indices.map { format(perPolicy[$0][index]).leftPad(11) }.joined()
    print("\(name) \(cells) \(String(verdicts[0][index].filter { $0 }.count).leftPad(9))")
}
print("mean                       " + means.map { format($0).leftPad(11) }.joined())
for contender in contenders.indices.dropFirst() {
    var differing = 0
    for index in policies.indices {
        for (a, b) in zip(verdicts[0][index], verdicts[contender][index]) where a != b { differing += 1 }
    }
    print("verdicts of \(contenders[contender].name) differing from the portable matcher: \(differing) of \(evaluationsPerRound); errors: \(errors[contender])")
}
print("portable matcher errors (limit): \(errors[0])")

// MARK: Compile time against pattern length

let patternLengthWorstPerMiB = PatternLengthBench.report(PatternLengthBench.run(cpuNanoseconds: cpuNanoseconds))
print("")

// MARK: Compile time

print("")
print("compile time per pattern, µs (engine: parse + selection + translate + pcre2_compile + the two first matches,")
print("which JIT-compile; portable: parse + program; raw: pcre2_compile + JIT)")
var compileTimes: [Double] = []
var initOnlyTimes: [Double] = []
var portableCompileTimes: [Double] = []
let compileRepetitions = 500
for policy in policies {
    var best = Double.infinity
    var bestInit = Double.infinity
    var bestPortable = Double.infinity
    var bestRaw = Double.nan
    for _ in 0..<3 {
        var start = cpuNanoseconds()
        for _ in 0..<compileRepetitions {
            if let regex = try? ECMARegex(policy.pattern, flags: policy.flags) {
                _ = try? regex.test("")
                _ = try? regex.test("")
            }
        }
        best = min(best, Double(cpuNanoseconds() - start) / Double(compileRepetitions) / 1000)
        start = cpuNanoseconds()
        for _ in 0..<compileRepetitions { _ = try? ECMARegex(policy.pattern, flags: policy.flags) }
        bestInit = min(bestInit, Double(cpuNanoseconds() - start) / Double(compileRepetitions) / 1000)
        start = cpuNanoseconds()
        for _ in 0..<compileRepetitions { _ = try? ECMARegex(policy.pattern, flags: policy.flags, forcing: .portable) }
        bestPortable = min(bestPortable, Double(cpuNanoseconds() - start) / Double(compileRepetitions) / 1000)
        #if PCRE2_BACKEND
            let bytes = Array(policy.pcre2Pattern.utf8)
            start = cpuNanoseconds()
            for _ in 0..<compileRepetitions { RawPCRE2.compileOnce(bytes, caseless: policy.pcre2Caseless) }
            let raw = Double(cpuNanoseconds() - start) / Double(compileRepetitions) / 1000
            bestRaw = bestRaw.isNaN ? raw : min(bestRaw, raw)
        #endif
    }
    compileTimes.append(best)
    initOnlyTimes.append(bestInit)
    portableCompileTimes.append(bestPortable)
    print("  \(policy.name.padding(toLength: 26, withPad: " ", startingAt: 0)) engine \(format(best).leftPad(7))   init only \(format(bestInit).leftPad(7))   portable \(format(bestPortable).leftPad(7))   raw \(format(bestRaw).leftPad(7))")
}
let compileUs = mean(compileTimes)
let initOnlyUs = mean(initOnlyTimes)
let portableCompileUs = mean(portableCompileTimes)
let portableCompileMedian = median(portableCompileTimes)
print("  mean engine compile: \(format(compileUs)) µs (init only, no JIT: \(format(initOnlyUs)) µs); portable: \(format(portableCompileUs)) µs (median \(format(portableCompileMedian)) µs)")

// MARK: Catastrophic backtracking

let redosSubject = String(repeating: "a", count: 28) + "!"
var redosWorst = 0.0
var portableRedosWorst = 0.0
print("")
for backend in [nil, ECMARegex.Backend.portable] {
    for flags in ["", "u"] {
        var runs: [String] = []
        var answer = "?"
        do {
            let redos = try backend.map { try ECMARegex("^(a+)+$", flags: flags, forcing: $0) } ?? ECMARegex("^(a+)+$", flags: flags)
            for _ in 0..<5 {
                let start = cpuNanoseconds()
                do {
                    answer = try redos.test(redosSubject) ? "match (wrong!)" : "no match (correct)"
                } catch {
                    answer = "limit error: \(error.message)"
                }
                let elapsed = Double(cpuNanoseconds() - start) / 1_000_000
                runs.append(format(elapsed, 3))
                if backend == nil { redosWorst = max(redosWorst, elapsed) } else { portableRedosWorst = max(portableRedosWorst, elapsed) }
            }
        } catch {
            answer = "compile error: \(error)"
        }
        print("/^(a+)+$/\(flags) on 28 a's and '!' (\(backend?.rawValue ?? "engine")): \(answer); runs (ms): \(runs.joined(separator: ", "))")
    }
}

// MARK: Early exit and astral-only subjects

/// Median ns per call of `body` over `rounds` rounds of `calls` calls (thread CPU time).
func timePerCall(rounds: Int = 5, calls: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = cpuNanoseconds()
        for _ in 0..<calls { body() }
        times.append(Double(cpuNanoseconds() - start) / Double(calls))
    }
    return median(times)
}

// An early-exit pattern on 64k characters: the answer is known after the first character, so the time
// must not grow with the subject (V8 and raw PCRE2 do not scan it; the engine scans for astral characters
// only when the pattern can tell an astral character from its two code units).
print("")
let longSubject: String = {
    var text = "x" + String(repeating: "abcdefgh", count: 8_192)
    text.makeContiguousUTF8()
    return text
}()
let shortSubject = "xabcdefgh"
var earlyExitLongNs = Double.nan
var earlyExitShortNs = Double.nan
do {
    let early = try ECMARegex(#"^\d"#)
    for _ in 0..<3 { _ = try? early.test(longSubject) }
    earlyExitLongNs = timePerCall(calls: 20_000) { _ = try? early.test(longSubject) }
    earlyExitShortNs = timePerCall(calls: 20_000) { _ = try? early.test(shortSubject) }
    var rawText = "n/a"
    #if PCRE2_BACKEND
        if let raw = RawPCRE2(#"\A[0-9]"#, caseless: false) {
            let rawLong = timePerCall(calls: 20_000) { _ = raw.matches(longSubject) }
            rawText = "\(format(rawLong)) ns"
        }
    #endif
    print("early exit /^\\d/ on \(longSubject.utf8.count) characters: engine \(format(earlyExitLongNs)) ns (on \(shortSubject.utf8.count): \(format(earlyExitShortNs)) ns), raw PCRE2 JIT \(rawText)")
} catch {
    print("early exit: compile error \(error)")
}

// A regex whose subjects have all been astral (no u flag, a pattern that tells an astral character from
// its two code units): after warm-up it must run JIT code, as a regex that sees BMP subjects does.
var astralOnlyNs = Double.nan
var basicPlaneNs = Double.nan
do {
    let astralRegex = try ECMARegex(#"^.{2,}$"#)
    let bmpRegex = try ECMARegex(#"^.{2,}$"#)
    let astralSubject = "pass😀word"
    let bmpSubject = "pass€€word"
    for _ in 0..<3 {
        _ = try? astralRegex.test(astralSubject)
        _ = try? bmpRegex.test(bmpSubject)
    }
    astralOnlyNs = timePerCall(calls: 100_000) { _ = try? astralRegex.test(astralSubject) }
    basicPlaneNs = timePerCall(calls: 100_000) { _ = try? bmpRegex.test(bmpSubject) }
    print("a regex that has only seen astral subjects: \(format(astralOnlyNs)) ns per call; one that has seen BMP subjects: \(format(basicPlaneNs)) ns")
} catch {
    print("astral-only: compile error \(error)")
}

// MARK: Worst case (WorstCaseFamily, Specs/regex/worst-case)

print("")
let worstCase = try measureWorstCase(slowestFirst: false)

// MARK: Targets

print("")
let engineNs = means[column("engine") ?? 0]
let productNs = means[column("product") ?? 0]
let portableNs = means[column("portable") ?? 0]
let pcre2Ns = column("pcre2-jit").map { means[$0] } ?? .nan
let nsNs = means[column("NSRegex") ?? 0]
let swiftNs = means[column("SwiftRegex") ?? 0]
/// Policies whose regex is a single class or one short anchored quantifier: the wrapper's cost is the
/// largest share of their time.
let tinyPolicies: Set<String> = ["has upper", "has lower", "has digit", "has symbol", "has whitespace", "PIN 4-6"]
var engineRawRatio = Double.nan
var engineTinyRatio = Double.nan
if let raw = column("pcre2-jit") {
    engineRawRatio = engineNs / pcre2Ns
    let tiny = policies.indices.filter { tinyPolicies.contains(policies[$0].name) }
    let engine = column("engine") ?? 0
    engineTinyRatio = tiny.map { perPolicy[engine][$0] }.reduce(0, +) / tiny.map { perPolicy[raw][$0] }.reduce(0, +)
    let worstTiny = tiny.max { perPolicy[engine][$0] / perPolicy[raw][$0] < perPolicy[engine][$1] / perPolicy[raw][$1] }!
    print("information: engine / raw PCRE2 JIT (mean of the policies): \(format(engineRawRatio, 2))×")
    print("information: engine / raw PCRE2 JIT on the tiny patterns (\(tiny.count) policies, ratio of their sums): \(format(engineTinyRatio, 2))× (highest single ratio: \(policies[worstTiny].name) \(format(perPolicy[engine][worstTiny] / perPolicy[raw][worstTiny], 2))×)")
}
print("information: NSRegularExpression / engine: \(format(nsNs / engineNs, 1))×")
var portableMinRatio = Double.infinity
var portableMinPolicy = ""
if let ns = column("NSRegex"), let portable = column("portable") {
    for index in policies.indices where perPolicy[ns][index] / perPolicy[portable][index] < portableMinRatio {
        portableMinRatio = perPolicy[ns][index] / perPolicy[portable][index]
        portableMinPolicy = policies[index].name
    }
}
print("information: NSRegularExpression / portable, per policy: lowest \(format(portableMinRatio, 2)) (\(portableMinPolicy)), mean \(format(nsNs / portableNs, 1))")
print("information: engine compile (includes the JIT compile): \(format(compileUs)) µs")
print("information: portable compile: \(format(portableCompileUs)) µs")
print("information: catastrophic case: \(format(redosWorst, 3)) ms")
print("information: portable catastrophic case: \(format(portableRedosWorst, 3)) ms")
let earlyExitRatio = earlyExitLongNs / earlyExitShortNs
print("information: early exit, 64k vs 9 characters: \(format(earlyExitRatio, 2))×")
let astralRatio = astralOnlyNs / basicPlaneNs
print("information: an astral-only regex / a BMP regex's call: \(format(astralRatio, 2))×")
print("target: no family pattern up to 64 KiB takes more than 10 ms on either backend (slowest answer): \(format(worstCase.slowestMilliseconds, 2)) ms — \(worstCase.slowestMilliseconds <= 10 ? "met" : "MISSED")")
print("information: compile per MiB of pattern at the 1 MiB cap: \(format(patternLengthWorstPerMiB)) ms (the Limits article budgets \(PatternLengthBench.budgetMillisecondsPerMiB) ms)")
print("summary: engine_ns=\(format(engineNs)) product_ns=\(format(productNs)) pcre2_jit_ns=\(format(pcre2Ns)) nsregex_ns=\(format(nsNs)) swift_regex_ns=\(format(swiftNs)) compile_us=\(format(compileUs, 2)) compile_nojit_us=\(format(initOnlyUs, 2)) redos_ms=\(format(redosWorst, 3)) portable_ns=\(format(portableNs)) portable_compile_us=\(format(portableCompileUs, 2)) portable_redos_ms=\(format(portableRedosWorst, 3)) engine_raw_ratio=\(format(engineRawRatio, 2)) engine_tiny_ratio=\(format(engineTinyRatio, 2)) portable_nsregex_min_ratio=\(format(portableMinRatio, 2)) early_exit_64k_ns=\(format(earlyExitLongNs)) astral_only_ns=\(format(astralOnlyNs)) worst_case_ms=\(format(worstCase.slowestMilliseconds, 3))")

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
