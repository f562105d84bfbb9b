/// Reads one subcommand's arguments: `-h`/`--help`, options that take a value (`--flags F` or
/// `--flags=F`), switches (`--whole`), `--` (everything after it is positional) and positionals.
/// Any other argument that starts with `-` is refused, as is an option without its value or a wrong
/// number of positionals; the caller prints the usage line and exits 2.
struct ArgumentReader {
    /// The parsed arguments.
    struct Parsed {
        var values: [String: String] = [:]
        var switches: Set<String> = []
        var positional: [String] = []
    }

    /// What reading gave.
    enum Outcome {
        case parsed(Parsed)
        case help
        case refused(String)
    }

    let valueOptions: Set<String>
    let switches: Set<String>
    /// Allowed positional counts.
    let positionalCount: ClosedRange<Int>

    init(valueOptions: Set<String> = [], switches: Set<String> = [], positionalCount: ClosedRange<Int>) {
        self.valueOptions = valueOptions
        self.switches = switches
        self.positionalCount = positionalCount
    }

    func read(_ arguments: [String]) -> Outcome {
        var parsed = Parsed()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positional += arguments[index...]
                break
            }
            if argument == "-h" || argument == "--help" { return .help }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positional.append(argument)
                continue
            }
            if let equals = argument.firstIndex(of: "="), valueOptions.contains(String(argument[..<equals])) {
                parsed.values[String(argument[..<equals])] = String(argument[argument.index(after: equals)...])
            } else if valueOptions.contains(argument) {
                guard index < arguments.count else { return .refused("\(argument) needs a value") }
                parsed.values[argument] = arguments[index]
                index += 1
            } else if switches.contains(argument) {
                parsed.switches.insert(argument)
            } else {
                return .refused("unknown option \(argument) (put -- before a pattern or value that starts with -)")
            }
        }
        guard positionalCount.contains(parsed.positional.count) else {
            return .refused(parsed.positional.count < positionalCount.lowerBound ? "missing arguments" : "too many arguments")
        }
        return .parsed(parsed)
    }

    /// The parsed arguments, or nil after printing help (status 0) or the refusal and `usage` (status 2)
    /// into `status`.
    static func parse(_ arguments: [String], with reader: ArgumentReader, command: String, usage: String,
                      status: inout Int32) -> Parsed? {
        switch reader.read(arguments) {
        case .parsed(let parsed):
            return parsed
        case .help:
            print(usage)
            status = 0
            return nil
        case .refused(let reason):
            StandardError.write("\(command): \(reason)\n\(usage)\n")
            status = 2
            return nil
        }
    }
}
