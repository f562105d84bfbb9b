import Foundation
import ECMARegex

/// `ecma-regex --jsonl`: one request per stdin line, one answer per stdout line, in order.
///
/// Request: `{"pattern": P, "flags": F, "input": S}` (`flags` may be absent; other keys are ignored).
/// Answer: `{"match":true}`, `{"match":false}` or
/// `{"error":{"kind":"syntax"|"unsupported"|"limit"|"input","message":M,"offset":N}}` (`offset` only
/// where the engine gives one). A line that is not such an object gets an `input` error and the run
/// goes on. Each answer is flushed as soon as it is written, so the tool can be driven interactively.
enum JSONLinesCommand {
    struct Request: Decodable {
        var pattern: String
        var flags: String?
        var input: String
    }

    static func run() -> Int32 {
        let decoder = JSONDecoder()
        var cache: [String: Result<ECMARegex, ECMARegexError>] = [:]
        while let line = readLine(strippingNewline: true) {
            let answer: String
            if let request = try? decoder.decode(Request.self, from: Data(line.utf8)) {
                answer = respond(to: request, cache: &cache)
            } else {
                answer = errorLine(kind: "input", message: "expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\")", offset: nil)
            }
            // Unbuffered: the answer reaches the reader before the next request is read.
            FileHandle.standardOutput.write(Data((answer + "\n").utf8))
        }
        return 0
    }

    static func respond(to request: Request, cache: inout [String: Result<ECMARegex, ECMARegexError>]) -> String {
        let flags = request.flags ?? ""
        let key = flags + "/" + request.pattern
        let compiled: Result<ECMARegex, ECMARegexError>
        if let hit = cache[key] {
            compiled = hit
        } else {
            do throws(ECMARegexError) {
                compiled = .success(try ECMARegex(request.pattern, flags: flags))
            } catch {
                compiled = .failure(error)
            }
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[key] = compiled
        }
        switch compiled {
        case .failure(let error):
            return errorLine(error)
        case .success(let regex):
            do throws(ECMARegexError) {
                return try regex.test(request.input) ? "{\"match\":true}" : "{\"match\":false}"
            } catch {
                return errorLine(error)
            }
        }
    }

    static func errorLine(_ error: ECMARegexError) -> String {
        errorLine(kind: error.kind.rawValue, message: error.message, offset: error.offset)
    }

    static func errorLine(kind: String, message: String, offset: Int?) -> String {
        var body = "{\"kind\":" + JSONText.quote(kind) + ",\"message\":" + JSONText.quote(message)
        if let offset { body += ",\"offset\":\(offset)" }
        return "{\"error\":" + body + "}}"
    }
}
