import ECMARegex
import ECMARegexConformance

/// `ecma-regex test PATTERN [--flags F] [--whole] VALUE...`: compiles once (search mode, or whole-value
/// HTML `pattern` mode with `--whole`), prints one verdict per value. At least one VALUE is needed:
/// without one the usage goes to stderr and the status is 2 (a silent 0 would read as success).
enum TestCommand {
    static let usage = "usage: ecma-regex test PATTERN [--flags F] [--whole] [--] VALUE..."

    static func run(_ arguments: [String]) -> Int32 {
        var status: Int32 = 0
        let reader = ArgumentReader(valueOptions: ["--flags"], switches: ["--whole"], positionalCount: 2...Int.max)
        guard let parsed = ArgumentReader.parse(arguments, with: reader, command: "ecma-regex test", usage: usage,
                                                status: &status) else { return status }
        let flags = parsed.values["--flags"] ?? ""
        let mode: ECMARegex.MatchMode = parsed.switches.contains("--whole") ? .whole : .search
        let positional = parsed.positional
        let pattern = positional[0]
        let regex: ECMARegex
        do throws(ECMARegexError) {
            regex = try ECMARegex(pattern, flags: flags, mode: mode)
        } catch {
            StandardError.write(describe(error, pattern: pattern, flags: flags) + "\n")
            return 1
        }
        for value in positional.dropFirst() {
            do throws(ECMARegexError) {
                print("\(try regex.test(value) ? "match   " : "no match") \(JSONText.quote(value))")
            } catch {
                print("limit    \(JSONText.quote(value)): \(error.message)")
                status = 3
            }
        }
        return status
    }

    /// "syntax error at offset 3 in /a(b/: message", with a caret line under the offending position.
    static func describe(_ error: ECMARegexError, pattern: String, flags: String) -> String {
        var text = "\(error.kind.rawValue) error"
        if let offset = error.offset { text += " at offset \(offset)" }
        text += " in /\(pattern)/\(flags): \(error.message)"
        if let offset = error.offset, offset >= 0, offset <= pattern.utf16.count {
            let prefix = String(decoding: Array(pattern.utf16.prefix(offset)), as: UTF16.self)
            text += "\n    /\(pattern)/\(flags)\n     " + String(repeating: " ", count: prefix.count) + "^"
        }
        return text
    }
}
