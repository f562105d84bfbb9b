import Foundation
import ECMARegex

/// The `ecma-regex --jsonl` protocol: one request line in, exactly one answer line out.
///
/// Request: `{"pattern": P, "flags": F, "input": S}` (`flags` may be absent and means `""`; an optional
/// `"mode": "search" | "whole"` selects HTML `pattern` whole-value matching; other keys are ignored,
/// so corpus lines can be piped in as they are).
/// Answer: `{"match":true,"backend":B}`, `{"match":false,"backend":B}` (B the backend that answered,
/// `pcre2` or `portable`; a reader may ignore it) or
/// `{"error":{"kind":K,"message":M,"offset":N}}` with K one of `syntax`, `unsupported`, `limit`,
/// `input`, and `offset` present only where the engine reports one. A line that is not such a
/// request gets an `input` error. Keep this format stable: other tools depend on it.
public struct JSONLinesProtocol {
    private struct Request: Decodable {
        var pattern: String
        var flags: String?
        var input: String
        var mode: String?
    }

    private struct Key: Hashable {
        var pattern: String
        var flags: String
        var mode: ECMARegex.MatchMode

        // By scalars, not String equality: `^\u{1FD3}$` and `^\u{390}$` are canonically equivalent
        // strings but different regexes.
        static func == (left: Key, right: Key) -> Bool {
            left.mode == right.mode && left.flags == right.flags
                && left.pattern.unicodeScalars.elementsEqual(right.pattern.unicodeScalars)
        }

        func hash(into hasher: inout Hasher) {
            for scalar in pattern.unicodeScalars { hasher.combine(scalar.value) }
            hasher.combine(flags)
            hasher.combine(mode)
        }
    }

    /// How many compiled patterns are kept before the cache is cleared.
    public let cacheLimit: Int
    private var cache: [Key: Result<ECMARegex, ECMARegexError>] = [:]
    private let decoder = JSONDecoder()

    /// Creates a protocol handler keeping up to `cacheLimit` compiled patterns.
    public init(cacheLimit: Int = 4096) { self.cacheLimit = cacheLimit }

    /// The answer line (without newline) for one request line.
    public mutating func answer(_ line: String) -> String {
        guard let request = try? decoder.decode(Request.self, from: Data(line.utf8)) else {
            return Self.errorLine(kind: "input", message: "expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\")", offset: nil)
        }
        let mode: ECMARegex.MatchMode
        switch request.mode {
        case nil, "search": mode = .search
        case "whole": mode = .whole
        default: return Self.errorLine(kind: "input", message: "mode must be \"search\" or \"whole\"", offset: nil)
        }
        let key = Key(pattern: request.pattern, flags: request.flags ?? "", mode: mode)
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
                let matched = try regex.test(request.input)
                return "{\"match\":\(matched),\"backend\":" + JSONText.quote(regex.backend.rawValue) + "}"
            } catch {
                return Self.errorLine(kind: error.kind.rawValue, message: error.message, offset: error.offset)
            }
        }
    }

    static func errorLine(kind: String, message: String, offset: Int?) -> String {
        var body = "{\"kind\":" + JSONText.quote(kind) + ",\"message\":" + JSONText.quote(message)
        if let offset { body += ",\"offset\":\(offset)" }
        return "{\"error\":" + body + "}}"
    }
}
