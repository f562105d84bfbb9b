import ECMARegex

/// `ecma-regex translate PATTERN [--flags F] [--whole]`: prints the backend that answers the pattern
/// (`backend: pcre2` or `backend: portable`) and, when PCRE2 can match it exactly, the canonical PCRE2
/// source (otherwise why PCRE2 refuses it).
enum TranslateCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var flags = ""
        var whole = false
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--flags" where index + 1 < arguments.count:
                flags = arguments[index + 1]
                index += 2
            case "--whole":
                whole = true
                index += 1
            default:
                positional.append(arguments[index])
                index += 1
            }
        }
        guard positional.count == 1, let pattern = positional.first else {
            StandardError.write("usage: ecma-regex translate PATTERN [--flags F] [--whole]\n")
            return 2
        }
        let mode: ECMARegex.MatchMode = whole ? .whole : .search
        do throws(ECMARegexError) {
            let regex = try ECMARegex(pattern, flags: flags, mode: mode)
            print("backend: \(regex.backend.rawValue)")
            do throws(ECMARegexError) {
                print(try ECMARegex.translate(pattern, flags: flags, mode: mode))
            } catch {
                print("no exact PCRE2 translation (\(error.kind.rawValue)): \(error.message)")
            }
            return 0
        } catch {
            StandardError.write(TestCommand.describe(error, pattern: pattern, flags: flags) + "\n")
            return 1
        }
    }
}
