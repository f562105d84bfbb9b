import Foundation
import JSONCore

/// Walks a parsed `/users/me/meta` body into a ``UserSchema``, naming the exact JSON path of the
/// first problem. Unknown keys are ignored, `null` is absent, an unknown `type` is kept, and a
/// malformed top-level attribute is set aside in ``UserSchema/malformedAttributes``.
package enum UserSchemaDecoder {
    /// Decodes `{"schema": {...}}`.
    static func decodeEnvelope(_ body: Data) throws(ThunderIDError) -> UserSchema {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .decoding(path: "", reason: "the body is not valid JSON: \(error.sentence)")
        }
        guard case .object = root else {
            throw .decoding(path: "", reason: "expected an object, got \(root.kindName)")
        }
        guard let schema = root["schema"] else {
            throw .decoding(path: "schema", reason: "missing")
        }
        guard case .object(let members) = schema else {
            throw .decoding(path: "schema", reason: "expected an object, got \(schema.kindName)")
        }
        var attributes: [(name: String, attribute: SchemaAttribute)] = []
        var malformed: [String: DecodingFailure] = .init()
        for member in members {
            do {
                attributes.append((member.key, try decodeAttribute(member.value, path: join("schema", member.key))))
                malformed[member.key] = nil
            } catch {
                if case .decoding(let failure) = error { malformed[member.key] = failure }
            }
        }
        var decoded = UserSchema(attributes: attributes)
        decoded.malformedAttributes = malformed.filter { decoded.attributes[$0.key] == nil }
        return decoded
    }

    /// Decodes the schema object itself (`{attributeName: definition, ...}`) found at `path`.
    package static func decodeSchema(_ value: JSONCore.JSONValue, path: String) throws(ThunderIDError) -> UserSchema {
        guard case .object(let members) = value else {
            throw .decoding(path: path, reason: "expected an object, got \(value.kindName)")
        }
        var attributes: [(name: String, attribute: SchemaAttribute)] = []
        for member in members {
            attributes.append((member.key, try decodeAttribute(member.value, path: join(path, member.key))))
        }
        return UserSchema(attributes: attributes)
    }

    private static func decodeAttribute(_ value: JSONValue, path: String) throws(ThunderIDError) -> SchemaAttribute {
        guard case .object = value else {
            throw .decoding(path: path, reason: "expected an object, got \(value.kindName)")
        }
        guard let typeValue = value["type"], typeValue != .null else {
            throw .decoding(path: join(path, "type"), reason: "missing")
        }
        guard case .string(let typeName) = typeValue else {
            throw .decoding(path: join(path, "type"), reason: "expected a string, got \(typeValue.kindName)")
        }
        var attribute = SchemaAttribute(type: SchemaAttribute.AttributeType(name: typeName))
        attribute.isRequired = try bool(value, "required", path: path) ?? false
        attribute.isUnique = try bool(value, "unique", path: path) ?? false
        attribute.isCredential = try bool(value, "credential", path: path) ?? false
        // Capped as read (SchemaAttribute+TextLimits.swift): the texts of the flow are built from them.
        attribute.displayName = try string(value, "displayName", path: path)
            .map { SchemaAttribute.capped($0, maximum: SchemaAttribute.maximumDisplayNameLength) }
        attribute.regex = try string(value, "regex", path: path)
        attribute.pattern = try string(value, "pattern", path: path)
        attribute.hint = try string(value, "description", path: path)
            .map { SchemaAttribute.capped($0, maximum: SchemaAttribute.maximumDescriptionLength) }
        attribute.enumValues = try enumValues(value, path: path)
        if let properties = value["properties"], properties != .null {
            let nested = try decodeSchema(properties, path: join(path, "properties"))
            attribute.properties = nested.attributes
            attribute.propertyNames = nested.attributeNames
        }
        if let items = value["items"], items != .null {
            attribute.items = try decodeAttribute(items, path: join(path, "items"))
        }
        return attribute
    }

    private static func bool(_ object: JSONValue, _ key: String, path: String) throws(ThunderIDError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let other?: throw .decoding(path: join(path, key), reason: "expected a boolean, got \(other.kindName)")
        }
    }

    private static func string(_ object: JSONValue, _ key: String, path: String) throws(ThunderIDError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw .decoding(path: join(path, key), reason: "expected a string, got \(other.kindName)")
        }
    }

    private static func enumValues(_ object: JSONValue, path: String) throws(ThunderIDError) -> [SchemaAttribute.EnumValue]? {
        switch object["enum"] {
        case nil, .null?:
            return nil
        case .array(let values)?:
            var result: [SchemaAttribute.EnumValue] = []
            for (offset, value) in values.enumerated() {
                switch value {
                case .string(let text): result.append(.string(text))
                case .number(let number): result.append(.number(number))
                case .null, .bool, .array, .object:
                    throw .decoding(path: "\(join(path, "enum"))[\(offset)]",
                                          reason: "expected a string or a number, got \(value.kindName)")
                }
            }
            return result
        case let other?:
            throw .decoding(path: join(path, "enum"), reason: "expected an array, got \(other.kindName)")
        }
    }

    /// `parent.key`, or `parent["key"]` when the key is not a plain identifier.
    static func join(_ parent: String, _ key: String) -> String {
        // ASCII letters, digits, `_`, `-` and `$`, tested on bytes.
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"): true
            default: false
            }
        }
        if plain { return parent.isEmpty ? key : "\(parent).\(key)" }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\(parent)[\"\(escaped)\"]"
    }
}

extension ThunderIDError {
    /// `.decoding(DecodingFailure(path:reason:))`, shortened for the decoder.
    static func decoding(path: String, reason: String) -> ThunderIDError {
        .decoding(DecodingFailure(path: path, reason: reason))
    }
}
