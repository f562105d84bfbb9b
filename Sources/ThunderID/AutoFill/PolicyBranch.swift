/// One way a schema regex can accept a password, in terms the password-rules language can reason
/// about: an alphabet, length bounds, "contains one of" requirements and negative lookaheads. A
/// printable, space-free ASCII password meeting all of them is matched at position 0.
package struct PolicyBranch: Sendable, Equatable {
    /// A positive lookahead `(?=X*C…)`: the password contains a character of `hit`, and the characters
    /// before the first one are in `skip` (`.*` skips everything).
    package struct Requirement: Sendable, Equatable {
        package var hit: PrintableASCIISet
        package var skip: PrintableASCIISet
    }

    /// A negative lookahead `(?!P)`, with the facts that make `P` fail.
    package struct Refusal: Sendable, Equatable {
        /// The character sets of `P`'s atoms that must each match: `P` fails without one of any of them.
        package var mandatory: [PrintableASCIISet] = []
        /// `P` is `(.)\1{r}` somewhere: it fails when no character repeats more than `r` times in a row.
        package var maximumRun: Int?
        /// `P` is anchored atoms to the end (`^\d+$`): it fails on a character outside this set.
        package var whole: PrintableASCIISet?
    }

    /// Every character of an accepted password is in this set.
    package var alphabet = PrintableASCIISet.visible
    package var minimumLength = 0
    package var maximumLength: Int?
    package var requirements: [Requirement] = []
    package var refusals: [Refusal] = []

    /// Whether every password `descriptor` allows is accepted by this branch.
    package func accepts(_ descriptor: PasswordRulesDescriptor) -> Bool {
        let allowed = descriptor.alphabet
        guard !allowed.isEmpty, allowed.isSubset(of: alphabet) else { return false }
        let shortest = max(descriptor.minimumLength, descriptor.required.isEmpty ? 0 : 1)
        guard shortest >= minimumLength else { return false }
        if let maximumLength {
            guard let longest = descriptor.maximumLength, longest <= maximumLength else { return false }
        }
        for requirement in requirements {
            guard allowed.subtracting(requirement.hit).isSubset(of: requirement.skip) else { return false }
            let guaranteed = descriptor.required.contains { $0.isSubset(of: requirement.hit) }
                || (shortest >= 1 && allowed.isSubset(of: requirement.hit))
            guard guaranteed else { return false }
        }
        for refusal in refusals {
            if let run = refusal.maximumRun, let limit = descriptor.maximumConsecutive, limit <= run { continue }
            if refusal.mandatory.contains(where: { $0.isDisjoint(with: allowed) }) { continue }
            if let whole = refusal.whole, descriptor.required.contains(where: { $0.isDisjoint(with: whole) }) { continue }
            return false
        }
        return true
    }

    /// The most permissive descriptor this branch proves, or nil when none is consistent.
    package func derive() -> PasswordRulesDescriptor? {
        var allowed = alphabet
        for requirement in requirements {
            allowed = allowed.intersection(requirement.hit.union(requirement.skip))
        }
        var maximumConsecutive: Int?
        var wholeRefusals: [PrintableASCIISet] = []
        var byRemoval: [Refusal] = []
        for refusal in refusals {
            if refusal.mandatory.contains(where: { $0.isDisjoint(with: allowed) }) { continue }
            if let run = refusal.maximumRun {
                maximumConsecutive = min(maximumConsecutive ?? run, run)
            } else if let whole = refusal.whole, !allowed.subtracting(whole).isEmpty {
                wholeRefusals.append(whole)
            } else if !refusal.mandatory.isEmpty {
                byRemoval.append(refusal)
            } else {
                return nil
            }
        }
        allowed = Self.leavingOut(for: byRemoval, from: allowed)
        allowed = allowed.rulesDenotation
        guard !allowed.isEmpty else { return nil }
        var required: [PrintableASCIISet] = []
        for requirement in requirements {
            let hit = requirement.hit.intersection(allowed)
            guard !hit.isEmpty else { return nil }
            if hit != allowed { required.append(hit) }
        }
        for whole in wholeRefusals {
            let outside = allowed.subtracting(whole)
            guard !outside.isEmpty else { return nil }
            required.append(outside)
        }
        required = Self.essential(required)
        let minimum = max(minimumLength, requirements.isEmpty ? 0 : 1)
        // The form refuses longer values before any rule, so rules that need them would never pass.
        guard minimum <= CredentialInput.maximumLength else { return nil }
        if let maximumLength {
            guard minimum <= maximumLength, required.count <= maximumLength, maximumLength >= 1 else { return nil }
        }
        if let maximumConsecutive {
            guard maximumConsecutive >= 1, allowed.count >= 2 || minimum <= maximumConsecutive else { return nil }
        }
        let descriptor = PasswordRulesDescriptor(
            alphabet: allowed, required: required, minimumLength: minimum, maximumLength: maximumLength,
            maximumConsecutive: maximumConsecutive)
        return accepts(descriptor) ? descriptor : nil
    }

    /// `allowed` without enough characters that each refusal's lookahead fails everywhere, greedily
    /// leaving out the set that defeats the most lookaheads per character (`012`…`789` cost three digits).
    private static func leavingOut(for refusals: [Refusal], from allowed: PrintableASCIISet) -> PrintableASCIISet {
        var allowed = allowed
        var pending = refusals
        while !pending.isEmpty {
            let candidates = pending.flatMap(\.mandatory).map { $0.intersection(allowed) }
            guard let best = candidates.max(by: { lhs, rhs in
                let left = pending.filter { $0.mandatory.contains { $0.intersection(allowed).isSubset(of: lhs) } }.count
                let right = pending.filter { $0.mandatory.contains { $0.intersection(allowed).isSubset(of: rhs) } }.count
                // More lookaheads defeated per character left out; on a tie, fewer characters.
                return (left * rhs.count, -lhs.count) < (right * lhs.count, -rhs.count)
            }) else { break }
            allowed = allowed.subtracting(best)
            pending.removeAll { $0.mandatory.contains { $0.isDisjoint(with: allowed) } }
        }
        return allowed
    }

    /// The required sets without repeats or supersets of another, smallest first.
    private static func essential(_ sets: [PrintableASCIISet]) -> [PrintableASCIISet] {
        var kept: [PrintableASCIISet] = []
        for set in sets.sorted(by: { $0.count < $1.count }) where !kept.contains(where: { $0.isSubset(of: set) }) {
            kept.append(set)
        }
        return kept
    }
}
