import Foundation

extension ServerError {
    /// Error bodies over this many bytes are not read: the error keeps its status and `Retry-After`.
    package static let maximumBodyBytes = 64 * 1024

    /// The most Unicode scalars a server text keeps; a longer one is cut and ends in `…`.
    package static let maximumTextLength = 1024

    /// The longest `Retry-After` wait honoured: one day. A longer one is treated as absent, so the user
    /// reads "Try again later" rather than a wait no one would sit through.
    package static let maximumRetryAfterSeconds = 86_400

    /// ``retryAfter`` in whole seconds, rounded up and never negative; `nil` when absent, NaN, or over
    /// ``maximumRetryAfterSeconds``.
    package var retryAfterWholeSeconds: Int? {
        guard let retryAfter, !retryAfter.isNaN else { return nil }
        let rounded = retryAfter.rounded(.up)
        if rounded <= 0 { return 0 }
        // Compared as a Double first, so no value (infinity, 1e300) reaches a conversion that traps.
        guard rounded <= Double(Self.maximumRetryAfterSeconds) else { return nil }
        return Int(rounded)
    }

    /// Reads a non-success answer: the status, `Retry-After` (an HTTP date measured from `now`), and
    /// the error body with `message`/`description` as plain strings or `{key, defaultValue, params}`
    /// objects. A body that is empty, not a JSON object or over ``maximumBodyBytes`` gives the status alone.
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

    /// A message as text and i18n key: a string, or an object's `defaultValue` (else its `key`) with
    /// `{{name}}` placeholders filled from `params`.
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

    /// Fills `{{name}}` placeholders in one linear pass: inserted text is never re-read, and the output
    /// stops at ``maximumTextLength``. Unknown placeholders stay as written.
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
        // Linear: a name ends at the next brace, and inserted values are never scanned.
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
                // Not a known placeholder: its text stays.
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

    /// Collects Unicode scalars up to a limit (scalars, so combining marks cannot grow it without bound),
    /// then ends the text in `…`.
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

    /// Seconds from a `Retry-After`: ASCII delta-seconds, or an HTTP date measured from `now` (never
    /// negative); `nil` otherwise or past ``maximumRetryAfterSeconds``.
    package static func retryAfterSeconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // Leading zeros are allowed; more significant digits than the maximum has is too long.
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
