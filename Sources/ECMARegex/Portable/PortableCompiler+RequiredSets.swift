// MARK: - Required characters

extension PortableCompiler {
    /// The most required sets a program checks (each costs a scan of a long subject).
    static let requiredSetLimit = 4
    /// The most ranges a required set may have: a larger one (`[\p{L}\p{N}]`) is met by nearly any subject,
    /// and would cost its search at every character of the scan.
    static let requiredRangeLimit = 32

    /// Sets of characters of which every match needs at least one in the subject (a consumed character, or
    /// one a positive lookaround's body consumes), at most ``requiredSetLimit``: a long subject without one
    /// of them has no match, which the matcher answers with a scan (``PortableProgram/requiredSets``).
    mutating func requiredSets(_ node: RegexNode) -> [[ClosedRange<UInt32>]] {
        var found: [[ClosedRange<UInt32>]] = []
        collectRequired(node, into: &found)
        return found
    }

    private mutating func collectRequired(_ node: RegexNode, into found: inout [[ClosedRange<UInt32>]]) {
        guard found.count < Self.requiredSetLimit else { return }
        switch node {
        case .character(let value):
            let ranges = flags.ignoreCase
                ? PortableCaseFolding.closure([value...value], unicode: flags.isUnicodeAware) : [value...value]
            if ranges.count <= Self.requiredRangeLimit, !found.contains(ranges) { found.append(ranges) }
        case .characterClass(let set):
            let compiled = compiledClass(set)
            // With strings a class may match a string of other characters (or none, for the empty string).
            guard compiled.strings.isEmpty, !compiled.characters.isEmpty,
                  compiled.characters.count <= Self.requiredRangeLimit
            else { return }
            if !found.contains(compiled.characters) { found.append(compiled.characters) }
        case .sequence(let nodes):
            for node in nodes { collectRequired(node, into: &found) }
        case .alternation(let nodes):
            // Some branch matches: its first required set, so the union of every branch's first one.
            var union: [ClosedRange<UInt32>] = []
            for node in nodes {
                var branch: [[ClosedRange<UInt32>]] = []
                collectRequired(node, into: &branch)
                guard let first = branch.first else { return }
                union = PortableRanges.union(union, first)
            }
            if !union.isEmpty, union.count <= Self.requiredRangeLimit, !found.contains(union) { found.append(union) }
        case .group(let inner), .capture(_, _, let inner):
            collectRequired(inner, into: &found)
        case .modified(let inner, let modifiers):
            let saved = flags
            flags = flags.applying(modifiers)
            defer { flags = saved }
            collectRequired(inner, into: &found)
        case .quantified(let inner, let min, _, _):
            if min > 0 { collectRequired(inner, into: &found) }
        case .lookahead(let inner, let negative), .lookbehind(let inner, let negative):
            // A positive lookaround's body matches inside the subject too.
            if !negative { collectRequired(inner, into: &found) }
        case .empty, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .backreference:
            return
        }
    }
}
