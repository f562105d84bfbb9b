// MARK: - Back-references: which read a capture, and how much room a match needs after them

extension PortableCompiler {
    /// Whether some back-reference may read a set capture: one that comes, in matching order (right to left
    /// inside lookbehinds), after its group has closed. Before that the capture is unset on every path: a
    /// loop that returns to the back-reference after the group closed resets the groups inside it at its
    /// next iteration, so the group's capture is undefined there again (ECMA-262 `RepeatMatcher`). Such a
    /// back-reference matches the empty string (`\1` inside group 1, `\2(a)`), and the compiler leaves it
    /// out; a pattern with no other back-reference is compiled as one without back-references (memo points
    /// and lookaround results are kept, groups are not recorded).
    static func hasEffectiveBackreference(_ root: RegexNode) -> Bool {
        guard hasBackreference(root) else { return false }
        var closed = Set<Int>()
        // The same walk as `emit`, in the same order.
        func visit(_ node: RegexNode, backward: Bool) -> Bool {
            switch node {
            case .backreference(let group):
                return closed.contains(group)
            case .capture(let index, _, let inner):
                let found = visit(inner, backward: backward)
                closed.insert(index)
                return found
            case .sequence(let nodes):
                for node in backward ? nodes.reversed() : nodes where visit(node, backward: backward) { return true }
                return false
            case .alternation(let nodes):
                for node in nodes where visit(node, backward: backward) { return true }
                return false
            case .lookahead(let inner, _):
                return visit(inner, backward: false)
            case .lookbehind(let inner, _):
                return visit(inner, backward: true)
            case .quantified(let inner, _, let max, _):
                // `{0}` is not emitted at all.
                return max == 0 ? false : visit(inner, backward: backward)
            case .group(let inner), .modified(let inner, _):
                return visit(inner, backward: backward)
            case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary, .characterClass:
                return false
            }
        }
        return visit(root, backward: false)
    }

    /// Fills in, for each forward back-reference outside lookarounds, what every match needs after it (see
    /// ``PortableInstruction/backreference(group:backward:ignoreCase:minimumAfter:endsSubject:)``), from the
    /// instructions every path after it runs: the straight run that follows it (zero-width steps, single
    /// characters, quantifiers' minimums, and jumps), up to the first branch, loop, lookaround or class of
    /// strings. What that run consumes is a lower bound for every path, and an end-of-subject check in it,
    /// before anything is consumed, holds on every path.
    mutating func boundBackreferences() {
        for site in backreferenceSites {
            guard case .backreference(let group, let backward, let ignoreCase, _, _) = instructions[site] else { continue }
            var consumed = 0
            var endsSubject = false
            var pc = site + 1
            var visited = 0
            walk: while pc < instructions.count && visited < Self.boundWalkLimit {
                visited += 1
                switch instructions[pc] {
                case .single:
                    consumed += 1
                case .repeatSingle(_, let min, _, _, _, _):
                    consumed = min > Int(Int32.max) - consumed ? Int(Int32.max) : consumed + min
                case .inputEnd:
                    endsSubject = consumed == 0
                    break walk
                case .jump(let target):
                    guard target > pc else { break walk }
                    pc = target
                    continue walk
                case .open, .close, .memo, .lineStart, .inputStart, .wordBoundary:
                    break
                case .lineEnd, .strings, .split, .dispatch, .loopInit, .loopHead, .loopBegin, .loopTail, .backreference,
                    .lookStart, .lookEnd, .match:
                    break walk
                }
                pc += 1
            }
            instructions[site] = .backreference(
                group: group, backward: backward, ignoreCase: ignoreCase,
                minimumAfter: Int32(clamping: consumed), endsSubject: endsSubject)
        }
    }

    /// Instructions the walk after a back-reference reads at most.
    static let boundWalkLimit = 64
}
