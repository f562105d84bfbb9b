import Foundation

/// `Specs/regex/test262/known-disagreements.txt`: the checks allowed to disagree with node for now,
/// one per line, the check's id first (the rest of the line is a description for people). Blank
/// lines and lines starting with `#` are ignored. The list may only shrink: a listed check that
/// agrees, or no longer exists, is reported as stale.
///
/// A line whose second field is `[default]` or `[trait-off]` applies only to that build (the `PCRE2`
/// trait on, or the portable matcher alone; ``PendingList/Build``); other lines apply to both.
public struct KnownDisagreements: Sendable, Equatable {
    /// The listed ids that apply to this list's build.
    public var ids: Set<String>
    /// Every listed line: its id, the build it is limited to (nil: both) and the whole line.
    var lines: [(id: String, build: PendingList.Build?, line: String)] = []

    public static func == (lhs: KnownDisagreements, rhs: KnownDisagreements) -> Bool { lhs.ids == rhs.ids }

    /// Creates a list from ids.
    public init(ids: Set<String>) { self.ids = ids }

    /// Parses the file's text, keeping the ids that apply to `build`.
    public init(text: String, build: PendingList.Build = .current) {
        var ids = Set<String>()
        // Lines end at "\n" only: an input shown in a line may hold U+2028 or U+0085.
        for line in text.split(separator: "\n") {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard !trimmed.isEmpty, trimmed.first != "#" else { continue }
            let fields = trimmed.split(separator: " ", maxSplits: 2)
            let id = String(fields[0])
            let only: PendingList.Build? =
                switch fields.count > 1 ? fields[1] : "" {
                case "[default]": .pcre2
                case "[trait-off]": .portable
                default: nil
                }
            lines.append((id, only, String(trimmed)))
            if only == nil || only == build { ids.insert(id) }
        }
        self.ids = ids
    }

    /// Reads the file; a missing file is an empty list.
    public static func load(from url: URL, build: PendingList.Build = .current) throws(ConformanceError) -> KnownDisagreements {
        guard FileManager.default.fileExists(atPath: url.path) else { return KnownDisagreements(ids: []) }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            throw .malformedData("\(url.path) is not readable UTF-8")
        }
        return KnownDisagreements(text: text, build: build)
    }

    /// The file text listing `disagreements`, sorted by category, test and id.
    public static func text(listing disagreements: [Test262Disagreement]) -> String {
        text(listing: disagreements, in: .current, keeping: KnownDisagreements(ids: []))
    }

    /// The file text listing `disagreements` measured in `build`, keeping what `previous` lists for the
    /// other build: a check disagreeing in both is listed once, one in a single build is tagged.
    public static func text(listing disagreements: [Test262Disagreement], in build: PendingList.Build, keeping previous: KnownDisagreements) -> String {
        var out = """
            # test262 checks that disagree with node 24 for now (see README.md). One check per line: its id,
            # then [default] or [trait-off] when only that build disagrees, category, kind, test file, node's
            # verdict -> the engine's answer, /pattern/flags and the input. Regenerate with
            # `swift run ecma-regex test262 --update-known` in each build (the other build's lines are kept);
            # the list may only shrink.

            """
        let other: PendingList.Build = build == .pcre2 ? .portable : .pcre2
        let otherLines = previous.lines.filter { $0.build == nil || $0.build == other }
        let otherIDs = Set(otherLines.map(\.id))
        let current = Set(disagreements.map(\.id))
        func tag(_ b: PendingList.Build) -> String { b == .pcre2 ? "[default]" : "[trait-off]" }
        var entries: [(key: (String, String, String), line: String)] = []
        for item in disagreements {
            let line = otherIDs.contains(item.id) ? item.summaryLine : item.id + " " + tag(build) + String(item.summaryLine.dropFirst(item.id.count))
            entries.append(((item.category, item.test, item.id), line))
        }
        for entry in otherLines where !current.contains(entry.id) {
            var fields = entry.line.split(separator: " ", maxSplits: 1).map(String.init)
            if entry.build == nil, fields.count == 2 { fields[1] = tag(other) + " " + fields[1] }
            let rest = fields.count == 2 ? fields[1] : ""
            let parts = rest.split(separator: " ", maxSplits: 4).map(String.init)
            let category = parts.count > 1 ? parts[1] : "", test = parts.count > 3 ? parts[3] : ""
            entries.append(((category, test, entry.id), fields.joined(separator: " ")))
        }
        for entry in entries.sorted(by: { $0.key < $1.key }) { out += entry.line + "\n" }
        return out
    }
}
