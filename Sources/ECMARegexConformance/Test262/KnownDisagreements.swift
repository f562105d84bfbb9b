import Foundation

/// `Specs/regex/test262/known-disagreements.txt`: the checks allowed to disagree with node for now,
/// one per line, the check's id first (the rest of the line is a description for people). Blank
/// lines and lines starting with `#` are ignored. The list may only shrink: a listed check that
/// agrees, or no longer exists, is reported as stale.
public struct KnownDisagreements: Sendable, Equatable {
    /// The listed ids.
    public var ids: Set<String>

    /// Creates a list from ids.
    public init(ids: Set<String>) { self.ids = ids }

    /// Parses the file's text.
    public init(text: String) {
        var ids = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard !trimmed.isEmpty, trimmed.first != "#" else { continue }
            ids.insert(String(trimmed.prefix(while: { $0 != " " && $0 != "\t" })))
        }
        self.ids = ids
    }

    /// Reads the file; a missing file is an empty list.
    public static func load(from url: URL) throws(ConformanceError) -> KnownDisagreements {
        guard FileManager.default.fileExists(atPath: url.path) else { return KnownDisagreements(ids: []) }
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
            throw .malformedData("\(url.path) is not readable UTF-8")
        }
        return KnownDisagreements(text: text)
    }

    /// The file text listing `disagreements`, sorted by category, test and id.
    public static func text(listing disagreements: [Test262Disagreement]) -> String {
        var out = """
            # test262 checks that disagree with node 20 for now (see README.md). One check per line: its id,
            # then category, kind, test file, node's verdict -> the engine's answer, /pattern/flags and the input.
            # Regenerate with `swift run ecma-regex test262 --update-known`; the list may only shrink.

            """
        let sorted = disagreements.sorted { ($0.category, $0.test, $0.id) < ($1.category, $1.test, $1.id) }
        for item in sorted {
            out += item.summaryLine + "\n"
        }
        return out
    }
}
