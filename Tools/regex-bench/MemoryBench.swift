// `regex-bench --memory`: compile time and memory of patterns with properties of strings,
// and the peak memory of filling `ECMARegex.cached` with patterns at the length cap.
//
// Every row runs in a child process of its own (`regex-bench --memory-case N`), so one row's heap and
// one-time table builds never hide another's: the child reads its resident set (`VmRSS`) before compiling,
// compiles the row's regexes and holds them, and reports
// - `first ms`: thread CPU time of the first compile in the process (it pays for the shared tables),
// - `again ms`: the best of three more compiles of the same pattern (what every further regex pays),
// - `retained`: heap bytes still allocated per held regex after the tables exist (glibc's `mallinfo2`,
//   the live heap, so freed memory that glibc keeps does not count),
// - `peak`: the child's peak resident set (`VmHWM`) above its resident set before the first compile.

import CHeapStatistics
import ECMARegex
import Foundation

enum MemoryBench {
    /// One row: regexes compiled from `patterns` (all held at once), with `flags`, on a backend.
    struct Row: Sendable {
        var label: String
        var flags: String
        var patterns: @Sendable () -> [String]
        var forcing: ECMARegex.Backend?
    }

    static let emoji = "\\p{RGI_Emoji}"

    /// `[\p{RGI_Emoji}--[\p{RGI_Emoji}--[…[\p{RGI_Emoji}--\q{👍🏽}]…]]]`, `depth` classes deep: every level's
    /// strings differ from the property's, so each is computed and the class gets a table of its own.
    static func nested(_ depth: Int) -> String {
        String(repeating: "[\(emoji)--", count: depth - 1) + "[\(emoji)--\\q{👍🏽}]" + String(repeating: "]", count: depth - 1)
    }

    /// How many `\p{RGI_Emoji}` fit in a pattern at the length cap.
    static var atCap: Int { ECMARegex.patternLengthCap / emoji.utf16.count }

    static let rows: [Row] = {
        var rows: [Row] = []
        for forcing in [ECMARegex.Backend?.none, .portable] {
            let suffix = forcing == nil ? "" : " (portable)"
            rows.append(Row(label: "\\p{RGI_Emoji} ×1" + suffix, flags: "v", patterns: { [emoji] }, forcing: forcing))
            rows.append(Row(
                label: "\\p{RGI_Emoji} ×100" + suffix, flags: "v",
                patterns: { [String(repeating: emoji, count: 100)] }, forcing: forcing))
            rows.append(Row(
                label: "\\p{RGI_Emoji} ×\(atCap) (cap)" + suffix, flags: "v",
                patterns: { [String(repeating: emoji, count: atCap)] }, forcing: forcing))
            rows.append(Row(
                label: "10 regexes of \\p{RGI_Emoji} ×100" + suffix, flags: "v",
                patterns: { (0..<10).map { "\($0)" + String(repeating: emoji, count: 100) } }, forcing: forcing))
            rows.append(Row(label: "150 nested [\\p{RGI_Emoji}--…]" + suffix, flags: "v", patterns: { [nested(150)] }, forcing: forcing))
            rows.append(Row(label: "150 nested [\\p{RGI_Emoji}--…] /vi" + suffix, flags: "vi", patterns: { [nested(150)] }, forcing: forcing))
            rows.append(Row(
                label: "\(ECMARegex.classNestingCap) nested [\\p{RGI_Emoji}--…] (cap)" + suffix, flags: "v",
                patterns: { [nested(ECMARegex.classNestingCap)] }, forcing: forcing))
        }
        return rows
    }()

    /// Distinct patterns at the length cap for the cache fill: a number, then a body repeated to the cap.
    static func capPatterns(count: Int) -> [(pattern: String, flags: String)] {
        let bodies: [(String, String)] = [(emoji, "v"), ("[^]", "is"), ("\\W", "iv"), ("(?:a|b)", "")]
        return (0..<count).map { index in
            let (body, flags) = bodies[index % bodies.count]
            let prefix = "\(index)"
            let repeats = (ECMARegex.patternLengthCap - prefix.utf16.count) / body.utf16.count
            return (prefix + String(repeating: body, count: repeats), flags)
        }
    }

    static let cacheFillCount = 64

    /// Runs every row in a child process and prints the table.
    static func runAll() throws {
        print("memory: properties of strings under v (each row in its own process; thread CPU ms; bytes per held regex)")
        print("  \("row".padding(toLength: 48, withPad: " ", startingAt: 0)) backend   first ms   again ms    retained/regex   peak RSS")
        for index in rows.indices {
            print("  " + (try child(["--memory-case", String(index)])))
        }
        print("cache fill: \(cacheFillCount) distinct patterns at the length cap through ECMARegex.cached (\(capPatterns(count: 4).map { "\($0.flags.isEmpty ? "-" : $0.flags):\($0.pattern.dropFirst().prefix(12))…" }.joined(separator: ", ")))")
        print("  " + (try child(["--memory-cache"])))
    }

    /// Runs this executable with `arguments` and returns its standard output, trimmed.
    static func child(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 ? text : "\(arguments.joined(separator: " ")): exit \(process.terminationStatus) \(text)"
    }

    /// One row, in this (child) process.
    static func runRow(_ index: Int) {
        let row = rows[index]
        let patterns = row.patterns()
        let baseline = residentBytes(field: "VmRSS:")
        var held: [ECMARegex] = []
        var start = cpuNanoseconds()
        var backend = "-"
        do {
            let first = try compile(patterns[0], row)
            backend = first.backend.rawValue
            held.append(first)
        } catch {
            print("\(row.label.padding(toLength: 48, withPad: " ", startingAt: 0)) \(error)")
            return
        }
        let firstMs = Double(cpuNanoseconds() - start) / 1e6
        var again = Double.infinity
        for _ in 0..<3 {
            start = cpuNanoseconds()
            _ = try? compile(patterns[0], row)
            again = min(again, Double(cpuNanoseconds() - start) / 1e6)
        }
        // The live heap with one regex held and the tables built, then with every pattern's regex held
        // (the first pattern compiled once more, so the first compile's one-time builds are not counted).
        let before = liveHeapBytes()
        for pattern in patterns { if let regex = try? compile(pattern, row) { held.append(regex) } }
        let retained = (liveHeapBytes() - before) / patterns.count
        let peak = residentBytes(field: "VmHWM:") - baseline
        let line = "\(row.label.padding(toLength: 48, withPad: " ", startingAt: 0)) \(backend.padding(toLength: 9, withPad: " ", startingAt: 0)) \(format(firstMs, 2).leftPad(8)) \(format(again, 2).leftPad(10)) \(bytes(retained).leftPad(17)) \(bytes(peak).leftPad(10))"
        print(line)
        withExtendedLifetime(held) {}
    }

    /// Fills the shared cache, in this (child) process.
    static func runCacheFill() {
        let patterns = capPatterns(count: cacheFillCount)
        let baseline = residentBytes(field: "VmRSS:")
        let start = cpuNanoseconds()
        var failures = 0
        for (pattern, flags) in patterns {
            if (try? ECMARegex.cached(pattern, flags: flags)) == nil { failures += 1 }
        }
        let seconds = Double(cpuNanoseconds() - start) / 1e9
        let peak = residentBytes(field: "VmHWM:") - baseline
        let final = residentBytes(field: "VmRSS:") - baseline
        let (count, accounted, bound) = ECMARegex.cacheStatistics
        print("peak RSS \(bytes(peak)), RSS after \(bytes(final)), live heap \(bytes(liveHeapBytes())); \(count) entries, accounted \(bytes(accounted)) of \(bytes(bound)); \(format(seconds, 1)) s CPU; \(failures) failed")
    }

    static func compile(_ pattern: String, _ row: Row) throws -> ECMARegex {
        if let forcing = row.forcing { return try ECMARegex(pattern, flags: row.flags, forcing: forcing) }
        return try ECMARegex(pattern, flags: row.flags)
    }

    /// A field of `/proc/self/status` in bytes (0 where there is none).
    static func residentBytes(field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) })
        else { return 0 }
        let digits = line.dropFirst(field.count).filter(\.isNumber)
        return (Int(digits) ?? 0) * 1024
    }

    /// Bytes the C heap has handed out and not taken back.
    static func liveHeapBytes() -> Int {
        Int(rb_live_heap_bytes())
    }

    static func bytes(_ value: Int) -> String {
        if abs(value) >= 1 << 20 { return format(Double(value) / Double(1 << 20), 1) + " MiB" }
        if abs(value) >= 1 << 10 { return format(Double(value) / Double(1 << 10), 1) + " KiB" }
        return "\(value) B"
    }
}
