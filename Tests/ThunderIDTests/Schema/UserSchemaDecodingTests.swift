import Foundation
import Testing
@testable import ThunderID

/// Malformed `/users/me/meta` bodies fail with the exact JSON path; tolerated variations pass.
@Suite("Schema decoding")
struct UserSchemaDecodingTests {
    /// A body and the failure it must give.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var body: String
        var path: String
        var reason: String
        var testDescription: String { path.isEmpty ? "(body) \(reason)" : "\(path): \(reason)" }
    }

    static let malformed: [Malformed] = [
        Malformed(body: #"{"schema": {"password": {"type": "string", "credential": "true"}}}"#,
                  path: "schema.password.credential", reason: "expected a boolean, got a string"),
        Malformed(body: #"{"schema": {"password": {"type": "string", "credential": 1}}}"#,
                  path: "schema.password.credential", reason: "expected a boolean, got a number"),
        Malformed(body: #"{"schema": {"email": {"type": "string", "required": "yes"}}}"#,
                  path: "schema.email.required", reason: "expected a boolean, got a string"),
        Malformed(body: #"{"schema": {"email": {"type": "string", "unique": null, "regex": 5}}}"#,
                  path: "schema.email.regex", reason: "expected a string, got a number"),
        Malformed(body: #"{"schema": {"password": {"type": "string", "pattern": ["a"]}}}"#,
                  path: "schema.password.pattern", reason: "expected a string, got an array"),
        Malformed(body: #"{"schema": {"pin": {"type": "string", "displayName": {"en": "PIN"}}}}"#,
                  path: "schema.pin.displayName", reason: "expected a string, got an object"),
        Malformed(body: #"{"schema": {"pin": {"type": "string", "description": false}}}"#,
                  path: "schema.pin.description", reason: "expected a string, got a boolean"),
        Malformed(body: #"{"schema": {"pin": {"required": true}}}"#,
                  path: "schema.pin.type", reason: "missing"),
        Malformed(body: #"{"schema": {"pin": {"type": 7}}}"#,
                  path: "schema.pin.type", reason: "expected a string, got a number"),
        Malformed(body: #"{"schema": {"pin": "string"}}"#,
                  path: "schema.pin", reason: "expected an object, got a string"),
        Malformed(body: #"{"schema": {"role": {"type": "string", "enum": ["a", true]}}}"#,
                  path: "schema.role.enum[1]", reason: "expected a string or a number, got a boolean"),
        Malformed(body: #"{"schema": {"role": {"type": "string", "enum": "a"}}}"#,
                  path: "schema.role.enum", reason: "expected an array, got a string"),
        Malformed(body: #"{"schema": {"address": {"type": "object", "properties": {"city": {"type": "string", "required": "no"}}}}}"#,
                  path: "schema.address.properties.city.required", reason: "expected a boolean, got a string"),
        Malformed(body: #"{"schema": {"address": {"type": "object", "properties": []}}}"#,
                  path: "schema.address.properties", reason: "expected an object, got an array"),
        Malformed(body: #"{"schema": {"tags": {"type": "array", "items": {"type": "string", "enum": [null]}}}}"#,
                  path: "schema.tags.items.enum[0]", reason: "expected a string or a number, got null"),
        Malformed(body: #"{"schema": {"tags": {"type": "array", "items": "string"}}}"#,
                  path: "schema.tags.items", reason: "expected an object, got a string"),
        Malformed(body: #"{"schema": {"first.name": {"type": "string", "required": 0}}}"#,
                  path: #"schema["first.name"].required"#, reason: "expected a boolean, got a number"),
        Malformed(body: #"{"schema": []}"#, path: "schema", reason: "expected an object, got an array"),
        Malformed(body: #"{"schema": null}"#, path: "schema", reason: "expected an object, got null"),
        Malformed(body: #"{"attributes": {}}"#, path: "schema", reason: "missing"),
        Malformed(body: #"[{"schema": {}}]"#, path: "", reason: "expected an object, got an array"),
        Malformed(body: "", path: "", reason: "the body is not valid JSON: unexpected end of input at byte 0"),
        Malformed(body: #"{"schema": {"password": {"type": "string",}}}"#, path: "",
                  reason: "the body is not valid JSON: expected a string key at byte 42"),
        Malformed(body: "<html></html>", path: "", reason: "the body is not valid JSON: unexpected character '<' at byte 0"),
    ]

    @Test("Malformed bodies give .decoding with the exact path and reason; a malformed attribute is set aside, and asking for it throws",
          arguments: malformed)
    func malformedBody(_ row: Malformed) throws {
        let failure = DecodingFailure(path: row.path, reason: row.reason)
        let root = try? JSONParser.parse(Data(row.body.utf8))
        if case .object(let members)? = root?["schema"], let attribute = members.first?.key {
            // One top-level attribute is broken: the body still decodes, without it.
            let schema = try UserSchema.decode(Data(row.body.utf8))
            #expect(schema[attribute] == nil && schema.malformedAttributes == [attribute: failure])
            #expect(throws: ThunderIDError.decoding(failure)) { try schema.requireCredentialPolicy(for: attribute) }
        } else {
            #expect(throws: ThunderIDError.decoding(failure)) { try UserSchema.decode(Data(row.body.utf8)) }
        }
    }

    @Test("A malformed attribute other than the managed one does not take the managed one down")
    func otherAttributeMalformed() throws {
        let body = #"{"schema": {"email": {"type": "string", "required": "yes"}, "nickname": 7, "#
            + #""pin": {"type": "string", "credential": true, "displayName": "PIN", "regex": "^\\d{4}$"}}}"#
        let schema = try UserSchema.decode(Data(body.utf8))
        let pin = try schema.requireCredentialPolicy(for: "pin")
        #expect(pin.isCredential && pin.regex == #"^\d{4}$"# && pin.displayName == "PIN")
        #expect(Set(schema.malformedAttributes.keys) == ["email", "nickname"])
        #expect(schema.attributeNames == ["pin"])
        #expect(throws: ThunderIDError.decoding(DecodingFailure(path: "schema.email.required", reason: "expected a boolean, got a string"))) {
            try schema.requireCredentialPolicy(for: "email")
        }
    }

    @Test("The description of a decoding error reads as a sentence with the path")
    func decodingDescription() {
        let error = ThunderIDError.decoding(DecodingFailure(path: "schema.password.credential", reason: "expected a boolean, got a string"))
        #expect(error.description
                == "ThunderID's answer does not match the contract: schema.password.credential: expected a boolean, got a string.")
    }

    @Test("Unknown keys, null optionals, an unknown type and an empty schema are tolerated")
    func tolerated() throws {
        let schema = try UserSchema.decode(Data(#"""
            {"schema": {"password": {"type": "string", "credential": true, "x-vendor": {"a": [1, 2]}, "mutability": "WRITE_ONLY",
                                     "displayName": null, "regex": null, "required": null},
                        "when": {"type": "datetime"}},
             "id": "ignored", "extra": true}
            """#.utf8))
        #expect(schema["password"] == SchemaAttribute(type: .string, isCredential: true))
        #expect(schema["when"]?.type == .unknown("datetime"))
        #expect(try UserSchema.decode(Data(#"{"schema": {}}"#.utf8)).attributeNames.isEmpty)
    }

    @Test("regex wins over pattern when both are present (the server rejects that, we stay tolerant)")
    func regexBeatsPattern() throws {
        let schema = try UserSchema.decode(Data(#"{"schema": {"password": {"type": "string", "credential": true, "regex": "^a$", "pattern": "^b$"}}}"#.utf8))
        #expect(schema.credentialPolicy(for: "password").regex == "^a$")
    }

    @Test("A repeated attribute keeps its last definition and its first position")
    func duplicateKeys() throws {
        let schema = try UserSchema.decode(Data(#"{"schema": {"pin": {"type": "string"}, "a": {"type": "string"}, "pin": {"type": "string", "credential": true}}}"#.utf8))
        #expect(schema["pin"]?.isCredential == true)
        #expect(schema.attributeNames.count == 2)
    }

    @Test("An attribute missing from the schema is not a credential and gets a title-cased name")
    func missingAttribute() throws {
        let schema = try Canned.schema("person")
        #expect(schema.credentialPolicy(for: "backupPin")
                == CredentialPolicy(attribute: "backupPin", isCredential: false, regex: nil, hint: nil, displayName: "Backup Pin",
                                   isDisplayNameDeclared: false))
    }

    @Test("Attribute order follows the document")
    func order() throws {
        let schema = try UserSchema.decode(Data(#"{"schema": {"z": {"type": "string"}, "a": {"type": "number"}, "m": {"type": "boolean"}}}"#.utf8))
        #expect(schema.attributeNames == ["z", "a", "m"])
    }

    @Test("A 1 MB body of 40,000 attributes decodes every attribute, in document order")
    func manyAttributes() throws {
        let count = 40_000
        let text = #"{"schema": {"# + (0..<count).map { #""attribute\#($0)": {"type": "string"}"# }.joined(separator: ",") + "}}"
        #expect(text.utf8.count > 1_000_000)
        let schema = try UserSchema.decode(Data(text.utf8))
        #expect(schema.attributeNames == (0..<count).map { "attribute\($0)" })
    }
}
