import ECMARegex

/// Reads the top-level lookaheads of a password regex into a ``PolicyBranch``'s requirements, lengths
/// and refusals.
enum PolicyLookaheadReader {
    typealias Item = PolicyBranchReader.Item

    /// A length the readings treat as unbounded: counts are clamped here, so sums cannot overflow.
    static let lengthCap = 1 << 20

    /// Adds what the positive lookahead with these alternatives demands; false when it cannot be read.
    /// Each alternative is `X*…C…` (contains one of `C`) or atoms measuring the value (`.{8,}`); several
    /// are read only when each is a `.*C` search.
    static func apply(_ alternatives: [[Item]], to branch: inout PolicyBranch) -> Bool {
        if alternatives.count == 1 {
            let items = Array(alternatives[0].drop { PolicyBranchReader.isStartAnchor($0.node) })
            if let requirement = search(items) {
                branch.requirements.append(requirement)
                return true
            }
            return measure(items, into: &branch)
        }
        var union = PrintableASCIISet.empty
        for alternative in alternatives {
            let items = Array(alternative.drop { PolicyBranchReader.isStartAnchor($0.node) })
            guard let requirement = search(items), PrintableASCIISet.visible.isSubset(of: requirement.skip) else {
                return false
            }
            union = union.union(requirement.hit)
        }
        branch.requirements.append(PolicyBranch.Requirement(hit: union, skip: .all))
        return true
    }

    /// `X*C` or `X*C+` followed by atoms that may match nothing: a search for one character of `C`.
    static func search(_ items: [Item]) -> PolicyBranch.Requirement? {
        var skip = PrintableASCIISet.all
        var index = 0
        var skipped = false
        while index < items.count, let atom = PolicyBranchReader.atom(items[index]), atom.minimum == 0, atom.maximum == nil {
            skip = skip.intersection(atom.set)
            skipped = true
            index += 1
        }
        // One character of `C` (`C{2,}` would need a run of them, which is not a search).
        guard index < items.count, let hit = PolicyBranchReader.atom(items[index]), hit.minimum == 1 else { return nil }
        for item in items[(index + 1)...] {
            guard let atom = PolicyBranchReader.atom(item), atom.minimum == 0 else { return nil }
        }
        return PolicyBranch.Requirement(hit: hit.set, skip: skipped ? skip : .empty)
    }

    /// Atoms from the value's start, perhaps up to `$`: its characters are in every atom's set and its
    /// length within their total counts.
    static func measure(_ items: [Item], into branch: inout PolicyBranch) -> Bool {
        var minimum = 0
        var maximum: Int? = 0
        var endAnchored = false
        var alphabet = PrintableASCIISet.all
        for item in items {
            if endAnchored {
                guard PolicyBranchReader.isEndAnchor(item.node) else { return false }
            } else if PolicyBranchReader.isEndAnchor(item.node) {
                endAnchored = true
            } else if let atom = PolicyBranchReader.atom(item) {
                alphabet = alphabet.intersection(atom.set)
                minimum = min(minimum + min(atom.minimum, lengthCap), lengthCap)
                maximum = maximum.flatMap { sum in atom.maximum.map { min(sum + min($0, lengthCap), lengthCap) } }
            } else {
                return false
            }
        }
        branch.alphabet = branch.alphabet.intersection(alphabet)
        branch.minimumLength = max(branch.minimumLength, minimum)
        if endAnchored, let maximum { branch.maximumLength = min(branch.maximumLength ?? maximum, maximum) }
        return true
    }

    /// What makes the negative lookahead alternative `items` fail, or nil when nothing can be said.
    static func refusal(_ items: [Item]) -> PolicyBranch.Refusal? {
        var refusal = PolicyBranch.Refusal()
        let body = Array(items.drop { PolicyBranchReader.isStartAnchor($0.node) })
        for (index, item) in body.enumerated() {
            if let atom = PolicyBranchReader.atom(item), atom.minimum >= 1 {
                refusal.mandatory.append(atom.set)
            }
            if case .capture(let group, _, let captured) = item.node,
               PolicyBranchReader.characters(captured, flags: item.flags) != nil,
               let run = repeats(of: group, in: body[(index + 1)...])
            {
                refusal.maximumRun = min(refusal.maximumRun ?? run, run)
            }
        }
        var whole = PrintableASCIISet.empty
        var sawEnd = false
        var onlyAtoms = true
        for item in body {
            if PolicyBranchReader.isEndAnchor(item.node) {
                sawEnd = true
            } else if let atom = PolicyBranchReader.atom(item), !sawEnd {
                whole = whole.union(atom.set)
            } else {
                onlyAtoms = false
            }
        }
        // At the value's start (every lookahead read here stands there), atoms up to `$` measure it whole.
        if sawEnd && onlyAtoms { refusal.whole = whole }
        if refusal.mandatory.isEmpty && refusal.maximumRun == nil && refusal.whole == nil { return nil }
        return refusal
    }

    /// How many case-sensitive back-references to `group` follow it directly (`(.)\1\1` gives 2); nil
    /// when none does.
    static func repeats(of group: Int, in items: ArraySlice<Item>) -> Int? {
        var count = 0
        for item in items {
            var node = item.node
            var times = 1
            if case .quantified(let body, let minimum, _, _) = node {
                node = body
                times = minimum
            }
            guard case .backreference(let target) = node, target == group else { break }
            guard !item.flags.ignoreCase else { return nil }
            count += min(times, lengthCap)
        }
        return count >= 1 ? count : nil
    }
}
