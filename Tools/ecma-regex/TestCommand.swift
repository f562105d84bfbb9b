import ECMARegex
import ECMARegexConformance

/// `ecma-regex test PATTERN [--flags F] [--whole] VALUE...`: compiles once (search mode, or whole-value
/// HTML `pattern` mode with `--whole`), prints one verdict per value.
enum TestCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var flags = ""
        var mode = ECMARegex.MatchMode.search
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--flags" {
                guard index + 1 < arguments.count else {
                    StandardError.write("ecma-regex test: --flags needs a value\n")
                    return 2
                }
                flags = arguments[index + 1]
                index += 2
            } else if argument.hasPrefix("--flags=") {
                flags = String(argument.dropFirst("--flags=".count))
                index += 1
            } else if argument == "--whole" {
                mode = .whole
                index += 1
            } else if argument == "--" {
                positional += arguments[(index + 1)...]
                break
            } else {
                positional.append(argument)
                index += 1
            }
        }
        guard let pattern = positional.first else {
            StandardError.write("usage: ecma-regex test PATTERN [--flags F] [--whole] VALUE...\n")
            return 2
        }
        let regex: ECMARegex
        do throws(ECMARegexError) {
            regex = try ECMARegex(pattern, flags: flags, mode: mode)
        } catch {
            StandardError.write(describe(error, pattern: pattern, flags: flags) + "\n")
            return 1
        }
        var status: Int32 = 0
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
