import Foundation
import ThunderID
import ECMARegexConformance
import JSONCore

/// The hand-written parser's value (ECMARegexConformance has a `JSONValue` too).
typealias Tree = JSONCore.JSONValue

// The Foundation contenders: what the package's JSON readers would be if they used JSONSerialization or
// JSONDecoder with Codable. Each produces the same values as the hand-written path it is measured
// against (key order aside: Foundation's objects are unordered).

/// JSONSerialization's tree as the package's `JSONValue` (booleans told apart from numbers by their
/// boxed type, the one way JSONSerialization's `NSNumber`s keep the difference).
func jsonValue(fromFoundation object: Any) -> Tree? {
    switch object {
    case is NSNull: return .null
    case let text as String: return .string(text)
    case let number as NSNumber:
        if type(of: number) == booleanNumberType { return .bool(number.boolValue) }
        return .number(number.doubleValue)
    case let array as [Any]:
        var values: [Tree] = []
        values.reserveCapacity(array.count)
        for item in array {
            guard let value = jsonValue(fromFoundation: item) else { return nil }
            values.append(value)
        }
        return .array(values)
    case let dictionary as [String: Any]:
        var members: [(key: String, value: Tree)] = []
        members.reserveCapacity(dictionary.count)
        for (key, item) in dictionary {
            guard let value = jsonValue(fromFoundation: item) else { return nil }
            members.append((key, value))
        }
        return .object(members)
    default: return nil
    }
}

let booleanNumberType: AnyClass = type(of: NSNumber(value: true))

/// `/users/me/meta` through JSONSerialization, then the package's own path-naming walk.
func decodeSchemaWithSerialization(_ body: Data) throws -> UserSchema {
    let object = try JSONSerialization.jsonObject(with: body)
    guard let root = jsonValue(fromFoundation: object), let schema = root["schema"] else { throw BenchFailure.malformed }
    return try UserSchemaDecoder.decodeSchema(schema, path: "schema")
}

/// `/users/me/meta` as a Codable model read by JSONDecoder (DecodingError's coding path instead of ours).
struct CodableMeta: Decodable {
    var schema: [String: CodableAttribute]

    var userSchema: UserSchema {
        UserSchema(attributes: schema.map { ($0.key, $0.value.attribute) })
    }
}

struct CodableAttribute: Decodable {
    enum CodingKeys: String, CodingKey {
        case type, required, unique, credential, displayName, regex, pattern, description, properties, items
        case enumValues = "enum"
    }

    enum EnumValue: Decodable {
        case string(String), number(Double)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    final class Box: Decodable {
        let attribute: CodableAttribute
        init(from decoder: any Decoder) throws { attribute = try CodableAttribute(from: decoder) }
    }

    var type: String
    var required: Bool?
    var unique: Bool?
    var credential: Bool?
    var displayName: String?
    var regex: String?
    var pattern: String?
    var description: String?
    var enumValues: [EnumValue]?
    var properties: [String: CodableAttribute]?
    var items: Box?

    var attribute: SchemaAttribute {
        SchemaAttribute(
            type: SchemaAttribute.AttributeType(name: type), isRequired: required ?? false, isUnique: unique ?? false,
            isCredential: credential ?? false, displayName: displayName,
            enumValues: enumValues?.map { value in
                switch value {
                case .string(let text): .string(text)
                case .number(let number): .number(number)
                }
            },
            regex: regex, pattern: pattern, hint: description,
            properties: (properties ?? [:]).map { ($0.key, $0.value.attribute) }, items: items?.attribute.attribute)
    }
}

/// One `--jsonl` request as JSONDecoder reads it (no lone surrogates: Foundation refuses them).
struct CodableRequest: Decodable {
    var pattern: String
    var flags: String?
    var input: String
    var mode: String?
}

enum BenchFailure: Error { case malformed }

/// A corpus line from the package's `Tree` (the hand-written parser's tree).
func corpusCase(_ value: Tree) throws -> CorpusCase {
    guard case .string(let pattern)? = value["pattern"], case .string(let flags)? = value["flags"],
          case .string(let input)? = value["input"], case .string(let category)? = value["category"],
          case .string(let row)? = value["row"], let expect = expectation(value["expect"]) else { throw BenchFailure.malformed }
    var known: String?
    if case .string(let text)? = value["known"] { known = text }
    var mode: String?
    if case .string(let text)? = value["mode"] { mode = text }
    return CorpusCase(pattern: pattern, flags: flags, input: input, expect: expect, category: category, row: row, known: known, mode: mode)
}

func expectation(_ value: Tree?) -> CorpusCase.Expectation? {
    switch value {
    case .bool(let flag)?: .match(flag)
    case .string("syntax")?: .syntax
    default: nil
    }
}

/// A test262 line from the package's `Tree`.
func test262Line(_ value: Tree) throws -> Test262Line {
    guard case .string(let flags)? = value["flags"], case .string(let category)? = value["category"],
          case .string(let kind)? = value["kind"], case .string(let test)? = value["test"],
          let expect = expectation(value["expect"]) else { throw BenchFailure.malformed }
    var line = Test262Line(pattern: "", flags: flags, input: "", expect: expect, category: category, kind: kind, test: test)
    line.pattern = nil
    line.input = nil
    if case .string(let text)? = value["pattern"] { line.pattern = text }
    if case .string(let text)? = value["input"] { line.input = text }
    if case .array(let items)? = value["patterns"] {
        line.patterns = try items.map { item in
            guard case .string(let text) = item else { throw BenchFailure.malformed }
            return text
        }
    }
    line.inputCodePoints = try ranges(value["inputCodePoints"])
    line.ranges = try ranges(value["ranges"])
    return line
}

func ranges(_ value: Tree?) throws -> [[UInt32]]? {
    guard case .array(let items)? = value else { return nil }
    return try items.map { item in
        guard case .array(let bounds) = item else { throw BenchFailure.malformed }
        return try bounds.map { bound in
            guard case .number(let number) = bound, let exact = UInt32(exactly: number) else { throw BenchFailure.malformed }
            return exact
        }
    }
}

/// The non-empty lines of every `*.jsonl` file in `directory` (or of the named files), in name order.
func jsonLines(in directory: URL, names: [String]? = nil) throws -> [Data] {
    let files = try names ?? FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jsonl") }.sorted()
    var lines: [Data] = []
    for name in files {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty { lines.append(Data(line)) }
    }
    return lines
}
