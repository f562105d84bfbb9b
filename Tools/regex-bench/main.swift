// regex-bench: the credential-policy workload on this engine, raw PCRE2 JIT, NSRegularExpression and
// Swift Regex, side by side. Run with `swift run -c release regex-bench`.
//
// Workload: every policy regex evaluated on every prefix of 1,000 generated 24-character passwords
// (one evaluation per keystroke). Prints ns per evaluation per engine and per policy, compile time per
// pattern (translation included), the time to answer `^(a+)+$` on 28 `a`s and `!`, and a summary line.

import Foundation
import ECMARegex

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif

// It takes no arguments: `--help` prints what it does, anything else is refused.
if CommandLine.arguments.count > 1 {
    let usage = "usage: regex-bench   (no arguments; run with `swift run -c release regex-bench`)"
    if ["-h", "--help"].contains(CommandLine.arguments[1]) && CommandLine.arguments.count == 2 {
        print(usage + "\nTimes the credential-policy workload on this engine, raw PCRE2 JIT, NSRegularExpression and Swift Regex.")
        exit(0)
    }
    FileHandle.standardError.write(Data("regex-bench: unknown argument \(CommandLine.arguments[1])\n\(usage)\n".utf8))
    exit(2)
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

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

var engines: [ECMARegex] = []
var raws: [RawPCRE2] = []
var nsRegexes: [NSRegularExpression] = []
var swiftRegexes: [Regex<AnyRegexOutput>] = []
for policy in policies {
    do {
        engines.append(try ECMARegex(policy.pattern, flags: policy.flags))
    } catch {
        print("engine cannot compile /\(policy.pattern)/\(policy.flags): \(error)")
        exit(1)
    }
    guard let raw = RawPCRE2(policy.pcre2Pattern, caseless: policy.pcre2Caseless) else {
        print("PCRE2 cannot compile \(policy.pcre2Pattern)")
        exit(1)
    }
    raws.append(raw)
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

// MARK: Matching

/// Runs each policy's evaluator over every subject `rounds` times; returns per-policy best ns and verdicts.
/// `evaluator(index)` is called outside the timed loop, so each engine's compiled form is fetched once per
/// policy, as a form field holding its regex would.
@MainActor func measure(rounds: Int, _ evaluator: (Int) -> (String) -> Bool) -> (perPolicy: [Double], verdicts: [[Bool]]) {
    var best = [Double](repeating: .infinity, count: policies.count)
    var verdicts = [[Bool]](repeating: [], count: policies.count)
    for round in 0..<rounds {
        for index in policies.indices {
            var answers: [Bool] = []
            answers.reserveCapacity(subjects.count)
            let evaluate = evaluator(index)
            let start = nanoseconds()
            for subject in subjects { answers.append(evaluate(subject)) }
            let elapsed = Double(nanoseconds() - start) / Double(subjects.count)
            best[index] = min(best[index], elapsed)
            if round == 0 { verdicts[index] = answers }
        }
    }
    return (best, verdicts)
}

// Errors are counted in a box the non-escaping evaluators can reach.
final class Counter { var value = 0 }
let limitAnswers = Counter()
let pcre2Errors = Counter()
let engineRun = measure(rounds: 7) { index in
    let regex = engines[index]
    return { subject in
        do { return try regex.test(subject) } catch { limitAnswers.value += 1; return false }
    }
}
let rawRun = measure(rounds: 7) { index in
    let raw = raws[index]
    return { subject in
        guard let answer = raw.matches(subject) else { pcre2Errors.value += 1; return false }
        return answer
    }
}
let nsRun = measure(rounds: 1) { index in
    let regex = nsRegexes[index]
    return { subject in regex.firstMatch(in: subject, options: [], range: NSRange(subject.startIndex..., in: subject)) != nil }
}
let swiftRun = measure(rounds: 1) { index in
    let regex = swiftRegexes[index]
    return { subject in subject.contains(regex) }
}

func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
@MainActor func disagreements(_ other: [[Bool]]) -> Int {
    var count = 0
    for index in policies.indices {
        for (a, b) in zip(engineRun.verdicts[index], other[index]) where a != b { count += 1 }
    }
    return count
}

print("")
print("ns per evaluation (best of 7 rounds for the engine and raw PCRE2, 1 round for the others)")
print("policy                      engine   pcre2-jit   ratio   NSRegex   SwiftRegex   matches")
for (index, policy) in policies.enumerated() {
    let matches = engineRun.verdicts[index].filter { $0 }.count
    let name = policy.name.padding(toLength: 26, withPad: " ", startingAt: 0)
    print("\(name) \(format(engineRun.perPolicy[index]).leftPad(7)) \(format(rawRun.perPolicy[index]).leftPad(11)) \(format(engineRun.perPolicy[index] / rawRun.perPolicy[index], 2).leftPad(7)) \(format(nsRun.perPolicy[index], 0).leftPad(9)) \(format(swiftRun.perPolicy[index], 0).leftPad(12)) \(String(matches).leftPad(9))")
}
let engineNs = mean(engineRun.perPolicy)
let pcre2Ns = mean(rawRun.perPolicy)
let nsNs = mean(nsRun.perPolicy)
let swiftNs = mean(swiftRun.perPolicy)
print("mean                       \(format(engineNs).leftPad(7)) \(format(pcre2Ns).leftPad(11)) \(format(engineNs / pcre2Ns, 2).leftPad(7)) \(format(nsNs, 0).leftPad(9)) \(format(swiftNs, 0).leftPad(12))")
print("verdicts differing from the engine: raw PCRE2 \(disagreements(rawRun.verdicts)), NSRegularExpression \(disagreements(nsRun.verdicts)), Swift Regex \(disagreements(swiftRun.verdicts)) of \(evaluationsPerRound)")
print("engine limit answers: \(limitAnswers.value); raw PCRE2 errors: \(pcre2Errors.value)")

// MARK: Compile time

print("")
print("compile time per pattern, µs (ECMARegex init: parse + translate + pcre2_compile + JIT; raw: pcre2_compile + JIT)")
var compileTimes: [Double] = []
let compileRepetitions = 500
for policy in policies {
    var best = Double.infinity
    for _ in 0..<3 {
        let start = nanoseconds()
        for _ in 0..<compileRepetitions { _ = try? ECMARegex(policy.pattern, flags: policy.flags) }
        best = min(best, Double(nanoseconds() - start) / Double(compileRepetitions) / 1000)
    }
    let bytes = Array(policy.pcre2Pattern.utf8)
    let rawStart = nanoseconds()
    for _ in 0..<compileRepetitions { RawPCRE2.compileOnce(bytes, caseless: policy.pcre2Caseless) }
    let raw = Double(nanoseconds() - rawStart) / Double(compileRepetitions) / 1000
    compileTimes.append(best)
    print("  \(policy.name.padding(toLength: 26, withPad: " ", startingAt: 0)) engine \(format(best).leftPad(7))   raw \(format(raw).leftPad(7))")
}
let compileUs = mean(compileTimes)
print("  mean engine compile: \(format(compileUs)) µs")

// MARK: Catastrophic backtracking

let redosSubject = String(repeating: "a", count: 28) + "!"
var redosWorst = 0.0
var redosRuns: [String] = []
var redosAnswer = "?"
print("")
for flags in ["", "u"] {
    do {
        let redos = try ECMARegex("^(a+)+$", flags: flags)
        redosRuns = []
        for _ in 0..<5 {
            let start = nanoseconds()
            do {
                redosAnswer = try redos.test(redosSubject) ? "match (wrong!)" : "no match (correct)"
            } catch {
                redosAnswer = "limit error: \(error.message)"
            }
            let elapsed = Double(nanoseconds() - start) / 1_000_000
            redosRuns.append(format(elapsed, 3))
            // The summary reports the schema default (no flags), the dialect the issue's example uses.
            if flags.isEmpty { redosWorst = max(redosWorst, elapsed) }
        }
    } catch {
        redosAnswer = "compile error: \(error)"
    }
    print("/^(a+)+$/\(flags) on 28 a's and '!': \(redosAnswer); runs (ms): \(redosRuns.joined(separator: ", "))")
}

// MARK: Targets

print("")
let ratio = engineNs / pcre2Ns
print("target engine ≤ 1.3 × raw PCRE2 JIT: \(format(ratio, 2))× — \(ratio <= 1.3 ? "met" : "MISSED")")
print("target engine ≥ 10 × faster than NSRegularExpression: \(format(nsNs / engineNs, 1))× — \(nsNs / engineNs >= 10 ? "met" : "MISSED")")
print("target compile < 20 µs: \(format(compileUs)) µs — \(compileUs < 20 ? "met" : "MISSED")")
print("target catastrophic case < 5 ms: \(format(redosWorst, 3)) ms — \(redosWorst < 5 ? "met" : "MISSED")")
print("summary: engine_ns=\(format(engineNs)) pcre2_jit_ns=\(format(pcre2Ns)) nsregex_ns=\(format(nsNs)) swift_regex_ns=\(format(swiftNs)) compile_us=\(format(compileUs, 2)) redos_ms=\(format(redosWorst, 3))")

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
