/// One line of `Specs/regex/test262/*.jsonl`, in one of three shapes (see that folder's README).
///
/// - A single case: `pattern`, `flags`, `input`, `expect`.
/// - Many single code points, one pattern: `pattern`, `flags`, `inputCodePoints` (ranges), `expect`;
///   each code point is tested on its own.
/// - A property-escape range set: `patterns`, `flags`, `ranges`, `expect` (`true`); each pattern has
///   the form `^\p{…}+$` and matches every string made of code points from `ranges`.
public struct Test262Line: Sendable, Equatable, Decodable {
    /// ECMAScript pattern source (single and code-point lines).
    public var pattern: String?
    /// The regexes tested on one range set (range-set lines).
    public var patterns: [String]?
    /// JavaScript flags; `g` and `y` appear only in `syntax` cases whose error is the flags string.
    public var flags: String
    /// The subject (single lines).
    public var input: String?
    /// Code points tested one at a time, as closed ranges `[first, last]` (code-point lines).
    public var inputCodePoints: [[UInt32]]?
    /// Code points every subject is made of, as closed ranges (range-set lines).
    public var ranges: [[UInt32]]?
    /// Node's verdict.
    public var expect: CorpusCase.Expectation
    /// The data file (category) the line belongs to.
    public var category: String
    /// How node produced the verdict: `exec`, `compile`, `syntax`, `literal`, `exec-code-points`, `ranges`.
    public var kind: String
    /// The test262 file (path below `test/`) the line was first recorded from.
    public var test: String

    /// Creates a single-case line by hand (tests use this).
    public init(pattern: String, flags: String, input: String, expect: CorpusCase.Expectation, category: String, kind: String, test: String) {
        self.pattern = pattern
        self.flags = flags
        self.input = input
        self.expect = expect
        self.category = category
        self.kind = kind
        self.test = test
    }

    /// Creates a range-set line by hand (tests use this).
    public init(patterns: [String], flags: String, ranges: [[UInt32]], category: String, test: String) {
        self.patterns = patterns
        self.flags = flags
        self.ranges = ranges
        self.expect = .match(true)
        self.category = category
        self.kind = "ranges"
        self.test = test
    }
}
