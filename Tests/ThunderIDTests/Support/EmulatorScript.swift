import Foundation

/// What to tell the emulator through `POST /__admin/script` (see `Tools/emulator/README.md`).
/// Every field is optional; a field left nil keeps the emulator's current setting.
struct EmulatorScript: Encodable, Sendable {
    /// Serve this fixture from `Tools/emulator/fixtures` (`person`, `pin`, `regex`, …).
    var fixture: String?
    /// Serve this exact body at `/users/me/meta` (may be malformed on purpose).
    var rawMetaBody: String?
    /// Accept only these bearer tokens.
    var tokens: [String]?
    /// Replace the scripted rules with these (first match wins).
    var rules: [EmulatorRule]?

    init(fixture: String? = nil, rawMetaBody: String? = nil, tokens: [String]? = nil, rules: [EmulatorRule]? = nil) {
        self.fixture = fixture
        self.rawMetaBody = rawMetaBody
        self.tokens = tokens
        self.rules = rules
    }

    enum CodingKeys: String, CodingKey {
        case fixture, tokens, rules
        case rawMetaBody = "schema"
    }
}

/// One scripted behaviour for the emulator: an answer, a fault or a delay, on a route.
struct EmulatorRule: Encodable, Sendable {
    /// Which endpoint the rule applies to.
    enum Route: String, Encodable, Sendable {
        /// `GET /users/me/meta`
        case meta
        /// `POST /users/me/update-credentials`
        case update
        /// Both.
        case any
    }

    /// A fault the emulator can inject.
    enum Fault: String, Encodable, Sendable, CaseIterable {
        /// Accept the request and never answer (until `hangSeconds`, reset or stop).
        case hang
        /// Close the connection without answering.
        case drop
        /// Reset the connection (TCP RST) without answering.
        case reset
        /// Send headers and part of the body, then close.
        case truncate
        /// Answer with a body that is not valid JSON, labelled JSON.
        case malformedJSON = "malformed-json"
        /// Answer with an HTML page labelled `text/html`.
        case wrongContentType = "wrong-content-type"
        /// A JSON-labelled chunked body that never ends (until the client leaves or `hangSeconds`).
        case endlessBody = "endless-body"
        /// A `Content-Encoding: gzip` body that inflates to `inflatedBytes` (1 GiB by default).
        case gzipBomb = "gzip-bomb"
        /// A `status` answer (200 by default) announcing a body, one byte of it, then nothing until `hangSeconds`.
        case stalledBody = "stalled-body"
        /// A chunked answer ending in trailer fields (`headers`; `Retry-After: 7` by default).
        case trailer
        /// `body` written as the exact text of the answer, then the connection held `hangSeconds` (none by default).
        case raw
    }

    var route: Route = .any
    /// How many requests the rule applies to; nil means every request.
    var times: Int?
    /// Seconds to wait before answering (alone: then answer normally).
    var delay: Double?
    /// A code of the emulator's error catalogue (`USR-1024`, `AUTH-4010`, …).
    var error: String?
    /// `"strings"` for the plain-string error body shape; nil for i18n objects.
    var shape: String?
    var status: Int?
    var body: String?
    var contentType: String?
    var headers: [String: String]?
    var retryAfter: String?
    var fault: Fault?
    var hangSeconds: Double?
    /// What a `gzip-bomb` inflates to, in bytes.
    var inflatedBytes: Int?

    /// Answer with the catalogue's status and body for `code`.
    static func error(_ code: String, on route: Route, plainStrings: Bool = false, retryAfter: String? = nil) -> EmulatorRule {
        var rule = EmulatorRule(route: route)
        rule.error = code
        rule.shape = plainStrings ? "strings" : nil
        rule.retryAfter = retryAfter
        return rule
    }

    /// Answer with `status` and a raw `body` (empty by default).
    static func status(_ status: Int, on route: Route, body: String? = nil, contentType: String? = nil,
                       retryAfter: String? = nil) -> EmulatorRule {
        var rule = EmulatorRule(route: route)
        rule.status = status
        rule.body = body
        rule.contentType = contentType
        rule.retryAfter = retryAfter
        return rule
    }

    /// Inject `fault`; `status` overrides the status of the answering faults.
    static func fault(_ fault: Fault, on route: Route, status: Int? = nil, hangSeconds: Double? = nil,
                      inflatedBytes: Int? = nil) -> EmulatorRule {
        var rule = EmulatorRule(route: route)
        rule.fault = fault
        rule.status = status
        rule.hangSeconds = hangSeconds
        rule.inflatedBytes = inflatedBytes
        return rule
    }

    /// Write `text` as the whole answer, status line and all, then close (after `hangSeconds`, when given).
    static func raw(_ text: String, on route: Route, hangSeconds: Double? = nil) -> EmulatorRule {
        var rule = EmulatorRule(route: route)
        rule.fault = .raw
        rule.body = text
        rule.hangSeconds = hangSeconds
        return rule
    }

    /// A chunked answer with `status` (the route's default when nil) ending in `trailer` fields.
    static func trailer(_ trailer: [String: String], on route: Route, status: Int? = nil) -> EmulatorRule {
        var rule = EmulatorRule(route: route)
        rule.fault = .trailer
        rule.status = status
        rule.headers = trailer
        return rule
    }

    /// Wait `seconds`, then answer as the real contract says.
    static func delay(_ seconds: Double, on route: Route) -> EmulatorRule {
        var rule = EmulatorRule(route: route)
        rule.delay = seconds
        return rule
    }
}
