// keystroke-bench: what one keystroke costs in the ChangeCredential flow.
//
// Every contender types the same 24-character passwords one character at a time, first into the
// new value, then into the confirmation, with the default rules and a four-lookahead schema
// regex. Contenders run interleaved (the order rotates each round) with the same warm-up round
// and the same timed rounds; time is this thread's CPU time, the median round is reported.
// Allocations are this thread's heap allocations per keystroke, counted over one password after
// the timed rounds (`n/a` where they cannot be counted: not glibc, or a sanitizer build).
//
// The one keystroke target: on the portable matcher, which every Apple platform runs, a keystroke
// costs no more than the same keystroke validated the way the family's iOS SDK does it (a held
// NSRegularExpression and the default rules' checks). The other ratios are printed, not judged.
// Measure the portable build first, then the Linux default build (PCRE2):
//
//     swift run -c release --disable-default-traits --scratch-path .build/portable-release keystroke-bench
//     swift run -c release keystroke-bench
//     swift run -c release keystroke-bench --profile 0    # one contender alone, for a profiler

import ECMARegex
import ECMARegexConformance
import Foundation
import ThunderID
import ThunderIDEventLog

// `--help` / `-h`: what it does, before any work. A first argument other than `--profile`,
// `--repeat` or `--hostile` is refused, rather than benchmarked.
let knownArguments: Set<String> = ["--profile", "--repeat", "--hostile"]
if let first = CommandLine.arguments.dropFirst().first {
    if first == "-h" || first == "--help" {
        print("""
            usage: keystroke-bench [--profile N [--repeat R] | --hostile]
            Times what one keystroke costs in the ChangeCredential flow (the rules, the machine, the event log
            off, in memory and as a file, the built-in views' re-reads, the record writer),
            and the same keystroke validated the way the family's iOS SDK does it: a held NSRegularExpression
            searched over the whole new value, with the default rules' length, empty and confirmation checks.
            The first line says which backend the schema regex runs on. The one keystroke target: on the
            portable matcher, a keystroke costs no more than the NSRegularExpression keystroke (≤ 1.0×); the
            other ratios are printed as information. The worst case and the hostile values keep their 10 ms bounds.

            Measure what ships first: the portable matcher, which every Apple platform runs,
              swift run -c release --disable-default-traits --scratch-path .build/portable-release keystroke-bench
            then the Linux default build, with PCRE2:
              swift run -c release keystroke-bench

            --profile N runs the table's row N alone R times (default 20), for a profiler; --hostile
            measures only the hostile values (a huge paste, a maximum-length edit, a huge name, the scrubber).
            """)
        exit(0)
    }
    if !knownArguments.contains(first) {
        FileHandle.standardError.write(Data("keystroke-bench: unknown argument \(first) (see --help)\n".utf8))
        exit(2)
    }
}

// `--hostile`: only the hostile values (paste, maximum-length edit, huge name, the scrubber).
if CommandLine.arguments.dropFirst().first == "--hostile" {
    printHostileFigures(await measureHostileValues())
    exit(0)
}

let passwordCount = 200
let timedRounds = 9
let passwords = PasswordScript.passwords(count: passwordCount, seed: 11)
let keystrokesPerPassword = 2 * PasswordScript.length

@MainActor
func openedState(eventLog: [any EventLogSink]) async -> ChangeCredentialState {
    let state = ChangeCredentialState(schemaProvider: BenchSchema(), updater: NoUpdates(),
                                      configuration: ChangeCredentialConfiguration(eventLog: eventLog))
    state.appear()
    state.open()
    await state.settle()
    guard state.phase == .editing, state.requirementHint != nil else {
        print("setup failed: the state is \(state.phase), not editing with the schema regex")
        exit(1)
    }
    return state
}

/// Types `password` into both fields, one character at a time; `after` runs after each keystroke.
@MainActor
func type(_ password: TypedPassword, into state: ChangeCredentialState, after: (ChangeCredentialState) -> Int) -> Int {
    var total = 0
    for prefix in password.prefixes {
        state.newValue = prefix
        total &+= after(state)
    }
    for prefix in password.prefixes {
        state.confirmValue = prefix
        total &+= after(state)
    }
    return total &+ (state.canSubmit ? 1 : 0)
}

@MainActor
func clear(_ state: ChangeCredentialState) {
    state.newValue = ""
    state.confirmValue = ""
}

/// What a row of the table stands for, so the report finds its figures by name.
enum Row {
    case logOff, inMemory, fileLog, sheet
    case nsRegularExpression, nsRegularExpressionNewValue
    case regexAlone, cachedRegex, productPath, ruleEvaluate, newValueOnly, confirmationOnly
    case writer
}

/// One row of the table.
struct Contender {
    var row: Row
    var name: String
    /// One password's keystrokes (timed).
    var run: @MainActor (TypedPassword) -> Int
    /// Between passwords (not timed).
    var reset: @MainActor () -> Void = {}
    /// Before each password (not timed).
    var prepare: @MainActor (TypedPassword) -> Void = { _ in }
    /// How many keystrokes one `run` stands for.
    var keystrokesPerRun = keystrokesPerPassword
}

// MARK: - The states and the regexes

let logOff = await openedState(eventLog: [])
let memoryLog = InMemoryEventLog()
let inMemory = await openedState(eventLog: [memoryLog])
let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("keystroke-bench-\(getpid()).jsonl").path
let fileSink: JSONLinesFileEventLog
do {
    fileSink = try JSONLinesFileEventLog(path: logPath)
} catch {
    print("cannot open \(logPath): \(error)")
    exit(1)
}
defer { unlink(logPath) }
let fileLogged = await openedState(eventLog: [fileSink])
let sheet = await openedState(eventLog: [])
let newValueOnly = await openedState(eventLog: [])
let confirmationOnly = await openedState(eventLog: [])
let sheetViews = builtInViews()

let held: ECMARegex
do {
    held = try ECMARegex(BenchSchema.regex)
} catch {
    print("the schema regex does not compile: \(error)")
    exit(1)
}
let context = CredentialRuleContext(attribute: "password", displayName: "Password", regex: BenchSchema.regex,
                                    hint: BenchSchema.policy.hint)
let productRule = SchemaRegexRule().prepared(for: context)
// What SchemaRegexRule holds and runs per keystroke: the default evaluator's compiled pattern.
let productRegex = ECMARegexEvaluator().compile(BenchSchema.regex)

// The family's iOS SDK's way: the same schema regex held as an NSRegularExpression.
var heldNSRegularExpression: HeldNSRegularExpressionForm
do {
    heldNSRegularExpression = try HeldNSRegularExpressionForm(pattern: BenchSchema.regex)
} catch {
    print("NSRegularExpression refuses the schema regex: \(error)")
    exit(1)
}
// The comparison holds only if both engines read the pattern alike: they must agree on every value
// the bench types, and on values where ICU's and ECMAScript's defaults differ (a non-ASCII digit).
let agreementProbes = ["Abcdefg1!", "abcdefg1!", "ABCDEFG1!", "Abcdefgh!", "Abcdefgh1", "Ab1!", "Abcdefg\u{0661}!",
                       "Ab\u{00E9}defg1!", "\u{00C9}bcdefg1!", "Abc defg1"]
for value in passwords.flatMap(\.newValueAtKeystroke) + agreementProbes
where heldNSRegularExpression.matches(value) != ((try? held.test(value)) == true) {
    print("NSRegularExpression and ECMARegex disagree on a value (\(value.utf16.count) UTF-16 units) for /\(BenchSchema.regex)/")
    exit(1)
}

// The record of one keystroke, as the state logs it, for the record-writer row.
let captured = InMemoryEventLog()
let capturing = await openedState(eventLog: [captured])
captured.removeAll()
capturing.newValue = "Ab1!"
let keystrokeRecords = captured.records

var sink = 0
var fileRecordsSinceTruncate = 0

let contenders: [Contender] = [
    Contender(row: .logOff, name: "event log off", run: { type($0, into: logOff) { _ in 0 } }, reset: { clear(logOff) }),
    Contender(row: .nsRegularExpression, name: "held NSRegularExpression and the default checks (the iOS SDK's way)", run: { password in
        var valid = 0
        for prefix in password.prefixes where heldNSRegularExpression.editNewValue(prefix) { valid += 1 }
        for prefix in password.prefixes where heldNSRegularExpression.editConfirmation(prefix) { valid += 1 }
        return valid
    }, reset: { heldNSRegularExpression.clear() }),
    Contender(row: .nsRegularExpressionNewValue, name: "held NSRegularExpression, keystrokes into the new value alone", run: { password in
        var valid = 0
        for prefix in password.prefixes where heldNSRegularExpression.editNewValue(prefix) { valid += 1 }
        return valid
    }, reset: { heldNSRegularExpression.clear() }, keystrokesPerRun: PasswordScript.length),
    Contender(row: .inMemory, name: "event log in memory", run: { type($0, into: inMemory) { _ in 0 } },
              reset: { clear(inMemory); memoryLog.removeAll() }),
    Contender(row: .fileLog, name: "event log as JSON lines (file)", run: { type($0, into: fileLogged) { _ in 0 } }, reset: {
        clear(fileLogged)
        fileRecordsSinceTruncate += 1
        if fileRecordsSinceTruncate >= 50 {
            // Keeps the file small; appends continue at the new end.
            fileSink.flush()
            truncate(logPath, 0)
            fileRecordsSinceTruncate = 0
        }
    }),
    Contender(row: .sheet, name: "log off, plus the built-in views' re-reads (observation tracking)",
              run: { type($0, into: sheet) { renderAfterKeystroke($0, views: sheetViews) } }, reset: { clear(sheet) }),
    Contender(row: .regexAlone, name: "the rules' regexes alone (held ECMARegex)", run: { password in
        var matches = 0
        for value in password.newValueAtKeystroke where (try? held.test(value)) == true { matches += 1 }
        return matches
    }),
    Contender(row: .cachedRegex, name: "schema regex through ECMARegex.cached", run: { password in
        var matches = 0
        for value in password.newValueAtKeystroke where (try? ECMARegex.cached(BenchSchema.regex).test(value)) == true { matches += 1 }
        return matches
    }),
    Contender(row: .productPath, name: "the product's call path (the regex SchemaRegexRule holds)", run: { password in
        var matches = 0
        for value in password.newValueAtKeystroke where (try? productRegex(value)) == true { matches += 1 }
        return matches
    }),
    Contender(row: .ruleEvaluate, name: "SchemaRegexRule.evaluate (with its input and result)", run: { password in
        var matches = 0
        for value in password.newValueAtKeystroke
        where productRule.evaluate(CredentialInput(newValue: value, confirmation: "", context: context))?.status == .passed {
            matches += 1
        }
        return matches
    }),
    Contender(row: .newValueOnly, name: "keystrokes into the new value alone (log off)", run: { password in
        for prefix in password.prefixes { newValueOnly.newValue = prefix }
        return newValueOnly.canSubmit ? 1 : 0
    }, reset: { newValueOnly.newValue = "" }, keystrokesPerRun: PasswordScript.length),
    Contender(row: .confirmationOnly, name: "keystrokes into the confirmation alone (log off; the new value is typed, untimed)", run: { password in
        for prefix in password.prefixes { confirmationOnly.confirmValue = prefix }
        return confirmationOnly.canSubmit ? 1 : 0
    }, reset: { confirmationOnly.confirmValue = "" }, prepare: { confirmationOnly.newValue = $0.full }, keystrokesPerRun: PasswordScript.length),
    Contender(row: .writer, name: "record writer: jsonLine() (JSONEncoder), one keystroke's record", run: { _ in
        var bytes = 0
        for _ in 0..<keystrokesPerPassword {
            for record in keystrokeRecords { bytes &+= record.jsonLine().utf8.count }
        }
        return bytes
    }),
]

// `--profile N [--repeat R]`: runs contender N alone over every password R times (default 20),
// for a profiler or an instruction counter, and prints nothing else. The difference of two
// instruction counts with different R is the contender's own cost, without the setup.
let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--profile"), flag + 1 < arguments.count, let only = Int(arguments[flag + 1]),
   contenders.indices.contains(only) {
    var repeats = 20
    if let flag = arguments.firstIndex(of: "--repeat"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]) {
        repeats = count
    }
    for _ in 0..<repeats {
        for password in passwords {
            contenders[only].prepare(password)
            sink &+= contenders[only].run(password)
            contenders[only].reset()
        }
    }
    print("profiled \(contenders[only].name)")
    exit(0)
}


// MARK: - Timed rounds, interleaved

// The backend of the regex the product's rule holds (the cache hands it the same compiled regex).
let backend = (try? ECMARegex.cached(BenchSchema.regex))?.backend ?? held.backend
let onPortable = backend == .portable
if onPortable {
    print("keystroke-bench on the portable matcher (backend portable), what iOS, macOS, tvOS, watchOS and visionOS run")
} else {
    print("keystroke-bench on PCRE2 (backend \(backend.rawValue)), the Linux default build; Apple platforms run the portable matcher (see --help)")
}
print("\(passwordCount) passwords × \(keystrokesPerPassword) keystrokes (24 characters typed into the new value, then the confirmation)")
print("schema regex /\(BenchSchema.regex)/ (backend \(held.backend.rawValue)); rules: \(logOff.configuration.rules.map(\.id).joined(separator: ", "))")

var samples = [[Double]](repeating: [], count: contenders.count)
for round in 0...timedRounds {
    for step in contenders.indices {
        let index = (step + round) % contenders.count
        let contender = contenders[index]
        var elapsed: UInt64 = 0
        for password in passwords {
            contender.prepare(password)
            let start = cpuNanoseconds()
            sink &+= contender.run(password)
            elapsed += cpuNanoseconds() - start
            contender.reset()
        }
        // Round 0 warms up every contender alike and is not timed.
        if round > 0 { samples[index].append(Double(elapsed) / Double(passwordCount * contender.keystrokesPerRun)) }
    }
}
let nanoseconds = samples.map(median)

// MARK: - Allocations per keystroke

var allocations: [Double?] = []
for contender in contenders {
    contender.prepare(passwords[0])
    let counted = Allocations.count { sink &+= contender.run(passwords[0]) }
    contender.reset()
    allocations.append(counted.map { Double($0) / Double(contender.keystrokesPerRun) })
}
fileSink.flush()

// MARK: - Report

func allocationText(_ value: Double?) -> String {
    guard let value else { return "n/a" }
    return value == value.rounded() ? String(Int(value)) : format(value, digits: 1)
}

print("")
print("ns per keystroke: thread CPU time, median of \(timedRounds) interleaved rounds after one warm-up round; allocations per keystroke")
print("(other processes share this machine's cores: compare ratios within one run)")
print("")
print("| # | path | ns per keystroke | allocations |")
print("|---:|---|---:|---:|")
for index in contenders.indices {
    print("| \(index) | \(contenders[index].name) | \(format(nanoseconds[index])) | \(allocationText(allocations[index])) |")
}

/// The median of a row, by what it stands for.
@MainActor
func figure(_ row: Row) -> Double { nanoseconds[contenders.firstIndex { $0.row == row }!] }
@MainActor
func allocationsPerKeystroke(_ row: Row) -> Double? { allocations[contenders.firstIndex { $0.row == row }!] }

let keystroke = figure(.logOff)
let nsRegularExpressionKeystroke = figure(.nsRegularExpression)
let nsRegularExpressionNewValue = figure(.nsRegularExpressionNewValue)
let regexAlone = figure(.regexAlone)
let fileLog = figure(.fileLog)
let sheetRead = figure(.sheet)
let product = figure(.productPath)
let newValueKeystroke = figure(.newValueOnly)
let confirmationKeystroke = figure(.confirmationOnly)
let writer = figure(.writer)
let keystrokeAllocations = allocationsPerKeystroke(.logOff)
let nsRegularExpressionAllocations = allocationsPerKeystroke(.nsRegularExpression)
let keystrokeVersusNSRegularExpression = keystroke / nsRegularExpressionKeystroke

func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }

print("")
print("target (the one keystroke gate, judged on the portable matcher):")
let targetLine = "  keystroke, log off / the same keystroke with a held NSRegularExpression: \(format(keystrokeVersusNSRegularExpression, digits: 2))×"
if onPortable {
    print(targetLine + " (≤ 1.0×: \(verdict(keystrokeVersusNSRegularExpression <= 1.0)))")
} else {
    print(targetLine + " (not judged here: this build's regex runs on PCRE2; the portable build judges it)")
}

print("")
print("information (printed, not judged):")
print("  a keystroke into the new value alone, log off / with NSRegularExpression: \(format(newValueKeystroke / nsRegularExpressionNewValue, digits: 2))× (both run the regex on each; into the confirmation, NSRegularExpression runs every check again and the product only the rules that read it)")
print("  keystroke, log off / the rules' regexes alone: \(format(keystroke / regexAlone, digits: 2))×")
print("  of which: a keystroke into the new value / the regex alone: \(format(newValueKeystroke / regexAlone, digits: 2))×; into the confirmation (only the rules that read it run): \(format(confirmationKeystroke / regexAlone, digits: 2))×")
if let keystrokeAllocations {
    print("  allocations per keystroke, log off: \(allocationText(keystrokeAllocations)); with NSRegularExpression: \(allocationText(nsRegularExpressionAllocations))")
} else {
    print("  allocations per keystroke, log off: n/a (not counted in this build)")
}
print("  keystroke, JSON-lines file log / log off: \(format(fileLog / keystroke, digits: 2))×")
let evaluationsPerPassword = sheetViews.map { view in
    "\(view.name) \(format(Double(view.evaluationCount) / Double(passwordCount * (timedRounds + 1) + 1), digits: 1))"
}
print("  views evaluated again per password (\(keystrokesPerPassword) keystrokes): \(evaluationsPerPassword.joined(separator: ", "))")
print("  sheet re-read with the keystroke / log off: \(format(sheetRead / keystroke, digits: 2))×")
print("  the product's call path / held ECMARegex: \(format(product / regexAlone, digits: 3))×")
print("  record writer per keystroke (JSONEncoder): \(format(writer)) ns; records per keystroke: \(keystrokeRecords.count)")

print("")
print("worst cases:")
// Worst case: every case of the worst-case family (Specs/regex/worst-case) on both backends; the
// slowest answer, the same figure regex-bench prints.
let worstCaseMeasurement = try WorstCaseFamily.measure()
let worstCaseMs = worstCaseMeasurement.slowestMilliseconds
for (configuration, slowest) in worstCaseMeasurement.slowestByConfiguration.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
    print("  worst-case family, slowest answer (\(configuration.rawValue)): \(format(slowest, digits: 2)) ms")
}
print("  worst case, any family pattern on up to 64 KiB: \(format(worstCaseMs, digits: 2)) ms (≤ 10 ms: \(verdict(worstCaseMs <= 10)))")
let worstCase = format(worstCaseMs, digits: 2).replacingOccurrences(of: ",", with: "")

// A huge paste, an edit at the maximum length, a huge display name, the scrubber.
let hostile = await measureHostileValues()
func milliseconds(_ value: Double) -> String { format(value, digits: 3) }
printHostileFigures(hostile)

print("")
print("summary: backend=\(backend.rawValue) keystroke_ns=\(format(keystroke).replacingOccurrences(of: ",", with: "")) nsregex_keystroke_ns=\(format(nsRegularExpressionKeystroke).replacingOccurrences(of: ",", with: "")) keystroke_vs_nsregex=\(format(keystrokeVersusNSRegularExpression, digits: 2)) keystroke_regex_ns=\(format(regexAlone).replacingOccurrences(of: ",", with: "")) keystroke_file_log_ns=\(format(fileLog).replacingOccurrences(of: ",", with: "")) sheet_read_ns=\(format(sheetRead).replacingOccurrences(of: ",", with: "")) allocs=\(allocationText(keystrokeAllocations)) worst_case_ms=\(worstCase) paste_10mib_ms=\(milliseconds(hostile.pasteMilliseconds)) edit_at_maximum_ms=\(milliseconds(max(hostile.editAtMaximumMilliseconds, hostile.nonASCIIEditAtMaximumMilliseconds))) huge_name_ready_ms=\(milliseconds(hostile.hugeNameReadyMilliseconds))")
if sink == 42 { print("") }  // Keeps every contender's answers alive.
