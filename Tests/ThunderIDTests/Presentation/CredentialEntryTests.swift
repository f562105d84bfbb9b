@testable import ThunderID
import Testing
import ThunderIDTesting

@Suite("Credential entry: keyboard and AutoFill per credential")
struct CredentialEntryTests {
    @Test("Patterns anchored at both ends and built only from digits are digit-only",
          arguments: ["^[0-9]{4,8}$", "^\\d{6}$", "^\\d+$", "^[0-9]*$", "^(?:\\d{4}|\\d{6})$", "^[0-3][0-9]$",
                      "^([\\d]{2}){2}$", "^\\d{4,}?$", "^1234$"])
    func digitOnly(pattern: String) {
        #expect(DigitsOnlyPattern.acceptsOnlyDigits(pattern))
        #expect(CredentialEntry.forCredential(attribute: "pin", isNumeric: false, regex: pattern) == .digits)
    }

    @Test("Anything that may accept a non-digit, or is not understood, is not digit-only",
          arguments: ["[0-9]{4}", "^[0-9]{4}", "[0-9]{4}$", "^[A-Z0-9]{8}$", "^\\w{6}$", "^[^a-z]{4}$", "^(?=.*\\d)\\d{4}$",
                      "^\\d{4}|abcd$", "^$", "^.{4}$", "^[0-9", "^\\d{4$", "^\\D{4}$", "^[9-0]$", "^(\\d$", "^\\$"])
    func notDigitOnly(pattern: String) {
        #expect(!DigitsOnlyPattern.acceptsOnlyDigits(pattern))
    }

    @Test("A password gets the new-password content type; a digit-only credential a number pad and no suggestion")
    func decisions() {
        #expect(CredentialEntry.forCredential(attribute: "password", isNumeric: false, regex: nil) == .password)
        #expect(CredentialEntry.password.suggestsStrongPassword)
        let rules = CredentialEntry.forCredential(attribute: "password", isNumeric: false, regex: "^(?=.*[A-Z]).{8,}$")
        #expect(rules.autoFill == .newPassword && rules.suggestsStrongPassword)
        #expect(rules.passwordRules?.rules == PasswordRulesDescriptor(regex: "^(?=.*[A-Z]).{8,}$")?.rules)
        // No rules can say "a capital first"; the default suggestion may break it, so nothing is generated.
        let refused = CredentialEntry.forCredential(attribute: "password", isNumeric: false, regex: "^[A-Z][a-z0-9]{7,}$")
        #expect(refused == CredentialEntry(keyboard: .standard, autoFill: .existingPassword))
        #expect(!refused.suggestsStrongPassword && refused.passwordRules == nil)
        #expect(CredentialEntry(keyboard: .standard, autoFill: .none, passwordRules: rules.passwordRules).passwordRules == nil)
        // A password whose own rule is digits only must not be offered a generated strong password.
        #expect(CredentialEntry.forCredential(attribute: "password", isNumeric: false, regex: "^[0-9]{6}$") == .digits)
        #expect(CredentialEntry.forCredential(attribute: "pin", isNumeric: true, regex: nil) == .digits)
        #expect(CredentialEntry.digits == CredentialEntry(keyboard: .numberPad, autoFill: .none))
        #expect(!CredentialEntry.digits.suggestsStrongPassword)
        #expect(CredentialEntry.forCredential(attribute: "recovery_code", isNumeric: false, regex: "^[A-Z0-9]{8}$") == .otherSecret)
        #expect(!CredentialEntry.otherSecret.suggestsStrongPassword)
    }

    @Test("The schema's type number reaches the policy and the state's entry")
    func schemaTypeNumber() {
        let schema = UserSchema(attributes: [(name: "pin", attribute: SchemaAttribute(type: .number, isCredential: true)),
                                             (name: "password", attribute: SchemaAttribute(type: .string, isCredential: true))])
        #expect(schema.credentialPolicy(for: "pin").isNumeric)
        #expect(!schema.credentialPolicy(for: "password").isNumeric)
    }

    @MainActor
    @Test("The state's entry follows the schema regex once it arrives, and the override when one is given")
    func stateEntry() async {
        let pin = ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: .credential("pin", regex: "^[0-9]{4,8}$")),
                                        updater: ScriptedCredentialUpdater(), configuration: .init())
        #expect(pin.entry == .otherSecret, "before the schema is known nothing says digits")
        pin.open()
        await pin.settle()
        #expect(pin.entry == .digits)

        let password = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                             updater: ScriptedCredentialUpdater(), configuration: .init())
        password.open()
        await password.settle()
        #expect(password.entry == .password)

        let overridden = ChangeCredentialState(attribute: "code", policyRegex: "^\\d{6}$",
                                               schemaProvider: InMemorySchemaProvider(policy: .credential("code")),
                                               updater: ScriptedCredentialUpdater(), configuration: .init())
        #expect(overridden.entry == .digits)
    }
}
