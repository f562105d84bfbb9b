/// A deterministic upper estimate of a backtracking matcher's work on one pattern, as a function of the
/// subject length: what the selection uses to keep PCRE2 (whose JIT does not count all backtracking
/// against its limits) only where its worst case on the subject at hand is provably small.
///
/// The estimate is built once per pattern as a small expression, then evaluated for a length `n`:
/// - every node has `ways` (how many distinct ways it can end from one start, each of which the rest of
///   the pattern is retried for) and `cost` (steps to explore all of them);
/// - a sequence multiplies: each element's cost is paid once per way of the elements before it;
/// - an alternation adds, except that branches which cannot start with the same character (disjoint
///   first characters, none of them empty) have at most one way in at a time;
/// - a lookaround is atomic: one way out, its body's cost each time it is reached;
/// - a back-reference costs `n`;
/// - a quantifier over an atom with one way to match has one way per iteration count (so `.*` has `n`),
///   and over an atom with several ways, `ways^iterations` (nested or overlapping quantifiers: exponential);
/// - an unanchored search multiplies by the `n + 1` start positions.
///
/// The estimate over-approximates (PCRE2's auto-possessification and start-of-match optimizations only
/// make real runs cheaper), is monotone in `n`, and never looks at the subject's characters.
struct BacktrackingCost: Sendable {
    private indirect enum Expression: Sendable {
        /// A fixed number of steps with one way out.
        case constant(Double)
        /// A back-reference: up to `n` steps.
        case backreference
        case sequence([Expression])
        /// `exclusive`: at most one branch can match from a given start.
        case alternation([Expression], exclusive: Bool)
        case lookaround(Expression)
        /// `minimumLength`: the fewest characters one iteration consumes.
        case quantified(Expression, min: Int, max: Int?, minimumLength: Int)
    }

    private let expression: Expression
    private let anchored: Bool

    /// The estimate for `root` with `flags`; `whole` anchors it at the start (whole-value mode).
    init(_ root: RegexNode, flags: RegexFlags, whole: Bool) {
        var builder = Builder(flags: flags)
        expression = builder.expression(root)
        anchored = whole || Self.isAnchored(root, multiline: flags.multiline)
    }

    /// Estimated worst-case steps for one `test` on a subject of `length` characters (infinite when the
    /// pattern is exponential there).
    func steps(subjectLength length: Int) -> Double {
        let n = Double(length)
        let one = Self.evaluate(expression, n: n)
        return anchored ? one.cost : (n + 1) * one.cost
    }

    /// The longest subject (at most `ceiling`) whose estimate stays within `budget`, or nil when even the
    /// empty subject exceeds it.
    func longestSubject(within budget: Double, ceiling: Int) -> Int? {
        guard steps(subjectLength: 0) <= budget else { return nil }
        if steps(subjectLength: ceiling) <= budget { return ceiling }
        var low = 0  // within budget
        var high = ceiling  // over budget
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if steps(subjectLength: middle) <= budget { low = middle } else { high = middle }
        }
        return low
    }

    private static func evaluate(_ expression: Expression, n: Double) -> (ways: Double, cost: Double) {
        switch expression {
        case .constant(let steps):
            return (1, steps)
        case .backreference:
            return (1, n + 1)
        case .sequence(let items):
            var ways = 1.0
            var cost = 0.0
            for item in items {
                let inner = evaluate(item, n: n)
                cost += ways * inner.cost
                ways *= inner.ways
            }
            return (ways, cost)
        case .alternation(let branches, let exclusive):
            var ways = 0.0
            var cost = 0.0
            for branch in branches {
                let inner = evaluate(branch, n: n)
                ways = exclusive ? Swift.max(ways, inner.ways) : ways + inner.ways
                cost += inner.cost
            }
            return (Swift.max(ways, 1), cost)
        case .lookaround(let body):
            return (1, 1 + evaluate(body, n: n).cost)
        case .quantified(let atom, let min, let max, let minimumLength):
            let inner = evaluate(atom, n: n)
            // Iterations that can complete: at most `max`, at most `n / minimumLength`, and past `min` only
            // ones that consume characters (ECMAScript rejects empty ones); one more may be attempted.
            let fit = minimumLength > 0 ? (n / Double(minimumLength)).rounded(.down) : Double(min) + n
            let limit = Double(max ?? Int.max)
            let upper = Swift.min(limit, fit)
            let executed = Swift.min(limit, fit + 1)
            if inner.ways <= 1 {
                return (Swift.max(1, upper - Double(min) + 1), 1 + executed * inner.cost)
            }
            let ways = power(inner.ways, upper)
            return (ways, 1 + power(inner.ways, executed) * inner.cost)
        }
    }

    /// `base` to a non-negative whole `exponent`, by squaring (infinite once it overflows).
    private static func power(_ base: Double, _ exponent: Double) -> Double {
        guard exponent.isFinite else { return base > 1 ? .infinity : 1 }
        var result = 1.0
        var factor = base
        var remaining = Int(exponent)
        while remaining > 0 && result.isFinite {
            if remaining & 1 == 1 { result *= factor }
            factor *= factor
            remaining >>= 1
        }
        return result
    }

    private static func isAnchored(_ node: RegexNode, multiline: Bool) -> Bool {
        switch node {
        case .inputStart: return true
        case .lineStart: return !multiline
        case .sequence(let nodes): return nodes.first.map { isAnchored($0, multiline: multiline) } ?? false
        case .group(let inner), .capture(_, _, let inner): return isAnchored(inner, multiline: multiline)
        case .modified(let inner, let modifiers): return isAnchored(inner, multiline: modifiers.multiline)
        case .alternation(let nodes): return !nodes.isEmpty && nodes.allSatisfy { isAnchored($0, multiline: multiline) }
        case .empty, .character, .dot, .lineEnd, .inputEnd, .wordBoundary, .characterClass, .lookahead, .lookbehind,
            .quantified, .backreference:
            return false
        }
    }

    /// Builds the expression; first-character sets of alternation branches decide exclusivity.
    private struct Builder {
        let flags: RegexFlags
        let classes: PortableClassCompiler
        private var classCache: [ClassSet: PortableClassCompiler.Compiled] = .init()
        /// The expressions of classes with strings, by class: a pattern may repeat `\p{RGI_Emoji}` thousands
        /// of times, and summing its strings once per occurrence made the estimate quadratic in practice.
        private var stringClassCache: [ClassSet: Expression] = .init()

        init(flags: RegexFlags) {
            self.flags = flags
            classes = PortableClassCompiler(flags: flags)
        }

        private mutating func compiled(_ set: ClassSet) -> PortableClassCompiler.Compiled {
            if let known = classCache[set] { return known }
            let result = classes.compile(set)
            classCache[set] = result
            return result
        }

        mutating func expression(_ node: RegexNode) -> Expression {
            switch node {
            case .empty, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .character, .dot:
                return .constant(1)
            case .characterClass(let set):
                if let known = stringClassCache[set] { return known }
                let strings = compiled(set).strings
                guard !strings.isEmpty else { return .constant(1) }
                // Strings are tried one by one (longest first); each may end at a different place.
                let total = strings.reduce(1) { $0 + $1.count }
                let lengths = Set(strings.map { $0.count }).count + 1
                let expression = Expression.alternation(
                    [.constant(Double(total))] + Array(repeating: .constant(0), count: lengths - 1), exclusive: false)
                stringClassCache[set] = expression
                return expression
            case .backreference:
                return .backreference
            case .sequence(let nodes):
                return .sequence(nodes.map { expression($0) })
            case .alternation(let nodes):
                return .alternation(nodes.map { expression($0) }, exclusive: exclusive(nodes))
            case .group(let inner), .capture(_, _, let inner), .modified(let inner, _):
                return expression(inner)
            case .lookahead(let inner, _), .lookbehind(let inner, _):
                return .lookaround(expression(inner))
            case .quantified(let inner, let min, let max, _):
                return .quantified(
                    expression(inner), min: min, max: max,
                    // Unknown counts as 0, the costliest estimate.
                    minimumLength: PortableCompiler.minimumLength(inner, visiting: PortableCompiler.localVisitLimit) ?? 0)
            }
        }

        /// Whether no two branches can match from the same start: each consumes a character and their
        /// first characters are pairwise disjoint.
        private mutating func exclusive(_ nodes: [RegexNode]) -> Bool {
            var seen = PortableRanges.normalized([])
            for node in nodes {
                guard (PortableCompiler.minimumLength(node, visiting: PortableCompiler.localVisitLimit) ?? 0) > 0,
                    let first = firstCharacters(node)
                else { return false }
                let normalized = PortableRanges.normalized(first)
                if !PortableRanges.intersection(seen, normalized).isEmpty { return false }
                seen = PortableRanges.union(seen, normalized)
            }
            return true
        }

        /// A superset of the characters a non-empty match of `node` can start with, when cheap to know.
        private mutating func firstCharacters(_ node: RegexNode) -> [ClosedRange<UInt32>]? {
            let flags = flags
            return PortableCompiler.firstCharacters(node, flags: flags) { compiled($0) }
        }
    }
}
