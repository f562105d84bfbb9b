/// A pattern that parsed and passed the exactness checks, ready to be translated.
public struct ParsedPattern: Sendable, Equatable {
    /// The syntax tree.
    public var root: RegexNode {
        get { tree.root }
        set { tree = RegexTree(newValue) }
    }
    /// Holds the tree, so that its last release does not recurse (see `RegexTree`).
    private var tree: RegexTree
    /// The deepest nesting of groups, lookarounds and classes (what `DeepStack` sizes its work by).
    var nesting: Int
    /// The flags it was parsed with.
    public let flags: RegexFlags
    /// The number of capturing groups.
    public let captureCount: Int
    /// Group names and their numbers (the first group of a name that several groups share).
    public let groupNames: [String: Int]
    /// Every group of each name, in order: ES2025 allows one name in different alternatives.
    public let groupIndices: [String: [Int]]
    /// Facts the parser gathered for the exactness rules and for choosing a matching strategy.
    var analysis: PatternAnalysis

    /// Parses `pattern` with the given JavaScript flags string.
    ///
    /// - Throws: ``ECMARegexError`` of kind `syntax` where V8 throws, `unsupported` where PCRE2 10.42
    ///   cannot give JavaScript's answer, `limit` for over-long or over-nested patterns.
    public init(_ pattern: String, flags: String = "") throws(ECMARegexError) {
        let flags = try RegexFlags(parsing: flags)
        self = try RegexParser.parse(pattern, flags: flags)
    }

    init(
        root: RegexNode, flags: RegexFlags, captureCount: Int, groupNames: [String: Int],
        groupIndices: [String: [Int]], analysis: PatternAnalysis, nesting: Int
    ) {
        self.tree = RegexTree(root)
        self.nesting = nesting
        self.flags = flags
        self.captureCount = captureCount
        self.groupNames = groupNames
        self.groupIndices = groupIndices
        self.analysis = analysis
    }
}

extension ParsedPattern {
    /// Equal trees, flags, groups and analysis (compares the trees recursively: for tests).
    public static func == (lhs: ParsedPattern, rhs: ParsedPattern) -> Bool {
        lhs.root == rhs.root && lhs.flags == rhs.flags && lhs.captureCount == rhs.captureCount
            && lhs.groupNames == rhs.groupNames && lhs.groupIndices == rhs.groupIndices
            && lhs.analysis == rhs.analysis
    }
}

/// What the parser learned about groups, back-references and assertions.
///
/// PCRE2 keeps a group's last value across quantifier iterations, accepts empty iterations and reads
/// back-references in lookbehinds left to right, where ECMAScript resets captures per iteration, discards
/// empty iterations and reads lookbehinds right to left (catalogue B2–B4). Only back-references can make
/// those differences visible to `test`, so a back-reference is refused when it could observe one.
struct PatternAnalysis: Sendable, Equatable {
    private(set) var quantifiedGroups = Set<Int>()
    private(set) var lookbehindGroups = Set<Int>()
    private(set) var backreferences: [Backreference] = []
    private(set) var hasLookaround = false

    struct Backreference: Sendable, Equatable {
        /// The group number, or for a named reference before resolution `-(slot + 1)`.
        var target: Int
        var offset: Int
        var insideLookbehind: Bool
        /// Whether `i` applies where the reference stands (the flag, or a pattern modifier).
        var ignoreCase: Bool
    }

    /// True when the pattern has back-references, which `pcre2_dfa_match` cannot run.
    var hasBackreferences: Bool { !backreferences.isEmpty }

    mutating func markQuantifiedGroups(_ groups: ClosedRange<Int>) {
        quantifiedGroups.formUnion(groups)
    }

    mutating func markLookbehindGroups(_ groups: ClosedRange<Int>) {
        lookbehindGroups.formUnion(groups)
    }

    mutating func noteLookaround() {
        hasLookaround = true
    }

    mutating func noteBackreference(target: Int, at offset: Int, insideLookbehind: Bool, ignoreCase: Bool) {
        backreferences.append(Backreference(
            target: target, offset: offset, insideLookbehind: insideLookbehind, ignoreCase: ignoreCase))
    }

    mutating func noteNamedBackreference(slot: Int, at offset: Int, insideLookbehind: Bool, ignoreCase: Bool) {
        backreferences.append(Backreference(
            target: -(slot + 1), offset: offset, insideLookbehind: insideLookbehind, ignoreCase: ignoreCase))
    }

    /// Resolves the named reference in `slot` to its groups (several when a name repeats in different
    /// alternatives).
    mutating func resolveNamedReference(slot: Int, to indices: [Int]) {
        for position in backreferences.indices where backreferences[position].target == -(slot + 1) {
            backreferences[position].target = indices[0]
            for index in indices.dropFirst() {
                var copy = backreferences[position]
                copy.target = index
                backreferences.append(copy)
            }
        }
    }

    /// Throws `unsupported` for back-references whose JavaScript meaning PCRE2 cannot reproduce.
    func validate(flags: RegexFlags) throws(ECMARegexError) {
        for reference in backreferences {
            if reference.insideLookbehind {
                throw .unsupported(
                    "back-reference inside a lookbehind: JavaScript evaluates it right to left, PCRE2 left to right",
                    at: reference.offset)
            }
            if quantifiedGroups.contains(reference.target) {
                throw .unsupported(
                    "back-reference to group \(reference.target), which sits inside a quantified atom: JavaScript "
                        + "resets its capture on every iteration and discards empty iterations, PCRE2 does not",
                    at: reference.offset)
            }
            if lookbehindGroups.contains(reference.target) {
                throw .unsupported(
                    "back-reference to group \(reference.target), which is captured inside a lookbehind",
                    at: reference.offset)
            }
            if reference.ignoreCase && !flags.isUnicodeAware {
                throw .unsupported(
                    "back-reference with the 'i' flag and no 'u'/'v': JavaScript compares with toUpperCase, "
                        + "PCRE2 with case folding (they differ for K, S, \u{C5}, \u{398}, \u{3A9}, \u{DF} and Greek iota forms)",
                    at: reference.offset)
            }
        }
    }
}

/// Counts capturing groups and detects group names before parsing, as ECMAScript requires for `\N`
/// (a back-reference only when N is at most the total number of groups) and for `\k` in Annex B.
enum CaptureScanner {
    static func scan(_ units: [UInt16], setsMode: Bool) -> (count: Int, hasNamedGroups: Bool, nesting: Int) {
        var count = 0
        var named = false
        var classDepth = 0
        var groupDepth = 0
        var nesting = 0
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit == ascii("\\") {
                index += 2
                continue
            }
            if classDepth > 0 {
                if unit == ascii("]") {
                    classDepth -= 1
                } else if setsMode, unit == ascii("[") {
                    classDepth += 1
                    nesting = max(nesting, groupDepth + classDepth)
                }
            } else if unit == ascii("[") {
                classDepth = 1
                nesting = max(nesting, groupDepth + 1)
            } else if unit == ascii(")") {
                groupDepth = max(groupDepth - 1, 0)
            } else if unit == ascii("(") {
                groupDepth += 1
                nesting = max(nesting, groupDepth)
                if index + 1 < units.count, units[index + 1] == ascii("?") {
                    if index + 3 < units.count, units[index + 2] == ascii("<"),
                        units[index + 3] != ascii("="), units[index + 3] != ascii("!")
                    {
                        count += 1
                        named = true
                    }
                } else {
                    count += 1
                }
            }
            index += 1
        }
        return (count, named, nesting)
    }
}
