import Foundation
import Testing
@testable import ThunderID

/// Reading error bodies in both shapes, and Retry-After.
@Suite("Server error bodies")
struct ServerErrorParsingTests {
    static func response(_ status: Int, _ body: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    @Test("The i18n-object shape: code, defaultValues and keys")
    func objectShape() {
        let error = ServerError(response: Self.response(400, #"""
            {"code": "USR-1017",
             "message": {"key": "error.userservice.missing_credentials", "defaultValue": "Missing credentials"},
             "description": {"key": "error.userservice.missing_credentials_description", "defaultValue": "At least one credential field must be provided"}}
            """#))
        #expect(error == ServerError(status: 400, code: "USR-1017", message: "Missing credentials",
                                     detail: "At least one credential field must be provided",
                                     messageKey: "error.userservice.missing_credentials",
                                     detailKey: "error.userservice.missing_credentials_description"))
    }

    @Test("The plain-string shape (structured validation errors)")
    func stringShape() {
        let error = ServerError(response: Self.response(400, #"""
            {"code":"INVALID_INPUT_METADATA","message":"Validation Failed","description":"One or more inbound fields failed structural edge-boundary rules.","errors":{"a":"b"}}
            """#))
        #expect(error == ServerError(status: 400, code: "INVALID_INPUT_METADATA", message: "Validation Failed",
                                     detail: "One or more inbound fields failed structural edge-boundary rules."))
    }

    @Test("params fill {{name}} placeholders; a missing defaultValue falls back to the key")
    func paramsAndKeys() {
        let error = ServerError(response: Self.response(400, #"""
            {"code": "X-1", "message": {"key": "k.m", "defaultValue": "Field {{field}} needs {{count}} chars", "params": {"field": "pin", "count": 4}},
             "description": {"key": "k.d"}}
            """#))
        #expect(error.message == "Field pin needs 4 chars")
        #expect(error.detail == "k.d")
        #expect(error.detailKey == "k.d")
    }

    @Test("Placeholders are filled in one pass: text a param inserts is never read again")
    func singlePass() {
        let error = ServerError(response: Self.response(400, #"""
            {"message": {"defaultValue": "{{a}} and {{b}}, {{missing}} {{b", "params": {"a": "{{b}}", "b": "x"}}}
            """#))
        #expect(error.message == "{{b}} and x, {{missing}} {{b")
    }

    @Test("24 chained params that would double at each step stay one step deep")
    func chainedParams() {
        var params: [String] = []
        for index in 0..<24 {
            params.append(#""p\#(index)": "{{p\#(index + 1)}}{{p\#(index + 1)}}""#)
        }
        let body = #"{"message": {"defaultValue": "{{p0}}", "params": {"# + params.joined(separator: ", ") + "}}}"
        let error = ServerError(response: Self.response(400, body))
        #expect(error.message == "{{p1}}{{p1}}")
    }

    @Test("Filled text is capped, whatever the template repeats")
    func boundedOutput() {
        let template = String(repeating: "{{a}}", count: 200)
        let param = String(repeating: "x", count: 1000)
        let error = ServerError(response: Self.response(400, #"""
            {"message": {"defaultValue": "\#(template)", "params": {"a": "\#(param)"}}, "description": "\#(param + param)"}
            """#))
        #expect(error.message?.count == ServerError.maximumTextLength)
        #expect(error.message?.hasSuffix("…") == true)
        #expect(error.detail?.count == ServerError.maximumTextLength)
    }

    @Test("A body over the size cap is not read; the status and Retry-After remain")
    func oversizedBody() {
        let padding = String(repeating: " ", count: ServerError.maximumBodyBytes)
        let error = ServerError(response: Self.response(429, #"{"code": "X-1", "message": "m"}"# + padding,
                                                        headers: ["Retry-After": "5"]))
        #expect(error == ServerError(status: 429, retryAfter: 5))
        let fits = ServerError(response: Self.response(429, #"{"code": "X-1"}"#))
        #expect(fits.code == "X-1")
    }

    @Test("Empty, non-JSON, non-object and oddly typed bodies keep just the status", arguments: [
        "", "<html>oops</html>", "[1,2]", "\"text\"", #"{"code": 5, "message": 7, "description": [1]}"#, #"{"code": ""}"#,
    ])
    func degenerateBodies(body: String) {
        #expect(ServerError(response: Self.response(502, body)) == ServerError(status: 502))
    }

    @Test("Retry-After in seconds and as HTTP dates", arguments: [
        ("120", 120.0), (" 5 ", 5), ("0", 0), ("007", 7), ("86400", 86_400), ("0000000000000000000000086400", 86_400),
        ("Sun, 29 Nov 2026 12:00:30 GMT", 30), ("Sunday, 29-Nov-26 12:01:00 GMT", 60), ("Sun Nov 29 12:00:10 2026", 10),
        ("Sun, 29 Nov 2026 11:00:00 GMT", 0),
    ])
    func retryAfter(value: String, seconds: Double) {
        let now = Date(timeIntervalSince1970: 1_795_953_600) // Sun, 29 Nov 2026 12:00:00 GMT
        #expect(ServerError.retryAfterSeconds(value, now: now) == seconds)
        let error = ServerError(response: Self.response(429, "", headers: ["retry-after": value]), now: now)
        #expect(error.retryAfter == seconds)
    }

    @Test("HTTP dates outside the grammar or the calendar are ignored", arguments: [
        "Sun, 32 Nov 2026 12:00:30 GMT", "Sun, 29 Feb 2025 12:00:30 GMT", "Sun, 29 Nov 2026 24:00:00 GMT",
        "Sun, 29 Nov 2026 12:60:00 GMT", "Sun, 29 Nov 2026 12:00:30 UTC", "Sun, 9 Nov 2026 12:00:30 GMT",
        "Sun, 29 Nov 99999 12:00:30 GMT", "Sun, 29 Nov -026 12:00:30 GMT", "Sunday, 29-Nov-2026 12:01:00 GMT",
        "Sun Nov 29 12:00:10", "Xyz, 29 Nov 2026 12:00:30 GMT", "Sun, 29 Nov 2026 12:00:30 GMT extra",
        // What a lenient reading, or a DateFormatter without the shape check, would take:
        "Sun, 29 Nov 2026 12:0:30 GMT", "Sun, 29 Nov 26 12:00:30 GMT", "Sun Nov 29 12:00:10 26", "Sun Nov 029 12:00:10 2026",
        "Sunday, 6-Nov-94 08:49:37 GMT", "Sun, 29 Nov 2026 12:00:30 gmt", "Sun,  29 Nov 2026 12:00:30 GMT",
    ])
    func badHTTPDates(value: String) {
        let now = Date(timeIntervalSince1970: 1_795_953_600)
        #expect(ServerError.retryAfterSeconds(value, now: now) == nil)
    }

    @Test("A leap day, a space-padded asctime day and a two-digit year from the last century read exactly")
    func httpDateEdges() {
        let now = Date(timeIntervalSince1970: 1_795_953_600) // Sun, 29 Nov 2026 12:00:00 GMT
        #expect(HTTPDate.parse("Sun, 29 Feb 2032 00:00:00 GMT", now: now) == Date(timeIntervalSince1970: 1_961_625_600))
        #expect(HTTPDate.parse("Sun Nov  1 12:00:00 2026", now: now) == Date(timeIntervalSince1970: 1_793_534_400))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test("Unreadable Retry-After values are ignored", arguments: ["soon", "-5", "", "NaN", "inf", "٣"])
    func badRetryAfter(value: String) {
        #expect(ServerError.retryAfterSeconds(value) == nil)
    }

    @Test("Retry-After is ASCII digits only: hex, signs, fractions and exponents are ignored",
          arguments: ["0x10", "0X10", "+5", "1.5", "1e3", "1e19", "5.", ".5", "1_000", "16 s", "0b1"])
    func notDeltaSeconds(value: String) {
        #expect(ServerError.retryAfterSeconds(value) == nil)
        let error = ServerError(response: Self.response(429, "", headers: ["Retry-After": value]))
        #expect(error.retryAfter == nil)
    }

    @Test("A Retry-After longer than a day, in seconds or as a date, is treated as absent",
          arguments: ["86401", "10000000000000000000", "99999999999999999999999999", "Mon, 30 Nov 2026 12:00:01 GMT",
                      "Fri, 31 Dec 9999 23:59:59 GMT"])
    func implausibleRetryAfter(value: String) {
        let now = Date(timeIntervalSince1970: 1_795_953_600) // Sun, 29 Nov 2026 12:00:00 GMT
        #expect(ServerError.retryAfterSeconds(value, now: now) == nil)
        #expect(ServerError.retryAfterSeconds("Mon, 30 Nov 2026 12:00:00 GMT", now: now) == 86_400)
    }
}
