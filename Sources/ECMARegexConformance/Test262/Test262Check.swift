/// One request the test262 checker sends through the JSON-lines protocol, with node's verdict.
public struct Test262Check: Sendable, Equatable {
    /// A stable identifier (16 hex digits) used by `known-disagreements.txt`.
    public var id: String
    /// The data file the check comes from (`built-ins`, `annexB`, `property-escapes`, …).
    public var category: String
    /// How node produced the verdict (see ``Test262Line/kind``).
    public var kind: String
    /// The test262 file the check was recorded from.
    public var test: String
    /// ECMAScript pattern source.
    public var pattern: String
    /// JavaScript flags.
    public var flags: String
    /// The subject given to `test`.
    public var input: String
    /// Node's verdict.
    public var expect: CorpusCase.Expectation
    /// For a range-set subject, its key `U+first..U+last/count` (reports show it instead of the text).
    public var subjectKey: String?

    /// Creates a check.
    public init(id: String, category: String, kind: String, test: String, pattern: String, flags: String, input: String, expect: CorpusCase.Expectation,
                subjectKey: String? = nil) {
        self.id = id
        self.category = category
        self.kind = kind
        self.test = test
        self.pattern = pattern
        self.flags = flags
        self.input = input
        self.expect = expect
        self.subjectKey = subjectKey
    }

    /// The request line of the `--jsonl` protocol for this check.
    public var requestLine: String {
        "{\"pattern\":" + JSONText.quote(pattern) + ",\"flags\":" + JSONText.quote(flags) + ",\"input\":" + JSONText.quote(input) + "}"
    }

    /// A stable identifier for a check: FNV-1a (64 bits) over the test file, pattern, flags and an
    /// input key, NUL-separated.
    static func identifier(test: String, pattern: String, flags: String, inputKey: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [test, pattern, flags, inputKey] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
