import Foundation
import ECMARegex

/// The pending lists, `Specs/regex/pending-*.txt`: cases node 24 answers that the engine still gets
/// wrong (or answers `limit` on where that counts as a failure), listed until the engine answers
/// them alike.
///
/// One case per line, three fields separated by tabs: the build it fails in (`both`, `default` for the
/// build with the `PCRE2` trait, `trait-off` for the portable matcher alone), its family, and its key
/// (``CorpusCase/pendingKey`` for a corpus case; ``CorpusCase/pendingPatternKey`` followed by ` *` for
/// every case of a pattern, flags and mode, written where all of them fail; `worst-case/<label> <count>`
/// for a worst-case case).
/// Blank lines and lines starting with `#` are ignored.
///
/// The tests treat a listed case as an expected failure in the builds it names, and fail when it passes
/// there, so the lists only shrink.
public struct PendingList: Sendable, Equatable {
    /// A build configuration, as the lists name it.
    public enum Build: String, Sendable, CaseIterable {
        /// The default build (trait `PCRE2`): PCRE2 where it is exact, else the portable matcher.
        case pcre2 = "default"
        /// The portable matcher alone (`--disable-default-traits`, and every Apple platform build).
        case portable = "trait-off"

        /// The build this process runs: `default` when the engine hands a plain pattern to PCRE2.
        public static var current: Build {
            (try? ECMARegex("a"))?.backend == .pcre2 ? .pcre2 : .portable
        }
    }

    /// One listed case.
    public struct Entry: Sendable, Equatable {
        /// The builds it fails in.
        public var builds: Set<Build>
        /// Its family (for the counts).
        public var family: String
        /// Its key.
        public var key: String
        /// The list file and line it comes from, for messages.
        public var origin: String
    }

    /// Every entry, in file order.
    public var entries: [Entry]

    /// Creates a list from entries.
    public init(entries: [Entry]) { self.entries = entries }

    /// Parses one list's text; `file` names it in errors and origins.
    public init(text: String, file: String) throws(ConformanceError) {
        var entries: [Entry] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
                throw .malformedData("\(file):\(lineNumber): expected BUILD<tab>FAMILY<tab>KEY")
            }
            let builds: Set<Build>
            switch fields[0] {
            case "both": builds = Set(Build.allCases)
            case "default": builds = [.pcre2]
            case "trait-off": builds = [.portable]
            default: throw .malformedData("\(file):\(lineNumber): unknown build \(fields[0]) (both, default, trait-off)")
            }
            entries.append(Entry(builds: builds, family: String(fields[1]), key: String(fields[2]), origin: "\(file):\(lineNumber)"))
        }
        self.entries = entries
    }

    /// Reads every `pending-*.txt` of `directory` (`Specs/regex`); no list is an empty list.
    public static func load(from directory: URL) throws(ConformanceError) -> PendingList {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("pending-") && $0.hasSuffix(".txt") }.sorted()
        var entries: [Entry] = []
        for name in names {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)), let text = String(data: data, encoding: .utf8) else {
                throw .malformedData("\(name) is not readable UTF-8")
            }
            entries += try PendingList(text: text, file: name).entries
        }
        let keys = entries.map(\.key)
        if Set(keys).count != keys.count {
            var seen = Set<String>()
            let duplicate = keys.first { !seen.insert($0).inserted } ?? ""
            throw .malformedData("a pending case is listed twice: \(duplicate)")
        }
        return PendingList(entries: entries)
    }

    /// The families of the cases expected to fail in `build`, by key.
    public func expectedFailures(in build: Build) -> [String: String] {
        var out: [String: String] = [:]
        for entry in entries where entry.builds.contains(build) { out[entry.key] = entry.family }
        return out
    }

    /// The list text for failures measured in each build: `failures[build]` maps keys to families. A
    /// case failing in both builds is listed once as `both`. Sorted by family, then key.
    public static func text(header: String, failures: [Build: [String: String]]) -> String {
        let pcre2 = failures[.pcre2] ?? [:]
        let portable = failures[.portable] ?? [:]
        var lines: [(family: String, key: String, build: String)] = []
        for key in Set(pcre2.keys).union(portable.keys) {
            let build = pcre2[key] != nil && portable[key] != nil ? "both" : (pcre2[key] != nil ? "default" : "trait-off")
            lines.append((pcre2[key] ?? portable[key] ?? "", key, build))
        }
        lines.sort { ($0.family, $0.key) < ($1.family, $1.key) }
        return header + lines.map { "\($0.build)\t\($0.family)\t\($0.key)\n" }.joined()
    }
}
