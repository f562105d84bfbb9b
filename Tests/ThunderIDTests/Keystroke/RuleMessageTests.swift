import Foundation
@testable import ThunderID
import Testing

@Suite("Rule messages rendered once")
struct RuleMessageTests {
    static let names = ["Password", "PIN", "Sign-in Password", "OTP Code", "iCloud Key", ""]

    @Test("A context's text is the strings table's text for every key, display name and shipped language", arguments: names)
    func sameText(displayName: String) {
        for language in ChangeCredentialStrings.availableLocalizations {
            let strings = ChangeCredentialStrings.localized(for: Locale(identifier: language))
            let context = CredentialRuleContext(attribute: "password", displayName: displayName, strings: strings)
            for key in ChangeCredentialStrings.Key.allCases {
                #expect(context.text(key) == strings.text(key, credential: displayName), "\(language) \(key)")
                #expect(context.text(key, values: ["count": "8", "reason": "r", "seconds": "3"])
                        == strings.text(key, credential: displayName, values: ["count": "8", "reason": "r", "seconds": "3"]))
            }
        }
    }

    @Test("Each context renders the messages for its own display name and strings")
    func followsMembers() {
        let pin = CredentialRuleContext(attribute: "pin", displayName: "PIN")
        #expect(pin.text(.emptyValue) == "Enter a new PIN.")
        let password = CredentialRuleContext(attribute: "pin", displayName: "Password")
        #expect(password.text(.emptyValue) == "Enter a new password.")
        let custom = CredentialRuleContext(
            attribute: "password", displayName: "Password", regex: "x", hint: "h", isStrict: true,
            strings: ChangeCredentialStrings([.emptyValue: "Type a {credential}!", .mismatch: "No {credentialLower} match"]))
        #expect(custom.text(.emptyValue) == "Type a Password!")
        #expect(custom.text(.mismatch) == "No password match")
        #expect(pin.text(.emptyValue) == "Enter a new PIN.", "a context never changes after it is made")
    }

    @Test("Contexts are equal by their members, whatever they rendered")
    func equality() {
        let b = CredentialRuleContext(attribute: "pin", displayName: "PIN")
        #expect(CredentialRuleContext(attribute: "pin", displayName: "PIN") == b)
        #expect(CredentialRuleContext(attribute: "pin", displayName: "Code") != b)
        #expect(CredentialRuleContext(attribute: "pin", displayName: "PIN", strings: ChangeCredentialStrings([.submit: "OK"])) != b)
        #expect(CredentialRuleContext(attribute: "pin", displayName: "PIN", isStrict: true) != b)
    }

    @Test("Passing and failing built-in rules carry the same message as rendering it anew")
    func ruleResults() {
        let context = CredentialRuleContext(attribute: "recovery_code", displayName: "Recovery Code", regex: "x")
        let input = CredentialInput(newValue: "", confirmation: "y", context: context)
        let rules: [any CredentialRule] = [NonEmptyRule(), ConfirmationRule(), SchemaRegexRule(), DenyListRule(["a"])]
        let keys: [ChangeCredentialStrings.Key] = [.emptyValue, .mismatch, .requirementHintFallback, .denied]
        for (rule, key) in zip(rules, keys) {
            #expect(rule.evaluate(input)?.message == ChangeCredentialStrings.english.text(key, credential: "Recovery Code"))
        }
    }

    @Test("Blank values: ASCII whitespace, Unicode White_Space and U+FEFF are blank; anything else is not", arguments: [
        ("", true), (" ", true), ("\t\n\u{0B}\u{0C}\r ", true), ("\u{A0}\u{2028}\u{3000}\u{FEFF}", true), ("\u{85}", true),
        ("\u{1C}", false), (" a ", false), ("\u{200B}", false), ("é", false),
    ])
    func blank(value: String, expected: Bool) {
        #expect(NonEmptyRule.isBlank(value) == expected)
    }

    @Test("Byte equality: same bytes only, no normalization, across native and bridged strings", arguments: [
        ("abc", "abc", true), ("abc", "abd", false), ("", "", true), ("a", "", false),
        ("\u{E9}", "e\u{301}", false), ("🔑x", "🔑x", true),
    ])
    func sameBytes(lhs: String, rhs: String, expected: Bool) {
        #expect(lhs.hasSameBytes(as: rhs) == expected)
        #expect(Substring(lhs).description.hasSameBytes(as: rhs) == expected)
    }
}
