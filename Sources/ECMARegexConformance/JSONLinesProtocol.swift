import Foundation
import ECMARegex
import JSONCore

/// The `ecma-regex --jsonl` protocol: one request line in, exactly one answer line out.
///
/// Request: `{"pattern": P, "flags": F, "input": S}` (`flags` may be absent and means `""`; an optional
/// `"mode": "search" | "whole"` selects HTML `pattern` whole-value matching; other keys are ignored,
/// so corpus lines can be piped in as they are).
/// Answer: `{"match":true,"backend":B}`, `{"match":false,"backend":B}` (B the backend that answered,
/// `pcre2` or `portable`; a reader may ignore it) or
/// `{"error":{"kind":K,"message":M,"offset":N}}` with K one of `syntax`, `unsupported`, `limit`,
/// `input`, and `offset` present only where the engine reports one. A line that is not such a
/// request (or not UTF-8) gets an `input` error. Strings are read as `JSON.parse` reads them (UTF-16
/// code units; a repeated key keeps its last value). Patterns over the engine's length or nesting cap
/// answer `limit` (V8's kind there depends on the pattern; see the README's limits table). Keep this
/// format stable: other tools depend on it.
public struct JSONLinesProtocol {


    /// How many compiled patterns are kept before the cache is cleared.
    public let cacheLimit: Int
    private var cache: [CompiledRegexKey: Result<ECMARegex, ECMARegexError>] = [:]

    /// Creates a protocol handler keeping up to `cacheLimit` compiled patterns.
    public init(cacheLimit: Int = 4096) { self.cacheLimit = cacheLimit }

    /// The longest request line read (8 MiB, the JSON reader's document cap). A reader of a stream
    /// stops keeping a line's bytes past it and answers ``oversizedLineAnswer`` for the line.
    public static let maximumLineBytes = JSONParser.maximumBytes

    /// The answer to a line longer than ``maximumLineBytes``: the `input` error ``answer(bytes:)``
    /// gives such a line.
    public static var oversizedLineAnswer: String {
        errorLine(kind: "input", message: "expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\"): "
                  + JSONParser.Failure(offset: JSONParser.maximumBytes,
                                       reason: "the document is larger than \(JSONParser.maximumBytes) bytes").sentence,
                  offset: nil)
    }

    /// The answer line (without newline) for one request line.
    public mutating func answer(_ line: String) -> String {
        answer(bytes: Array(line.utf8))
    }

    /// The answer line (without newline) for one request line as raw bytes. The line is read as
    /// `JSON.parse` reads it: a repeated key keeps its last value, `\ud800` in a string is a lone
    /// surrogate (the input then gets JavaScript's verdict, matched on UTF-16 code units), and bytes
    /// that are not UTF-8 are an `input` error, never repaired.
    public mutating func answer(bytes: [UInt8]) -> String {
        let members: [String: [UInt16]?]
        do throws(JSONParser.Failure) {
            members = try JSONParser.codeUnitMembers(bytes)
        } catch {
            return Self.errorLine(kind: "input", message: "expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\"): \(error.sentence)", offset: nil)
        }
        guard case .some(.some(let patternUnits)) = members["pattern"],
              case .some(.some(let inputUnits)) = members["input"] else {
            return Self.errorLine(kind: "input", message: "expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\")", offset: nil)
        }
        var flags = ""
        switch members["flags"] {
        case nil: break
        case .some(.some(let units)): flags = String(decoding: units, as: UTF16.self)
        case .some(nil): return Self.errorLine(kind: "input", message: "flags must be a string", offset: nil)
        }
        let mode: ECMARegex.MatchMode
        switch members["mode"].map({ $0.map { String(decoding: $0, as: UTF16.self) } }) {
        case nil, .some(.some("search")): mode = .search
        case .some(.some("whole")): mode = .whole
        default: return Self.errorLine(kind: "input", message: "mode must be \"search\" or \"whole\"", offset: nil)
        }
        guard let pattern = Self.text(patternUnits) else {
            return Self.errorLine(kind: "unsupported", message: "the pattern holds a lone surrogate; the engine reads patterns as Unicode text", offset: nil)
        }
        let key = CompiledRegexKey(pattern: pattern, flags: flags, mode: mode)
        let compiled: Result<ECMARegex, ECMARegexError>
        if let hit = cache[key] {
            compiled = hit
        } else {
            do throws(ECMARegexError) {
                compiled = .success(try ECMARegex(key.pattern, flags: key.flags, mode: key.mode))
            } catch {
                compiled = .failure(error)
            }
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = compiled
        }
        switch compiled {
        case .failure(let error):
            return Self.errorLine(kind: error.kind.rawValue, message: error.message, offset: error.offset)
        case .success(let regex):
            do throws(ECMARegexError) {
                let matched = try regex.test(utf16: inputUnits)
                return "{\"match\":\(matched),\"backend\":" + JSONText.quote(regex.backend(forUTF16: inputUnits).rawValue) + "}"
            } catch {
                return Self.errorLine(kind: error.kind.rawValue, message: error.message, offset: error.offset)
            }
        }
    }

    /// `units` as text, or nil when they hold a lone surrogate.
    static func text(_ units: [UInt16]) -> String? {
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }

    static func errorLine(kind: String, message: String, offset: Int?) -> String {
        var body = "{\"kind\":" + JSONText.quote(kind) + ",\"message\":" + JSONText.quote(message)
        if let offset { body += ",\"offset\":\(offset)" }
        return "{\"error\":" + body + "}}"
    }
}
