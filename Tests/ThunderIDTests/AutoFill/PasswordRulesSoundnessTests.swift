import ECMARegex
import Foundation
import Testing
@testable import ThunderID

@Suite("Password rules: every password the derived rules allow is accepted by the regex")
struct PasswordRulesSoundnessTests {
    /// Passwords sampled per policy.
    static let samplesPerPolicy = 2_000

    @Test("The corpus is read whole: over 60 distinct regexes, and every regex of Specs/policies in it")
    func corpusIsComplete() {
        let cases = PolicyCorpus.cases
        #expect(cases.count == PolicyCorpus.lineCount)
        #expect(Set(cases.map { [$0.regex, $0.flags] }).count == cases.count)
        #expect(cases.filter { $0.isExpressible }.count >= 60)
        let specs = PolicyCorpus.specPolicies
        #expect(!specs.isEmpty)
        let listed = Set(cases.map { [$0.regex, $0.flags] })
        for pair in specs { #expect(listed.contains(pair), "\(pair) from Specs/policies is not in the corpus") }
    }

    @Test("Sampled passwords of each derived descriptor all match the regex", arguments: PolicyCorpus.cases)
    func sound(policy: PolicyCase) throws {
        // A policy without a descriptor is counted by the coverage test and handled by the default-shape suite.
        guard let descriptor = PasswordRulesDescriptor(regex: policy.regex, flags: policy.flags) else { return }
        #expect(policy.isExpressible, "a sound descriptor exists for a regex the corpus calls inexpressible: \(descriptor.rules)")
        let regex = try ECMARegex(policy.regex, flags: policy.flags)
        var sampler = PasswordRulesSampler(descriptor, seed: policy.seed)
        let samples = sampler.samples(count: Self.samplesPerPolicy)
        #expect(samples.count == Self.samplesPerPolicy, "the sampler could not satisfy \(descriptor.rules)")
        let lengths = Set(samples.map(\.utf8.count))
        #expect(lengths == Set(sampler.lengths), "not every length was sampled")
        let used = samples.reduce(PrintableASCIISet.empty) { $0.union(PrintableASCIISet($1)) }
        #expect(used == descriptor.alphabet, "not every allowed character was sampled")
        var refused: [String] = []
        for sample in samples where try !regex.test(sample) { refused.append(sample) }
        #expect(refused.isEmpty, "\(descriptor.rules) allows \(refused.count) refused passwords, e.g. \(refused.prefix(3))")
    }

    @Test("The check fails on unsound rules: a dropped requirement, a wider alphabet, a longer maximum")
    func selfTest() throws {
        let regex = try ECMARegex("^(?=.*\\d)[a-z\\d]{8,12}$")
        let unsound = [
            PasswordRulesDescriptor(alphabet: .lower.union(.digit), required: [], minimumLength: 8, maximumLength: 12, maximumConsecutive: nil),
            PasswordRulesDescriptor(alphabet: .lower.union(.digit).union(.upper), required: [.digit], minimumLength: 8, maximumLength: 12, maximumConsecutive: nil),
            PasswordRulesDescriptor(alphabet: .lower.union(.digit), required: [.digit], minimumLength: 8, maximumLength: 13, maximumConsecutive: nil),
        ]
        let branches = try #require(PolicyBranchReader.branches(regex: "^(?=.*\\d)[a-z\\d]{8,12}$", flags: ""))
        for descriptor in unsound {
            var sampler = PasswordRulesSampler(descriptor, seed: 7)
            let refused = try sampler.samples(count: 500).filter { try !regex.test($0) }
            #expect(!refused.isEmpty, "sampling missed the unsound \(descriptor.rules)")
            #expect(!branches.contains { $0.accepts(descriptor) })
        }
    }

    @Test("A descriptor for at least 90% of the expressible policies; Apple's converter shape beside it")
    func coverage() {
        let expressible = PolicyCorpus.cases.filter(\.isExpressible)
        let derived = expressible.filter { PasswordRulesDescriptor(regex: $0.regex, flags: $0.flags) != nil }
        let converter = expressible.filter { PolicyCorpus.hasConverterShape($0.regex) }
        let missed = expressible.filter { PasswordRulesDescriptor(regex: $0.regex, flags: $0.flags) == nil }
        print("password rules: \(PolicyCorpus.cases.count) policies, \(expressible.count) expressible")
        print("password rules: derived \(derived.count)/\(expressible.count) (\(percent(derived.count, expressible.count)))"
              + " | Apple converter's documented shape \(converter.count)/\(expressible.count) (\(percent(converter.count, expressible.count)))")
        for policy in missed { print("password rules: no descriptor for \(policy.testDescription): \(policy.note)") }
        #expect(derived.count * 10 >= expressible.count * 9)
        // The converter's shape is one this derivation always covers.
        #expect(converter.allSatisfy { PasswordRulesDescriptor(regex: $0.regex, flags: $0.flags) != nil })
    }

    private func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : "\(part * 1000 / whole / 10).\(part * 1000 / whole % 10)%"
    }
}
