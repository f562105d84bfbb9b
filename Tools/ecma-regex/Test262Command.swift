import Foundation
import ECMARegexConformance

/// `ecma-regex test262 [--verbose] [--full] [--update-known] [--emit-requests FILE] [DIR]`: runs the
/// data derived from test262 (default `Specs/regex/test262`) through the `--jsonl` protocol code and
/// prints agreement per category, per kind and per node verdict. Exits 1 on a disagreement that
/// `known-disagreements.txt` does not list, or on a listed one that no longer disagrees.
///
/// `--full` sends every code point of the property-escape range sets instead of the boundary sample;
/// a disagreement there counts as known when its test file and pattern have a listed entry.
/// `--update-known` rewrites the list with the current disagreements. `--emit-requests FILE` writes
/// every request line with node's verdict (`{"pattern":…,"flags":…,"input":…,"expect":…,"id":…,"category":…}`),
/// so `ecma-regex --jsonl < FILE` can be compared end to end (see the data's README).
enum Test262Command {
    static func run(_ arguments: [String]) -> Int32 {
        var verbose = false, full = false, updateKnown = false
        var emitPath: String?
        var directory = "Specs/regex/test262"
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--verbose", "-v": verbose = true
            case "--full": full = true
            case "--update-known": updateKnown = true
            case "--emit-requests":
                guard let path = rest.popFirst() else { return usage() }
                emitPath = path
            default:
                if argument.hasPrefix("-") { return usage() }
                directory = argument
            }
        }
        if full && updateKnown {
            StandardError.write("ecma-regex test262: --update-known writes the ids of the sampled checks; run it without --full\n")
            return 2
        }
        let root = URL(fileURLWithPath: directory)
        let knownURL = root.appendingPathComponent("known-disagreements.txt")
        let data: Test262Data
        let known: KnownDisagreements
        do throws(ConformanceError) {
            data = try Test262Data.load(from: root)
            known = try KnownDisagreements.load(from: knownURL)
        } catch {
            StandardError.write("ecma-regex test262: \(error)\n")
            return 2
        }
        let coverage: Test262Data.Coverage = full ? .full : .sampled
        if let emitPath { return emit(data, coverage: coverage, to: emitPath) }

        let report = Test262Run.run(data, coverage: coverage)
        for line in report.lines(known: known) { print(line) }

        if updateKnown {
            do {
                try KnownDisagreements.text(listing: report.disagreements, in: .current, keeping: known).write(to: knownURL, atomically: true, encoding: .utf8)
                print("wrote \(report.disagreements.count) entries to \(knownURL.path)")
            } catch {
                StandardError.write("ecma-regex test262: cannot write \(knownURL.path): \(error)\n")
                return 2
            }
            return 0
        }

        var unexpected = report.unexpected(known)
        var stale = report.stale(known)
        if full {
            // Chunk ids differ from the sampled ones: a range-set chunk counts as known when a sampled
            // chunk of the same test file and pattern is listed.
            var listedPairs = Set<String>()
            data.forEachCheck(coverage: .sampled) { check in
                if check.kind == "ranges" && known.ids.contains(check.id) { listedPairs.insert(check.test + "\u{0}" + check.pattern) }
            }
            unexpected = unexpected.filter { $0.kind != "ranges" || !listedPairs.contains($0.test + "\u{0}" + $0.pattern) }
            stale = []
        }
        if verbose {
            for item in report.disagreements { print((known.ids.contains(item.id) ? "known      " : "DISAGREES  ") + item.summaryLine) }
        } else {
            for item in unexpected.prefix(50) { print("DISAGREES  " + item.summaryLine) }
            if unexpected.count > 50 { print("… and \(unexpected.count - 50) more (use --verbose)") }
        }
        for id in stale.prefix(50) { print("STALE      \(id) no longer disagrees: remove it from known-disagreements.txt") }
        let total = report.total
        print("\(total.agreed) of \(total.total) checks agree with node; \(report.disagreements.count - unexpected.count) known disagreements; \(unexpected.count) unexpected; \(stale.count) stale")
        return unexpected.isEmpty && stale.isEmpty ? 0 : 1
    }

    static func emit(_ data: Test262Data, coverage: Test262Data.Coverage, to path: String) -> Int32 {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            StandardError.write("ecma-regex test262: cannot write \(path)\n")
            return 2
        }
        var buffer = ""
        var count = 0
        data.forEachCheck(coverage: coverage) { check in
            let expect: String
            switch check.expect {
            case .match(let value): expect = value ? "true" : "false"
            case .syntax: expect = "\"syntax\""
            }
            buffer += String(check.requestLine.dropLast()) + ",\"expect\":\(expect),\"id\":\"\(check.id)\",\"category\":\"\(check.category)\"}\n"
            count += 1
            if buffer.utf8.count > 1 << 20 {
                handle.write(Data(buffer.utf8))
                buffer = ""
            }
        }
        handle.write(Data(buffer.utf8))
        try? handle.close()
        print("wrote \(count) request lines to \(path)")
        return 0
    }

    static func usage() -> Int32 {
        StandardError.write("usage: ecma-regex test262 [--verbose] [--full] [--update-known] [--emit-requests FILE] [DIR]\n")
        return 2
    }
}
