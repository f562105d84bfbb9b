// ecma-regex: the command-line face of the ECMARegex engine.
//
//   ecma-regex test PATTERN [--flags F] VALUE...   a verdict per value
//   ecma-regex --jsonl                             JSON lines in, one JSON line out per line
//   ecma-regex translate PATTERN [--flags F] [--whole]  print the PCRE2 source the engine compiles
//   ecma-regex conformance [DIR]                   run Specs/regex (default) and report
//   ecma-regex test262 [--verbose] [DIR]           run Specs/regex/test262 through the --jsonl protocol
//
// Exit status: 0 success, 1 pattern error / conformance disagreement, 2 usage error, 3 a value hit a limit.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    ecma-regex: the ECMARegex engine on the command line: JavaScript `RegExp.test` verdicts, the PCRE2
    translation and backend, the JSON-lines protocol, and the conformance data of Specs/regex.
    usage:
      ecma-regex test PATTERN [--flags F] [--whole] [--] VALUE...
      ecma-regex translate [--flags F] [--whole] [--] PATTERN
      ecma-regex --jsonl            (reads {"pattern": P, "flags": F, "input": S} lines from stdin)
      ecma-regex conformance [DIR]  (default Specs/regex)
      ecma-regex test262 [--verbose] [--full] [--update-known] [--emit-requests FILE] [DIR]  (default Specs/regex/test262)
    options:
      --flags F   JavaScript flags, any of d g i m s u v y (u and v not together); none by default, as the web SDKs
      --whole     HTML `pattern` semantics: the whole value must match, as ^(?:PATTERN)$
      --jsonl     answers each request line with one JSON line, in order (the format: JSONLinesProtocol,
                  Sources/ECMARegexConformance)
    exit status: 0 success, 1 a pattern error or a conformance disagreement, 2 a usage error,
                 3 a value hit a limit
    """

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "" : arguments.removeFirst()
let status: Int32
switch command {
case "test":
    status = TestCommand.run(arguments)
case "--jsonl", "jsonl":
    status = JSONLinesCommand.run(arguments)
case "translate":
    status = TranslateCommand.run(arguments)
case "conformance":
    status = ConformanceCommand.run(arguments)
case "test262":
    status = Test262Command.run(arguments)
case "-h", "--help", "help":
    print(usage)
    status = 0
default:
    StandardError.write((command.isEmpty ? "" : "ecma-regex: unknown command \(command)\n") + usage + "\n")
    status = 2
}
exit(status)
