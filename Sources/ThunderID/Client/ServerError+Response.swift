import Foundation

extension ServerError {
    /// Error bodies larger than this many bytes are not read: the error keeps its status and
    /// `Retry-After` only. Real ThunderID error bodies are well under a kilobyte.
    package static let maximumBodyBytes = 64 * 1024

    /// The most Unicode scalars ``code``, ``message``, ``description`` and their keys keep; longer
    /// text (as given, or after filling `{{param}}` placeholders) is cut and ends in `…`.
    package static let maximumTextLength = 1024

    /// The longest wait a `Retry-After` may ask for: one day (86,400 seconds). A longer one (as
    /// delta-seconds or as a date) is implausible for a rate limit and is treated as absent, so the
    /// user reads "Try again later" rather than a number of seconds no one would wait.
    package static let maximumRetryAfterSeconds = 86_400

    /// ``retryAfter`` as whole seconds, rounded up: never negative. `nil` without a usable value: none,
    /// NaN, or more than ``maximumRetryAfterSeconds`` (a value set directly, such as `1e19`).
    package var retryAfterWholeSeconds: Int? {
        guard let retryAfter, !retryAfter.isNaN else { return nil }
        let rounded = retryAfter.rounded(.up)
        if rounded <= 0 { return 0 }
        // Compared as a Double first, so no value (infinity, 1e300) reaches a conversion that traps.
        guard rounded <= Double(Self.maximumRetryAfterSeconds) else { return nil }
        return Int(rounded)
    }

    /// Reads a non-success answer: the status, the `Retry-After` header, and the error body in
    /// either of the server's shapes (`message`/`description` as `{key, defaultValue, params}`
    /// objects, or as plain strings).
    ///
    /// A body that is empty, not JSON, not an object or larger than ``maximumBodyBytes`` still gives
    /// an error with the status. Texts are capped at ``maximumTextLength`` Unicode scalars.
    /// `now` is the clock for an HTTP-date `Retry-After`.
    package init(response: HTTPResponse, now: Date = Date()) {
        self.init(status: response.status)
        retryAfter = response.header("Retry-After").flatMap { Self.retryAfterSeconds($0, now: now) }
        guard !response.body.isEmpty, response.body.count <= Self.maximumBodyBytes,
              let body = try? JSONParser.parse(response.body), case .object = body else {
            return
        }
        if case .string(let code)? = body["code"], !code.isEmpty {
            self.code = Self.capped(code)
        }
        (message, messageKey) = Self.text(body["message"])
        (detail, detailKey) = Self.text(body["description"])
    }

    /// A message as text and i18n key: a plain string, or an object's `defaultValue` (its `key`
    /// when there is no default), with `{{name}}` placeholders filled from `params`.
    private static func text(_ value: JSONValue?) -> (text: String?, key: String?) {
        switch value {
        case .string(let text)?:
            return (capped(text), nil)
        case .object?:
            var key: String?
            if case .string(let found)? = value?["key"] { key = capped(found) }
            var text: String?
            if case .string(let found)? = value?["defaultValue"] {
                if case .object(let params)? = value?["params"] {
                    text = fill(found, params: params)
                } else {
                    text = capped(found)
                }
            }
            return (text ?? key, key)
        case nil, .null?, .bool?, .number?, .array?:
            return (nil, nil)
        }
    }

    /// Fills `{{name}}` placeholders in one pass over `template`: text a param inserts is never read
    /// again, so params cannot expand each other, and the output stops at ``maximumTextLength``.
    /// Unknown placeholders and a lone `{{` stay as written.
    static func fill(_ template: String, params: [(key: String, value: JSONValue)]) -> String {
        var values: [String: String] = .init()
        for param in params {
            switch param.value {
            case .string(let string): values[param.key] = string
            case .number(let number): values[param.key] = JSONNumber.text(number)
            case .bool(let flag): values[param.key] = String(flag)
            case .null, .array, .object: values[param.key] = nil
            }
        }
        var output = TextBuilder(limit: maximumTextLength)
        let scalars = template.unicodeScalars
        var index = scalars.startIndex
        var literalStart = index
        // Linear: a placeholder name ends at the first brace, so the scan after `{{` never passes the
        // next `{` or `}`, and inserted values are written out, never scanned.
        while index < scalars.endIndex, !output.isFull {
            guard scalars[index] == "{", scalars.index(after: index) < scalars.endIndex,
                  scalars[scalars.index(after: index)] == "{" else {
                index = scalars.index(after: index)
                continue
            }
            let nameStart = scalars.index(index, offsetBy: 2)
            var nameEnd = nameStart
            while nameEnd < scalars.endIndex, scalars[nameEnd] != "{", scalars[nameEnd] != "}" {
                nameEnd = scalars.index(after: nameEnd)
            }
            let closes = nameEnd < scalars.endIndex && scalars[nameEnd] == "}"
                && scalars.index(after: nameEnd) < scalars.endIndex && scalars[scalars.index(after: nameEnd)] == "}"
            if closes, let value = values[String(scalars[nameStart..<nameEnd])] {
                output.append(Substring(scalars[literalStart..<index]))
                output.append(Substring(value))
                index = scalars.index(nameEnd, offsetBy: 2)
                literalStart = index
            } else {
                // Not a known placeholder: its text stays. The name scan stopped at the next brace, so
                // resuming one scalar later keeps the whole fill linear.
                index = scalars.index(after: index)
            }
        }
        output.append(Substring(scalars[literalStart..<index]))
        return output.text
    }

    /// `text`, cut to ``maximumTextLength`` Unicode scalars (the last one `…`) when longer.
    static func capped(_ text: String) -> String {
        var output = TextBuilder(limit: maximumTextLength)
        output.append(Substring(text))
        return output.text
    }

    /// Collects Unicode scalars up to a limit (scalars, not characters, so a cluster of combining marks
    /// cannot grow without bound); past it, the text ends in `…` and further appends are ignored.
    private struct TextBuilder {
        let limit: Int
        private(set) var text = ""
        private var count = 0
        private(set) var isFull = false

        init(limit: Int) { self.limit = limit }

        mutating func append(_ piece: Substring) {
            for scalar in piece.unicodeScalars {
                guard !isFull else { return }
                guard count < limit else {
                    text.unicodeScalars.removeLast()
                    text.unicodeScalars.append("…")
                    isFull = true
                    return
                }
                text.unicodeScalars.append(scalar)
                count += 1
            }
        }
    }

    /// Seconds from a `Retry-After` value: delta-seconds (RFC 9110 §10.2.3: ASCII digits only, so
    /// no sign, fraction, exponent or `0x`), or an HTTP date (IMF-fixdate, RFC 850 or asctime)
    /// measured from `now` (never negative). `nil` for anything else, and for a wait longer than
    /// ``maximumRetryAfterSeconds``.
    package static func retryAfterSeconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // Leading zeros are allowed; past them, more digits than the maximum has is too long to read.
            let significant = trimmed.utf8.drop { $0 == 0x30 }
            guard significant.count <= String(maximumRetryAfterSeconds).count else { return nil }
            let seconds = significant.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            return seconds <= maximumRetryAfterSeconds ? Double(seconds) : nil
        }
        if let date = HTTPDate.parse(trimmed, now: now) {
            let seconds = max(0, date.timeIntervalSince(now).rounded())
            return seconds <= Double(maximumRetryAfterSeconds) ? seconds : nil
        }
        return nil
    }
}
