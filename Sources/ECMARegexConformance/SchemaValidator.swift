import ECMARegex

/// A JSON Schema validator for exactly the keywords the regex suite files use: `pattern`,
/// `patternProperties`, `additionalProperties`, `type` and `format: regex`. Patterns are compiled
/// with `u`, as JSON Schema recommends and the suite assumes. Any other keyword is an error, so the
/// suite can never pass by ignoring what it does not understand.
public struct SchemaValidator {
    /// Why an instance could not be judged.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The schema uses a keyword this validator does not implement.
        case unknownKeyword(String)
        /// The schema is not shaped as the keyword requires.
        case malformedSchema(String)
        /// The engine threw while compiling or matching `pattern`.
        case engine(pattern: String, error: ECMARegexError)

        /// A one-line explanation for reports.
        public var description: String {
            switch self {
            case .unknownKeyword(let keyword): "unsupported schema keyword \(keyword)"
            case .malformedSchema(let detail): "malformed schema: \(detail)"
            case .engine(let pattern, let error): "/\(pattern)/u: \(error.kind.rawValue) error: \(error.message)"
            }
        }
    }

    /// The flags every schema regex is compiled with.
    public let flags: String
    private var evaluator = RegexEvaluator()

    /// Creates a validator compiling schema regexes with `flags` (default `u`).
    public init(flags: String = "u") { self.flags = flags }

    /// Whether `instance` is valid against `schema`.
    public mutating func validate(_ instance: JSONValue, against schema: JSONValue) throws(Failure) -> Bool {
        switch schema {
        case .bool(let value):
            return value
        case .object(let keywords):
            for (keyword, value) in keywords.sorted(by: { $0.key < $1.key }) {
                if try !check(keyword: keyword, value: value, keywords: keywords, instance: instance) { return false }
            }
            return true
        default:
            throw .malformedSchema("a schema must be an object or a boolean")
        }
    }

    private mutating func check(keyword: String, value: JSONValue, keywords: [String: JSONValue], instance: JSONValue) throws(Failure) -> Bool {
        switch keyword {
        case "$schema", "description", "comment", "$comment":
            return true
        case "type":
            guard case .string(let type) = value else { throw .malformedSchema("type must be a string") }
            return try has(type: type, instance)
        case "pattern":
            guard case .string(let pattern) = value else { throw .malformedSchema("pattern must be a string") }
            guard case .string(let text) = instance else { return true }
            return try matches(pattern, text)
        case "format":
            guard value == .string("regex") else { throw .unknownKeyword("format \(value)") }
            guard case .string(let pattern) = instance else { return true }
            return try compiles(pattern)
        case "patternProperties":
            guard case .object(let rules) = value else { throw .malformedSchema("patternProperties must be an object") }
            guard case .object(let members) = instance else { return true }
            for (name, member) in members {
                for (pattern, subschema) in rules where try matches(pattern, name) {
                    if try !validate(member, against: subschema) { return false }
                }
            }
            return true
        case "additionalProperties":
            guard case .object(let members) = instance else { return true }
            var rules: [String: JSONValue] = [:]
            if case .object(let declared)? = keywords["patternProperties"] { rules = declared }
            if keywords["properties"] != nil { throw .unknownKeyword("properties") }
            for (name, member) in members {
                var covered = false
                for pattern in rules.keys where try matches(pattern, name) { covered = true }
                if !covered, try !validate(member, against: value) { return false }
            }
            return true
        default:
            throw .unknownKeyword(keyword)
        }
    }

    private func has(type: String, _ instance: JSONValue) throws(Failure) -> Bool {
        switch (type, instance) {
        case ("string", .string), ("object", .object), ("array", .array), ("boolean", .bool), ("null", .null), ("number", .number):
            return true
        case ("integer", .number(let value)):
            return value.rounded() == value
        case ("string", _), ("object", _), ("array", _), ("boolean", _), ("null", _), ("number", _), ("integer", _):
            return false
        default:
            throw .malformedSchema("unknown type \(type)")
        }
    }

    private mutating func matches(_ pattern: String, _ text: String) throws(Failure) -> Bool {
        switch evaluator.answer(pattern: pattern, flags: flags, input: text) {
        case .match(let value): return value
        case .error(let error): throw .engine(pattern: pattern, error: error)
        }
    }

    /// `format: regex`: valid when the engine compiles the pattern. An `unsupported` or `limit`
    /// answer is thrown, since it says nothing about validity; the caller decides what it allows.
    private func compiles(_ pattern: String) throws(Failure) -> Bool {
        do throws(ECMARegexError) {
            _ = try ECMARegex(pattern, flags: flags)
            return true
        } catch {
            if error.kind == .syntax { return false }
            throw .engine(pattern: pattern, error: error)
        }
    }
}
