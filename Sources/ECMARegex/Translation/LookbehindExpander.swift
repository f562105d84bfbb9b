#if PCRE2_BACKEND
/// Makes lookbehind bodies acceptable to PCRE2 10.42, which requires every top-level branch of a
/// lookbehind to have a fixed length (catalogue LB1).
///
/// A body whose branches are already fixed-length is kept as is. Otherwise a capture-free body with only
/// bounded quantifiers is expanded into its fixed-length alternatives (`(?<=ab(c|de))` becomes
/// `(?<=abc|abde)`, `(?<=a{1,3})` becomes `(?<=a|aa|aaa)`); the order of alternatives does not matter
/// for an assertion without captures. Anything else returns nil and is refused.
enum LookbehindExpander {
    /// Most alternatives an expansion may produce.
    static let maximumAlternatives = 256
    /// The most terms all expanded alternatives of one lookbehind may hold together.
    static let maximumExpandedTerms = 4_096

    static func alternatives(of body: RegexNode, unicode: Bool) -> [RegexNode]? {
        let branches: [RegexNode]
        if case .alternation(let nodes) = body {
            branches = nodes
        } else {
            branches = [body]
        }
        if branches.allSatisfy({ fixedLength(of: $0) != nil }) {
            return branches
        }
        if containsCaptureOrReference(body) { return nil }
        var result: [RegexNode] = []
        for branch in branches {
            guard let expanded = expand(branch) else { return nil }
            for sequence in expanded {
                let node: RegexNode = sequence.count == 1 ? sequence[0] : .sequence(sequence)
                guard fixedLength(of: node) != nil else { return nil }
                result.append(node)
            }
            if result.count > maximumAlternatives { return nil }
        }
        return result
    }

    /// The length in characters (code units without `u`) every match of `node` has, or nil.
    static func fixedLength(of node: RegexNode) -> Int? {
        switch node {
        case .empty, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .lookahead, .lookbehind:
            return 0
        case .character, .dot:
            return 1
        case .characterClass(let set):
            return set.mayContainStrings ? nil : 1
        case .sequence(let nodes):
            var total = 0
            for node in nodes {
                guard let length = fixedLength(of: node) else { return nil }
                total += length
            }
            return total
        case .alternation(let nodes):
            guard let first = nodes.first.flatMap(fixedLength(of:)) else { return nil }
            return nodes.dropFirst().allSatisfy { fixedLength(of: $0) == first } ? first : nil
        case .group(let inner), .capture(_, _, let inner), .modified(let inner, _):
            return fixedLength(of: inner)
        case .quantified(let inner, let min, let max, _):
            guard max == min, let length = fixedLength(of: inner) else { return nil }
            let (total, overflow) = length.multipliedReportingOverflow(by: min)
            return overflow ? nil : total
        case .backreference:
            return nil
        }
    }

    private static func containsCaptureOrReference(_ node: RegexNode) -> Bool {
        switch node {
        case .capture, .backreference:
            return true
        case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .characterClass:
            return false
        case .sequence(let nodes), .alternation(let nodes):
            return nodes.contains(where: containsCaptureOrReference)
        case .group(let inner), .lookahead(let inner, _), .lookbehind(let inner, _), .quantified(let inner, _, _, _),
            .modified(let inner, _):
            return containsCaptureOrReference(inner)
        }
    }

    /// All fixed-length sequences `node` can match, or nil when unbounded or too many.
    private static func expand(_ node: RegexNode) -> [[RegexNode]]? {
        if fixedLength(of: node) != nil { return [[node]] }
        switch node {
        case .alternation(let nodes):
            var result: [[RegexNode]] = []
            for node in nodes {
                guard let expanded = expand(node) else { return nil }
                result += expanded
                if result.count > maximumAlternatives { return nil }
            }
            return result
        case .sequence(let nodes):
            var result: [[RegexNode]] = [[]]
            for node in nodes {
                guard let expanded = expand(node) else { return nil }
                guard let next = product(result, expanded) else { return nil }
                result = next
            }
            return result
        case .group(let inner):
            return expand(inner)
        case .quantified(let inner, let min, let max?, _):
            guard let once = expand(inner), max <= maximumAlternatives else { return nil }
            var result: [[RegexNode]] = []
            var repeated: [[RegexNode]] = [[]]
            for count in 0...max {
                if count >= min {
                    result += repeated
                    if result.count > maximumAlternatives { return nil }
                }
                if count < max {
                    guard let next = product(repeated, once) else { return nil }
                    repeated = next
                }
            }
            return result
        default:
            return nil
        }
    }

    /// Every concatenation of a left and a right sequence, or nil when that would exceed
    /// `maximumAlternatives` sequences or `maximumExpandedTerms` terms in all (checked before building,
    /// so a hostile pattern cannot make the expansion itself slow; the pattern then runs on the
    /// portable matcher).
    private static func product(_ left: [[RegexNode]], _ right: [[RegexNode]]) -> [[RegexNode]]? {
        let count = left.count.multipliedReportingOverflow(by: right.count)
        guard !count.overflow, count.partialValue <= maximumAlternatives else { return nil }
        let leftTerms = left.reduce(0) { $0 + $1.count } * right.count
        let rightTerms = right.reduce(0) { $0 + $1.count } * left.count
        guard leftTerms + rightTerms <= maximumExpandedTerms else { return nil }
        var result: [[RegexNode]] = []
        result.reserveCapacity(count.partialValue)
        for prefix in left {
            for suffix in right { result.append(prefix + suffix) }
        }
        return result
    }
}
#endif
