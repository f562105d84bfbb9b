import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

/// The schema's `displayName` and `description` are cut at 256 and 1,024 characters, at a character
/// boundary, so every message text is prepared from a bounded name whatever the body holds (the body
/// cap alone allows 8 MiB). The numbers are written out rather than read from the constants, so a
/// changed cap fails here.
@Suite("The schema's texts are bounded")
struct SchemaTextLimitsTests {
    static func body(displayName: String, description: String = "One digit.") -> Data {
        let object: [String: Any] = ["schema": ["password": [
            "type": "string", "credential": true, "regex": "[0-9]", "displayName": displayName, "description": description,
        ]]]
        return try! JSONSerialization.data(withJSONObject: object)
    }

    @Test("A 5 MiB displayName decodes to 256 characters ending in …")
    func hugeDisplayName() throws {
        let schema = try UserSchema.decode(Self.body(displayName: String(repeating: "Pass", count: 5 << 18)))
        let name = schema.credentialPolicy(for: "password").displayName
        #expect(name.count == 256)
        #expect(name.hasSuffix("…") && name.hasPrefix("PassPass"))
    }

    @Test("A long description decodes to 1,024 characters ending in …; short texts stay as they are")
    func description() throws {
        let schema = try UserSchema.decode(Self.body(displayName: "PIN", description: String(repeating: "d", count: 100_000)))
        let policy = schema.credentialPolicy(for: "password")
        #expect(policy.hint?.count == 1_024 && policy.hint?.hasSuffix("…") == true)
        #expect(policy.displayName == "PIN")
        let exact = String(repeating: "é", count: 256)
        #expect(try UserSchema.decode(Self.body(displayName: exact)).credentialPolicy(for: "password").displayName == exact)
    }

    @Test("The cut falls on a character boundary, whatever the characters", arguments: [
        "👨‍👩‍👧‍👦", "🇫🇷", "e\u{301}\u{302}", "각", "👍🏽",
    ])
    func graphemeBoundary(character: String) throws {
        let name = String(repeating: character, count: 300)
        let cut = try UserSchema.decode(Self.body(displayName: name)).credentialPolicy(for: "password").displayName
        #expect(cut.count == 256)
        #expect(cut.dropLast().allSatisfy { String($0) == character })
    }

    @Test("One character of 100,000 combining marks is dropped whole, after bounded work")
    func combiningStorm() throws {
        let name = "ab" + String(repeating: "\u{301}", count: 100_000) + "cd"
        let cut = try UserSchema.decode(Self.body(displayName: name)).credentialPolicy(for: "password").displayName
        #expect(cut.count <= 256 && cut.unicodeScalars.count <= 16 * 256)
        #expect(cut.hasPrefix("a"))
    }

    @MainActor
    @Test("The state shows at most 256 characters of any display name, from any source")
    func state() async {
        let huge = String(repeating: "Pass", count: 5 << 18)
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential(displayName: huge, regex: "[0-9]",
                                                                       hint: String(repeating: "h", count: 1 << 20))),
            updater: ScriptedCredentialUpdater())
        state.open()
        await state.settle()
        #expect(state.phase == .editing)
        #expect(state.credentialDisplayName.count == 256)
        #expect(state.title.count < 300 && state.newValueLabel.count < 300)
        #expect(state.requirementHint?.count == 1_024)
        let overridden = ChangeCredentialState(credentialDisplayName: huge, schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                               updater: ScriptedCredentialUpdater())
        #expect(overridden.credentialDisplayName.count == 256)
    }
}
