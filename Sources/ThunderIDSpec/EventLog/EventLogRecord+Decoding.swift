import Foundation
import JSONCore
import ThunderID

// The JSON-lines reading of the event log (format v2, described in ThunderID's PoliciesAndLogging article), on
// Foundation's JSONSerialization: trace replay and `--to-spec` read what `EventLogRecord.jsonLine()`
// writes. It lives in the spec runner, not in ThunderID: an app writes its log and never reads it.

/// A line of the event log that cannot be read.
public struct EventLogDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number, when reading several lines.
    public var line: Int?
    /// Where in the record: a key path such as `event.error.status`.
    public var path: String
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(line: Int?, path: String, reason: String) {
        self.line = line
        self.path = path
        self.reason = reason
    }

    public var description: String {
        let place = line.map { "line \($0)" } ?? "record"
        return path.isEmpty ? "\(place): \(reason)" : "\(place), \(path): \(reason)"
    }
}

extension EventLogRecord {
    /// Reads one line written by ``jsonLine()``.
    public init(jsonLine: String) throws(EventLogDecodingError) {
        // Foundation reads the JSON; the record's shape is checked here, naming the key path.
        let reader = Reader(json: try EventLogJSONValue.parse(jsonLine), path: "")
        let version = try reader.int("v")
        guard version == Self.formatVersion else {
            throw EventLogDecodingError(line: nil, path: "v", reason: "unsupported format version \(version)")
        }
        let sequence = try reader.int("seq")
        let stamp = try reader.string("ts")
        guard let timestamp = Self.parseTimestamp(stamp) else {
            throw EventLogDecodingError(line: nil, path: "ts", reason: "not an ISO 8601 timestamp")
        }
        let instance = try reader.string("instance")
        let attribute = try reader.string("attribute")
        let name = try reader.string("record")
        let body: Body
        switch name {
        case "start":
            let options = try reader.child("options")
            body = .start(StartOptions(isStrict: try options.bool("strict"),
                                       hasPolicyRegex: try options.bool("policyRegex"),
                                       hasDisplayNameOverride: try options.bool("displayNameOverride"),
                                       rules: try options.list("rules") { item throws(EventLogDecodingError) in try item.stringValue() }))
        case "step":
            var input: InputSummary?
            if reader.has("input") {
                let child = try reader.child("input")
                input = InputSummary(newValueLength: try child.length("newValueLength"),
                                     confirmationLength: try child.length("confirmationLength"))
            }
            var evaluation: EvaluationSummary?
            if reader.has("evaluation") {
                let child = try reader.child("evaluation")
                evaluation = EvaluationSummary(isValid: try child.bool("isValid"), results: try child.list("results", Self.decodeRuleStatus))
            }
            body = .step(Step(event: try Self.decodeEvent(try reader.child("event")), input: input, evaluation: evaluation,
                              from: try Self.decodeMachine(try reader.child("from")),
                              to: try Self.decodeMachine(try reader.child("to")),
                              effects: try reader.list("effects", Self.decodeEffect)))
        default:
            throw reader.failure("record", "unknown record kind \(name)")
        }
        self.init(sequence: sequence, timestamp: timestamp, instance: instance, attribute: attribute, body: body)
    }

    /// Reads every non-blank line of `lines`; an error names the 1-based line.
    ///
    /// A line cut short (``isCutShort(_:)``: what a write stopped by `kill -9` or a full disk
    /// leaves) is skipped, wherever it is: the file sink starts its next write on a new line, so
    /// such a fragment is a line of its own.
    public static func decode(lines: String) throws(EventLogDecodingError) -> [EventLogRecord] {
        var records: [EventLogRecord] = []
        for (offset, line) in lines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            do {
                records.append(try EventLogRecord(jsonLine: text))
            } catch {
                if isCutShort(text) { continue }
                var located = error
                located.line = offset + 1
                throw located
            }
        }
        return records
    }

    /// Whether `line` is the start of a record whose write was cut short: it opens an object, and
    /// it is valid JSON as far as it goes but ends before the object closes (inside a string, a
    /// number, a literal or a nested value). A line with anything else wrong, such as two records
    /// glued together, is not cut short but broken.
    public static func isCutShort(_ line: some StringProtocol) -> Bool {
        guard line.first == "{" else { return false }
        let bytes = Data(line.utf8)
        do throws(JSONParser.Failure) {
            _ = try JSONParser.parse(bytes)
            return false
        } catch {
            return error.offset >= bytes.count
        }
    }

    /// Reads ``formatTimestamp(_:)``'s format (the fraction may have any number of digits, or none),
    /// in the proleptic Gregorian calendar as the writer writes it: fields read as integers, no
    /// calendar (Foundation's switches to the Julian calendar before 1582-10-15, which moved
    /// `1013-12-07` to `1013-12-13` on a round trip). Years are four digits, or a sign and six.
    static func parseTimestamp(_ text: String) -> Date? {
        var bytes = Array(text.utf8)[...]
        func digits(_ count: Int) -> Int64? {
            guard bytes.count >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes.prefix(count) {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard bytes.first == character.asciiValue else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        let year: Int64
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
            guard let magnitude = digits(6) else { return nil }
            year = sign == UInt8(ascii: "-") ? -magnitude : magnitude
        } else {
            guard let plain = digits(4) else { return nil }
            year = plain
        }
        guard expect("-"), let month = digits(2), (1...12).contains(month), expect("-"), let day = digits(2),
              day >= 1, day <= daysInMonth(month, year: year), expect("T"), let hour = digits(2), hour < 24, expect(":"),
              let minute = digits(2), minute < 60, expect(":"), let second = digits(2), second < 60 else { return nil }
        var fraction = 0.0
        if expect(".") {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard count > 0, let value = Double("0." + String(decoding: bytes.prefix(count), as: UTF8.self)) else { return nil }
            fraction = value
            bytes = bytes.dropFirst(count)
        }
        guard expect("Z"), bytes.isEmpty else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The day counted from 1970-01-01 of a proleptic Gregorian date (in eras of 400 years, the
    /// inverse of what the writer computes); `month` is 1…12 and `day` 1…31.
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The days of `month` in `year`, proleptic Gregorian.
    private static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: - Decoding pieces

    static func decodeRuleStatus(_ reader: Reader) throws(EventLogDecodingError) -> RuleStatus {
        let id = try reader.string("id")
        let name = try reader.string("status")
        switch name {
        case "passed": return RuleStatus(id: id, status: .passed)
        case "failed": return RuleStatus(id: id, status: .failed)
        case "unverifiable": return RuleStatus(id: id, status: .unverifiable(reason: try reader.string("reason")))
        default: throw reader.failure("status", "unknown rule status \(name)")
        }
    }

    static func decodeEvent(_ reader: Reader) throws(EventLogDecodingError) -> ChangeCredentialMachine.Event {
        let name = try reader.string("kind")
        guard let kind = ChangeCredentialMachine.Event.Kind(rawValue: name) else {
            throw reader.failure("kind", "unknown event kind \(name)")
        }
        switch kind {
        case .appear: return .appear
        case .open: return .open
        case .dismiss: return .dismiss
        case .submit: return .submit
        case .submissionSucceeded: return .submissionSucceeded
        case .schemaResolved:
            return .schemaResolved(available: try reader.bool("available"), form: try decodeValidity(reader))
        case .schemaFailed: return .schemaFailed(try decodeError(try reader.child("error")))
        case .submissionFailed: return .submissionFailed(try decodeError(try reader.child("error")))
        case .newValueEdited: return .newValueEdited(form: try decodeValidity(reader))
        case .confirmationEdited: return .confirmationEdited(form: try decodeValidity(reader))
        case .toggleMasking:
            let field = try reader.string("field")
            guard let value = ChangeCredentialMachine.Field(rawValue: field) else {
                throw reader.failure("field", "unknown field \(field)")
            }
            return .toggleMasking(value)
        }
    }

    static func decodeValidity(_ reader: Reader) throws(EventLogDecodingError) -> ChangeCredentialMachine.Validity {
        let name = try reader.string("form")
        guard let validity = ChangeCredentialMachine.Validity(rawValue: name) else {
            throw reader.failure("form", "expected valid or invalid")
        }
        return validity
    }

    static func decodeEffect(_ reader: Reader) throws(EventLogDecodingError) -> ChangeCredentialMachine.Effect {
        let name = try reader.string("kind")
        guard let kind = ChangeCredentialMachine.Effect.Kind(rawValue: name) else {
            throw reader.failure("kind", "unknown effect kind \(name)")
        }
        switch kind {
        case .requestSchema: return .requestSchema
        case .postCredential: return .postCredential
        case .notifySuccess: return .notifySuccess
        case .clearValues: return .clearValues
        case .presentSheet: return .presentSheet
        case .dismissSheet: return .dismissSheet
        case .notifyError: return .notifyError(try decodeError(try reader.child("error")))
        case .trace: return .trace(try reader.string("note"))
        }
    }

    static func decodeMachine(_ reader: Reader) throws(EventLogDecodingError) -> ChangeCredentialMachine {
        let stateName = try reader.string("state")
        guard let state = ChangeCredentialMachine.State(rawValue: stateName) else {
            throw reader.failure("state", "unknown state \(stateName)")
        }
        let schemaReader = try reader.child("schema")
        let status = try schemaReader.string("status")
        let schema: ChangeCredentialMachine.SchemaStatus
        switch status {
        case "unrequested": schema = .unrequested
        case "loading": schema = .loading
        case "resolved": schema = .resolved(available: try schemaReader.bool("available"))
        case "failed": schema = .failed(try decodeError(try schemaReader.child("error")))
        default: throw schemaReader.failure("status", "unknown schema status \(status)")
        }
        var failure: ChangeCredentialMachine.Failure?
        if reader.has("failure"), !reader.isNull("failure") {
            let failureReader = try reader.child("failure")
            let error = try decodeError(try failureReader.child("error"))
            switch try failureReader.string("kind") {
            case "schema": failure = .schema(error)
            case "submission": failure = .submission(error)
            default: throw failureReader.failure("kind", "expected schema or submission")
            }
        }
        let maskedReader = try reader.child("masked")
        var masking = ChangeCredentialMachine.Masking()
        for field in ChangeCredentialMachine.Field.allCases {
            masking[field] = try maskedReader.bool(field.rawValue)
        }
        let presentationName = try reader.string("presentation")
        guard let presentation = ChangeCredentialMachine.Presentation(rawValue: presentationName) else {
            throw reader.failure("presentation", "expected sheet or inline")
        }
        let submitPending = try reader.bool("submitPending")
        guard let stage = ChangeCredentialMachine.Stage(state, failure: failure) else {
            throw reader.failure("failure", failure == nil ? "a failed machine without its failure" : "a failure outside the failed state")
        }
        return ChangeCredentialMachine(stage: stage, schema: schema, form: try decodeValidity(reader), masking: masking,
                                       presentation: presentation, submitPending: submitPending)
    }

    static func decodeError(_ reader: Reader) throws(EventLogDecodingError) -> ThunderIDError {
        let type = try reader.string("type")
        switch type {
        case "server":
            return .server(ServerError(status: try reader.int("status"), code: try reader.optionalString("code"),
                                       message: try reader.optionalString("message"),
                                       detail: try reader.optionalString("description"),
                                       retryAfter: try reader.optionalNumber("retryAfter")))
        case "transport":
            return .transport(try decodeFailure(reader))
        case "updateUnconfirmed":
            return .updateUnconfirmed(try decodeFailure(reader))
        case "decoding":
            return .decoding(DecodingFailure(path: try reader.string("path"), reason: try reader.string("reason")))
        case "configuration":
            return .configuration(try reader.string("detail"))
        case "tokenUnavailable":
            return .tokenUnavailable(try reader.string("detail"))
        case "responseTooLarge":
            return .responseTooLarge(limit: try reader.int("limit"))
        default:
            throw reader.failure("type", "unknown error type \(type)")
        }
    }

    static func decodeFailure(_ reader: Reader) throws(EventLogDecodingError) -> TransportFailure {
        let failure = try reader.string("failure")
        switch failure {
        case "offline": return .offline
        case "timeout": return .timeout
        case "tls": return .tls
        case "cancelled": return .cancelled
        case "connectionLost": return .connectionLost
        case "other": return .other(try reader.optionalString("detail") ?? "")
        default: throw reader.failure("failure", "unknown transport failure \(failure)")
        }
    }

    /// Typed access to a JSON object, tracking the key path for error messages.
    struct Reader {
        var json: EventLogJSONValue
        var path: String

        func failure(_ key: String, _ reason: String) -> EventLogDecodingError {
            EventLogDecodingError(line: nil, path: join(key), reason: reason)
        }

        private func join(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        func has(_ key: String) -> Bool { json[key] != nil }

        func isNull(_ key: String) -> Bool { json[key] == .null }

        private func value(_ key: String) throws(EventLogDecodingError) -> EventLogJSONValue {
            guard case .object = json else { throw EventLogDecodingError(line: nil, path: path, reason: "expected an object") }
            guard let value = json[key] else { throw failure(key, "missing") }
            return value
        }

        func child(_ key: String) throws(EventLogDecodingError) -> Reader {
            let value = try value(key)
            guard case .object = value else { throw failure(key, "expected an object") }
            return Reader(json: value, path: join(key))
        }

        func array(_ key: String) throws(EventLogDecodingError) -> [Reader] {
            guard case .array(let items) = try value(key) else { throw failure(key, "expected an array") }
            return items.enumerated().map { Reader(json: $1, path: "\(join(key))[\($0)]") }
        }

        func list<T>(_ key: String, _ transform: (Reader) throws(EventLogDecodingError) -> T) throws(EventLogDecodingError) -> [T] {
            var output: [T] = []
            for item in try array(key) { output.append(try transform(item)) }
            return output
        }

        func string(_ key: String) throws(EventLogDecodingError) -> String {
            guard case .string(let text) = try value(key) else { throw failure(key, "expected a string") }
            return text
        }

        func stringValue() throws(EventLogDecodingError) -> String {
            guard case .string(let text) = json else { throw EventLogDecodingError(line: nil, path: path, reason: "expected a string") }
            return text
        }

        func optionalString(_ key: String) throws(EventLogDecodingError) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case .bool?, .number?, .array?, .object?: throw failure(key, "expected a string or null")
            }
        }

        func optionalNumber(_ key: String) throws(EventLogDecodingError) -> Double? {
            switch json[key] {
            case nil, .null?: return nil
            case .number(let number)?: return number
            case .bool?, .string?, .array?, .object?: throw failure(key, "expected a number or null")
            }
        }

        func int(_ key: String) throws(EventLogDecodingError) -> Int {
            // `Int(exactly:)`: an integer below 10^15 can pass `Int.max` where `Int` has 32 bits.
            guard case .number(let number) = try value(key), abs(number) < 1e15, let whole = Int(exactly: number) else {
                throw failure(key, "expected an integer")
            }
            return whole
        }

        func bool(_ key: String) throws(EventLogDecodingError) -> Bool {
            guard case .bool(let flag) = try value(key) else { throw failure(key, "expected a boolean") }
            return flag
        }
    }
}

extension EventLogRecord.Reader {
    /// A value length: an integer from 0 to ``EventLogRecord/maximumLoggedLength``.
    func length(_ key: String) throws(EventLogDecodingError) -> Int {
        let value = try int(key)
        guard (0...EventLogRecord.maximumLoggedLength).contains(value) else {
            throw failure(key, "expected a length from 0 to \(EventLogRecord.maximumLoggedLength), got \(value)")
        }
        return value
    }
}
