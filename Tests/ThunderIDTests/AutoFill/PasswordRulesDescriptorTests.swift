import Testing
@testable import ThunderID
import ThunderIDTesting

@Suite("Password rules: the descriptor text derived from a regex")
struct PasswordRulesDescriptorTests {
    @Test("Derived rules read as Apple's language", arguments: [
        // The example in PasswordRulesDescriptor's documentation.
        ("^(?=.*[a-z])(?=.*\\d)[A-Za-z\\d_-]{8,64}$", "required: digit; required: lower; allowed: upper, [-_]; minlength: 8; maxlength: 64;"),
        ("^\\d{4}$", "allowed: digit; minlength: 4; maxlength: 4;"),
        ("^(?!.*(.)\\1\\1)(?=.*[A-Z]).{10,}$", "required: upper; allowed: lower, digit, [-!\"#$%&'()*+,./:;<=>?@[\\^_`{|}~]]; minlength: 10; max-consecutive: 2;"),
        ("^(?=.*[^A-Za-z0-9])[\\x21-\\x7E]{12}$", "required: [-!\"#$%&'()*+,./:;<=>?@[\\^_`{|}~]]; allowed: upper, lower, digit; minlength: 12; maxlength: 12;"),
        ("^(?=.*\\d|.*[A-Z])[A-Za-z\\d]{8,}$", "required: upper, digit; allowed: lower; minlength: 8;"),
        // Leaving out 2, 5 and 7 defeats every ascending run of three.
        ("^(?!.*(012|123|234|345|456|567|678|789))\\d{6}$", "allowed: [0134689]; minlength: 6; maxlength: 6;"),
        // `\b` at both ends of word characters holds for every password of word characters.
        ("^\\b\\w{8,}\\b$", "allowed: upper, lower, digit, [_]; minlength: 8;"),
        ("^\\S{12,64}$", "allowed: upper, lower, digit, [-!\"#$%&'()*+,./:;<=>?@[\\^_`{|}~]]; minlength: 12; maxlength: 64;"),
    ])
    func text(regex: String, rules: String) {
        #expect(PasswordRulesDescriptor(regex: regex)?.rules == rules)
    }

    @Test("No rules where none is sound or the pattern is refused", arguments: [
        "^[A-Z][a-z]+\\d$", "^(?=.*\\d.*\\d)(?=.*[a-z]).{8,}$", "^abc$", "(?<=a)b", "^(abc",
        "^\\w{4}\\b\\w{4}$", "^\\B\\w+$",
        "^(?=.*[A-Z])[^A-Z]*$", "^(?!.*(.)\\1)a{2}$",
    ])
    func none(regex: String) {
        #expect(PasswordRulesDescriptor(regex: regex) == nil)
    }

    @Test("A deeply nested or many-alternative pattern gives no rules, at once")
    func bounded() {
        let deep = String(repeating: "(?:", count: 200) + "a" + String(repeating: ")", count: 200)
        #expect(PasswordRulesDescriptor(regex: "^" + deep + "{8}$") == nil)
        #expect(PolicyBranchReader.branches(regex: "^" + String(repeating: "(?:ab|cd)", count: 8) + "$", flags: "") == nil)
        #expect(PolicyBranchReader.branches(regex: "^" + String(repeating: "(?:ab|cd)", count: 6) + "$", flags: "")?.count == 64)
        #expect(PasswordRulesDescriptor(regex: "^(?:(?:a|b)(?:c|d))$") == nil)
        #expect(PasswordRulesDescriptor(regex: "^\\d{5000000}$") == nil)
    }

    @Test("A case-insensitive back-reference gives no max-consecutive (aA would count as a run)")
    func caseInsensitiveRun() {
        #expect(PasswordRulesDescriptor(regex: "^(?!.*(.)\\1)[a-z]{8}$", flags: "i") == nil)
        #expect(PasswordRulesDescriptor(regex: "^(?!.*(.)\\1)[a-z]{8}$")?.maximumConsecutive == 1)
    }

    @Test("Special is every printable non-alphanumeric, space included; rules never allow a space")
    func special() {
        #expect(PrintableASCIISet.special.count == 33 && PrintableASCIISet.special.contains(UInt8(ascii: " ")))
        #expect(PrintableASCIISet.special.contains(UInt8(ascii: "/")) && PrintableASCIISet.special.contains(UInt8(ascii: "\\")))
        #expect(PrintableASCIISet.all.rulesText == "upper, lower, digit, special")
        #expect(PrintableASCIISet.visible.rulesDenotation == .visible)
        #expect(PrintableASCIISet("a ]-").rulesText == "[-a]]")
        #expect(PrintableASCIISet("a ]-").rulesDenotation == PrintableASCIISet("a]-"))
        let everything = PasswordRulesDescriptor(regex: "^[\\s\\S]{8,}$")
        #expect(everything.map { !$0.alphabet.contains(UInt8(ascii: " ")) } == true)
    }

    @Test("The policy and the state expose the descriptor of the effective regex")
    @MainActor
    func exposure() {
        let policy = CredentialPolicy(attribute: "password", isCredential: true, regex: "^\\d{6}$", displayName: "Password")
        #expect(policy.passwordRules?.rules == "allowed: digit; minlength: 6; maxlength: 6;")
        #expect(CredentialPolicy(attribute: "password", isCredential: true, displayName: "Password").passwordRules == nil)
    }

    @Test("The state's rules follow the schema regex once it arrives, the override first, and its entry carries them")
    @MainActor
    func stateExposure() async {
        let regex = "^(?=.*\\d)[A-Za-z\\d]{10,}$"
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential(regex: regex)),
                                          updater: ScriptedCredentialUpdater(), configuration: .init())
        #expect(state.passwordRules == nil, "before the schema is known there is no regex")
        state.open()
        await state.settle()
        #expect(state.passwordRules?.rules == "required: digit; allowed: upper, lower; minlength: 10;")
        #expect(state.entry.autoFill == .newPassword && state.entry.passwordRules == state.passwordRules)

        let overridden = ChangeCredentialState(policyRegex: "^[A-Z][a-z]{7}$",
                                               schemaProvider: InMemorySchemaProvider(policy: .credential(regex: regex)),
                                               updater: ScriptedCredentialUpdater(), configuration: .init())
        overridden.open()
        await overridden.settle()
        #expect(overridden.passwordRules == nil)
        #expect(overridden.entry.autoFill == .existingPassword, "no rules, and the default suggestion is refused")
    }
}

