import ECMARegex

/// `ecma-regex translate PATTERN [--flags F] [--whole]`: prints the backend that answers the pattern
/// (`backend: pcre2` or `backend: portable`) and, when PCRE2 can match it exactly, the canonical PCRE2
/// source (otherwise why PCRE2 refuses it).
enum TranslateCommand {
    static let usage = "usage: ecma-regex translate [--flags F] [--whole] [--] PATTERN"

    static func run(_ arguments: [String]) -> Int32 {
        var status: Int32 = 0
        let reader = ArgumentReader(valueOptions: ["--flags"], switches: ["--whole"], positionalCount: 1...1)
        guard let parsed = ArgumentReader.parse(arguments, with: reader, command: "ecma-regex translate", usage: usage,
                                                status: &status) else { return status }
        let flags = parsed.values["--flags"] ?? ""
        let whole = parsed.switches.contains("--whole")
        let pattern = parsed.positional[0]
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
