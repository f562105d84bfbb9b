import Foundation

extension ServerError {
    /// Reads a non-success answer: the status, the `Retry-After` header, and the error body in
    /// either of the server's shapes (`message`/`description` as `{key, defaultValue, params}`
    /// objects, or as plain strings).
    ///
    /// A body that is empty, not JSON or not an object still gives an error with the status.
    /// `now` is the clock for an HTTP-date `Retry-After`.
    public init(response: HTTPResponse, now: Date = Date()) {
        self.init(status: response.status)
        retryAfter = response.header("Retry-After").flatMap { Self.retryAfterSeconds($0, now: now) }
        guard !response.body.isEmpty, let body = try? JSONParser.parse(response.body), case .object = body else {
            return
        }
        if case .string(let code)? = body["code"], !code.isEmpty {
            self.code = code
        }
        (message, messageKey) = Self.text(body["message"])
        (description, descriptionKey) = Self.text(body["description"])
    }

    /// A message as text and i18n key: a plain string, or an object's `defaultValue` (its `key`
    /// when there is no default), with `{{name}}` placeholders filled from `params`.
    private static func text(_ value: JSONValue?) -> (text: String?, key: String?) {
        switch value {
        case .string(let text)?:
            return (text, nil)
        case .object?:
            var key: String?
            if case .string(let found)? = value?["key"] { key = found }
            var text: String?
            if case .string(let found)? = value?["defaultValue"] { text = found }
            if var filled = text, case .object(let params)? = value?["params"] {
                for param in params {
                    let replacement: String
                    switch param.value {
                    case .string(let string): replacement = string
                    case .number(let number): replacement = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                    case .bool(let flag): replacement = String(flag)
                    case .null, .array, .object: continue
                    }
                    filled = filled.replacingOccurrences(of: "{{\(param.key)}}", with: replacement)
                }
                text = filled
            }
            return (text ?? key, key)
        case nil, .null?, .bool?, .number?, .array?:
            return (nil, nil)
        }
    }

    /// Seconds from a `Retry-After` value: delta-seconds, or an HTTP date (IMF-fixdate,
    /// RFC 850 or asctime) measured from `now` (never negative).
    public static func retryAfterSeconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), let seconds = Double(trimmed), seconds.isFinite, seconds >= 0 {
            return seconds
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) {
                return max(0, date.timeIntervalSince(now).rounded())
            }
        }
        return nil
    }
}
