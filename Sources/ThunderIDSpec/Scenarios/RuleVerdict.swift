/// A rule's id and the status a spec expects: `regex failed`.
public struct RuleVerdict: Sendable, Hashable, CustomStringConvertible {
    /// The rule id, such as `nonEmpty`, `regex`, `confirmation`.
    public var rule: String
    /// `passed`, `failed` or `unverifiable`.
    public var status: String

    /// Reads `<rule> <status>`.
    static func parse(_ text: String) -> RuleVerdict? {
        let words = text.trimmingWhitespace().split(separator: " ")
        guard words.count == 2, ["passed", "failed", "unverifiable"].contains(words[1].lowercased()) else { return nil }
        return RuleVerdict(rule: String(words[0]), status: words[1].lowercased())
    }

    public var description: String { "\(rule) \(status)" }
}
