import Foundation
import Testing
@testable import ThunderID

/// Every schema fixture of the emulator decodes, and says what it is meant to say.
@Suite("Schema fixtures")
struct UserSchemaFixtureTests {
    static func fixtureFiles() throws -> [URL] {
        try PackageRoot.files(in: "Tools/emulator/fixtures", withExtension: "json")
    }

    @Test("The fixture folder holds every fixture the tests rely on")
    func fixturesPresent() throws {
        let names = Set(try Self.fixtureFiles().map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.isSuperset(of: ["person", "pin", "regex", "pattern", "i18n", "hint", "nested"]))
    }

    @Test("Every fixture decodes and declares at least one credential")
    func everyFixtureDecodes() throws {
        let files = try Self.fixtureFiles()
        #expect(!files.isEmpty)
        for file in files {
            let schema = try UserSchema.decode(Data(contentsOf: file))
            #expect(!schema.attributeNames.isEmpty, "\(file.lastPathComponent)")
            #expect(schema.attributes.values.contains { $0.isCredential }, "\(file.lastPathComponent)")
            #expect(Set(schema.attributeNames) == Set(schema.attributes.keys), "\(file.lastPathComponent)")
        }
    }

    @Test("person: the default bootstrap user type, password without a regex")
    func person() throws {
        let schema = try Canned.schema("person")
        #expect(schema.attributeNames == ["username", "email", "given_name", "family_name", "mobile_number", "sub", "name",
                                          "picture", "password"])
        #expect(schema["username"] == SchemaAttribute(type: .string, isRequired: true, isUnique: true, displayName: "Username"))
        #expect(schema["given_name"] == SchemaAttribute(type: .string, displayName: "First Name"))
        #expect(schema["password"] == SchemaAttribute(type: .string, isCredential: true, displayName: "Password"))
        #expect(schema.credentialPolicy(for: "password")
                == CredentialPolicy(attribute: "password", isCredential: true, regex: nil, hint: nil, displayName: "Password"))
        #expect(schema.credentialPolicy(for: "email").isCredential == false)
    }

    @Test("pin: a second credential with its own regex")
    func pin() throws {
        let schema = try Canned.schema("pin")
        #expect(schema.credentialPolicy(for: "pin")
                == CredentialPolicy(attribute: "pin", isCredential: true, regex: "^[0-9]{4,8}$", displayName: "PIN"))
    }

    @Test("regex: the password regex is the policy regex")
    func regex() throws {
        let policy = try Canned.schema("regex").credentialPolicy(for: "password")
        #expect(policy.regex == "^[A-Za-z0-9!@#$%^&*()_+=-]{12,64}$")
        #expect(policy.isCredential)
    }

    @Test("pattern: the alias is honoured when regex is absent; no displayName falls back to title case")
    func pattern() throws {
        let schema = try Canned.schema("pattern")
        #expect(schema["password"]?.regex == nil)
        #expect(schema["password"]?.pattern == "^.{10,}$")
        #expect(schema.credentialPolicy(for: "password").regex == "^.{10,}$")
        #expect(schema.credentialPolicy(for: "recovery_code")
                == CredentialPolicy(attribute: "recovery_code", isCredential: true, regex: "^[A-Z0-9]{8}$", displayName: "Recovery Code",
                                   isDisplayNameDeclared: false))
    }

    @Test("i18n: templates resolve through the resolver, and fall back to title case when unresolved")
    func i18n() throws {
        let schema = try Canned.schema("i18n")
        #expect(schema["pin"]?.displayName == "{{t(custom:user.pin)}}")
        #expect(schema["pin"]?.type == .number)
        let resolver = InMemoryDisplayNameResolver(["custom:user.pin": "PIN", "custom:user.password": "Passphrase"])
        #expect(schema.credentialPolicy(for: "pin", resolver: resolver).displayName == "PIN")
        #expect(schema.credentialPolicy(for: "password", resolver: resolver).displayName == "Passphrase")
        #expect(schema.credentialPolicy(for: "backupPin", resolver: resolver).displayName == "Backup Pin")
        #expect(schema.credentialPolicy(for: "pin").displayName == "Pin")
    }

    @Test("hint: description becomes the requirement hint")
    func hint() throws {
        let policy = try Canned.schema("hint").credentialPolicy(for: "password")
        #expect(policy.hint == "At least 12 characters, no spaces.")
        #expect(policy.regex == "^[^\\s]{12,}$")
    }

    @Test("nested: numbers, booleans, enums, objects, arrays and unknown types and keys")
    func nested() throws {
        let schema = try Canned.schema("nested")
        #expect(schema["age"]?.type == .number)
        #expect(schema["isActive"]?.type == .boolean)
        #expect(schema["role"]?.enumValues == [.string("admin"), .string("user"), .string("guest")])
        #expect(schema["level"]?.enumValues == [.number(1), .number(2), .number(3)])
        let address = try #require(schema["address"])
        #expect(address.type == .object)
        #expect(address.isRequired)
        #expect(address.propertyNames == ["street", "city", "zipCode"])
        #expect(address.properties["city"] == SchemaAttribute(type: .string, isRequired: true))
        #expect(address.properties["zipCode"]?.regex == "^\\d{5}(-\\d{4})?$")
        let tags = try #require(schema["tags"])
        #expect(tags.type == .array)
        #expect(tags.items == SchemaAttribute(type: .string, enumValues: [.string("vip"), .string("premium"), .string("standard")]))
        let contacts = try #require(schema["contacts"]?.items)
        #expect(contacts.type == .object)
        #expect(contacts.properties["label"]?.displayName == "Label")
        #expect(contacts.properties["primary"]?.type == .boolean)
        #expect(schema["futureThing"]?.type == .unknown("date"))
        #expect(schema["password"]?.regex?.hasPrefix("^(?=.*[a-z])") == true)
    }
}
