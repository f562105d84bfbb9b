// json-bench: Foundation's JSON (JSONSerialization; JSONDecoder and JSONEncoder with Codable) against the
// package's hand-written JSON, on every use the package has: the `/users/me/meta` schema decoder (a
// realistic body and a 1 MB one), the error-body reader's parse, the regex corpus and test262 data loads,
// the `ecma-regex --jsonl` request reader and its string writer (JSONText, which is JSONEncoder, against
// the package's own writer, `JSONValue.jsonText`). Run with
// `swift run -c release json-bench`.
//
// Fairness: every contender gets one warm-up round and the same number of timed rounds; within a round
// the contenders of one use run interleaved, in an order that rotates each round; time is this thread's
// CPU time; the median round is reported, with its ratio to the hand-written contender.

import Foundation
import ThunderID
import ECMARegexConformance
import JSONCore
import JSONWriting

if CommandLine.arguments.count > 1 {
    let usage = "usage: json-bench   (no arguments; run with `swift run -c release json-bench`)"
    if ["-h", "--help"].contains(CommandLine.arguments[1]) && CommandLine.arguments.count == 2 {
        print(usage + "\nTimes Foundation's JSON against the package's hand-written JSON on each of its uses.")
        exit(0)
    }
    FileHandle.standardError.write(Data("json-bench: unknown argument \(CommandLine.arguments[1])\n\(usage)\n".utf8))
    exit(2)
}

/// This thread's CPU time in nanoseconds.
func cpuNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One way of doing a use's work; `run` does it `repetitions` times and returns a checksum.
struct Contender {
    var name: String
    var run: () throws -> Int
}

/// Times the contenders of one use interleaved and prints one row each: median time per operation and
/// the ratio to the first contender (the hand-written one).
func measure(_ use: String, unit: String, operations: Int, rounds: Int, _ contenders: [Contender]) {
    var samples = Array(repeating: [Double](), count: contenders.count)
    var checksums = Array(repeating: Set<Int>(), count: contenders.count)
    for round in 0...rounds {
        for step in 0..<contenders.count {
            let index = (step + round) % contenders.count
            let start = cpuNanoseconds()
            do {
                checksums[index].insert(try contenders[index].run())
            } catch {
                print("\(use): \(contenders[index].name) failed: \(error)")
                exit(1)
            }
            let elapsed = Double(cpuNanoseconds() - start) / Double(operations)
            if round > 0 { samples[index].append(elapsed) }
        }
    }
    let divisor = unit == "ms" ? 1_000_000.0 : unit == "µs" ? 1_000.0 : 1.0
    let base = median(samples[0])
    print(use)
    for (index, contender) in contenders.enumerated() {
        let value = median(samples[index])
        let ratio = value / base
        print("  " + contender.name.padding(toLength: 44, withPad: " ", startingAt: 0)
              + String(format: "%12.2f %@ %8.2f×", value / divisor, unit, ratio)
              + (checksums[index].count == 1 ? "" : "  (checksum varied)"))
        summary.append("\(use.split(separator: " ").first ?? ""):\(contender.name.split(separator: " ").first ?? "")=\(String(format: "%.2f", ratio))")
    }
}

nonisolated(unsafe) var summary: [String] = []

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

// MARK: Schema decoder

let realisticBody = try Data(contentsOf: root.appendingPathComponent("Tools/emulator/fixtures/nested.json"))
/// 1 MB: the realistic body's attributes repeated under new names (nesting, enums, items and all).
let largeBody: Data = {
    let text = String(decoding: realisticBody, as: UTF8.self)
    let start = text.range(of: "\"schema\": {")!.upperBound
    let end = text.range(of: "}", options: .backwards, range: text.startIndex..<text.range(of: "}", options: .backwards)!.lowerBound)!.lowerBound
    let attributes = text[start..<end].trimmingCharacters(in: .whitespacesAndNewlines)
    var parts: [String] = []
    var copy = 0
    var size = 0
    while size < 1_000_000 {
        let renamed = attributes.replacingOccurrences(of: "\": {\"type\"", with: "_\(copy)\": {\"type\"")
        parts.append(renamed)
        size += renamed.utf8.count
        copy += 1
    }
    return Data(("{\"schema\": {" + parts.joined(separator: ",\n") + "}}").utf8)
}()

func checkedSchema(_ schema: UserSchema) -> Int { schema.attributes.count }

/// `schema` with every attribute's property names sorted.
func unordered(_ schema: UserSchema) -> [String: SchemaAttribute] {
    func sorted(_ attribute: SchemaAttribute) -> SchemaAttribute {
        var copy = attribute
        copy.propertyNames.sort()
        copy.properties = copy.properties.mapValues(sorted)
        copy.items = copy.items.map(sorted)
        return copy
    }
    return schema.attributes.mapValues(sorted)
}

for (name, body, repetitions) in [("realistic", realisticBody, 2_000), ("large", largeBody, 3)] {
    // Every contender must read the same attributes, or the comparison is void. Foundation's objects are
    // unordered, so property order is compared as a set here (document order is what Foundation loses).
    let expected = try UserSchema.decode(body)
    let serialized = try decodeSchemaWithSerialization(body)
    let codable = try JSONDecoder().decode(CodableMeta.self, from: body).userSchema
    let orderKept = serialized.attributes == expected.attributes && codable.attributes == expected.attributes
    guard unordered(serialized) == unordered(expected), unordered(codable) == unordered(expected) else {
        print("schema \(name): the contenders disagree")
        exit(1)
    }
    print("schema-\(name): Foundation contenders keep the property order: \(orderKept)")
    measure("schema-\(name) (\(body.count) bytes, \(expected.attributes.count) attributes; decode to UserSchema)",
            unit: "µs", operations: repetitions, rounds: 9, [
        Contender(name: "hand-written JSONParser + walk") {
            var total = 0
            for _ in 0..<repetitions { total += checkedSchema(try UserSchema.decode(body)) }
            return total
        },
        Contender(name: "JSONSerialization + same walk") {
            var total = 0
            for _ in 0..<repetitions { total += checkedSchema(try decodeSchemaWithSerialization(body)) }
            return total
        },
        Contender(name: "JSONDecoder + Codable model") {
            var total = 0
            let decoder = JSONDecoder()
            for _ in 0..<repetitions { total += checkedSchema(try decoder.decode(CodableMeta.self, from: body).userSchema) }
            return total
        },
    ])
    measure("parse-\(name) (the tree only; what the error-body reader needs)", unit: "µs", operations: repetitions, rounds: 9, [
        Contender(name: "hand-written JSONParser") {
            var total = 0
            for _ in 0..<repetitions { if case .object(let members) = try JSONParser.parse(body) { total += members.count } }
            return total
        },
        Contender(name: "JSONSerialization") {
            var total = 0
            for _ in 0..<repetitions { total += (try JSONSerialization.jsonObject(with: body) as? [String: Any])?.count ?? 0 }
            return total
        },
    ])
}

// MARK: Conformance data

let corpusDirectory = root.appendingPathComponent("Specs/regex/corpus")
let test262Directory = root.appendingPathComponent("Specs/regex/test262")
let corpusCount = try CorpusFile.loadAll(from: corpusDirectory).reduce(0) { $0 + $1.cases.count }
measure("corpus-load (\(corpusCount) cases, files read and decoded)", unit: "ms", operations: 1, rounds: 5, [
    Contender(name: "hand-written JSONParser + mapping") {
        try jsonLines(in: corpusDirectory).map { try corpusCase(try JSONParser.parse($0)) }.count
    },
    Contender(name: "JSONDecoder + Codable (CorpusFile today)") {
        try CorpusFile.loadAll(from: corpusDirectory).reduce(0) { $0 + $1.cases.count }
    },
    Contender(name: "JSONSerialization + mapping") {
        try jsonLines(in: corpusDirectory).map { line in
            guard let value = jsonValue(fromFoundation: try JSONSerialization.jsonObject(with: line)) else { throw BenchFailure.malformed }
            return try corpusCase(value)
        }.count
    },
])

let test262Names = Test262Data.fileNames.map { $0 + ".jsonl" }
let test262 = try Test262Data.load(from: test262Directory)
measure("test262-load (\(test262.lines.count) lines, files read and decoded)", unit: "ms", operations: 1, rounds: 5, [
    Contender(name: "hand-written JSONParser + mapping") {
        try jsonLines(in: test262Directory, names: test262Names).map { try test262Line(try JSONParser.parse($0)) }.count
    },
    Contender(name: "JSONDecoder + Codable (Test262Data today)") {
        try Test262Data.load(from: test262Directory).lines.count
    },
    Contender(name: "JSONSerialization + mapping") {
        try jsonLines(in: test262Directory, names: test262Names).map { line in
            guard let value = jsonValue(fromFoundation: try JSONSerialization.jsonObject(with: line)) else { throw BenchFailure.malformed }
            return try test262Line(value)
        }.count
    },
])

// MARK: The --jsonl protocol

var requestLines: [[UInt8]] = []
var quoted: [String] = []
test262.forEachCheck(coverage: .sampled) { check in
    requestLines.append(Array(check.requestLine.utf8))
    quoted.append(check.pattern)
    quoted.append(check.input)
}
measure("jsonl-request (\(requestLines.count) request lines read)", unit: "ns", operations: requestLines.count, rounds: 7, [
    Contender(name: "hand-written JSONParser.codeUnitMembers") {
        var total = 0
        for line in requestLines {
            if case .some(.some(let input)) = try JSONParser.codeUnitMembers(line)["input"] { total &+= input.count }
        }
        return total
    },
    Contender(name: "JSONSerialization") {
        var total = 0
        for line in requestLines {
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let input = object["input"] as? String else { throw BenchFailure.malformed }
            total &+= input.utf16.count
        }
        return total
    },
    Contender(name: "JSONDecoder + Codable") {
        var total = 0
        let decoder = JSONDecoder()
        for line in requestLines { total &+= try decoder.decode(CodableRequest.self, from: Data(line)).input.utf16.count }
        return total
    },
])

measure("jsonl-quote (\(quoted.count) patterns and inputs as JSON strings)", unit: "ns", operations: quoted.count, rounds: 7, [
    Contender(name: "hand-written JSONValue.jsonText") {
        var total = 0
        for text in quoted { total &+= Tree.string(text).jsonText.utf8.count }
        return total
    },
    Contender(name: "JSONEncoder (JSONText.quote)") {
        var total = 0
        for text in quoted { total &+= JSONText.quote(text).utf8.count }
        return total
    },
    Contender(name: "JSONSerialization") {
        var total = 0
        for text in quoted {
            total &+= String(decoding: try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]),
                             as: UTF8.self).utf8.count
        }
        return total
    },
])

print("summary (ratio to hand-written): " + summary.joined(separator: " "))
