@testable import ThunderID

/// What `GET /__admin/stats` reports.
struct EmulatorStats: Sendable {
    /// Requests received per route (admin requests are not counted).
    struct Requests: Sendable, Equatable {
        var meta: Int
        var update: Int
        var other: Int
        var total: Int
    }

    var requests: Requests
    /// Requests on the real routes being answered now, and the most at once since the last reset.
    var inFlight: Int
    var mostInFlight: Int
    /// The whole answer, for the shape of the last requests (`last.update.bodyShape`, …).
    var raw: JSONValue

    init(_ raw: JSONValue) throws {
        func count(_ key: String) throws -> Int {
            guard case .number(let value)? = raw["requests"]?[key] else {
                throw EmulatorError.adminRefused("stats without requests.\(key)")
            }
            return Int(value)
        }
        requests = Requests(meta: try count("meta"), update: try count("update"), other: try count("other"),
                            total: try count("total"))
        guard case .number(let now)? = raw["concurrency"]?["now"], case .number(let most)? = raw["concurrency"]?["max"] else {
            throw EmulatorError.adminRefused("stats without concurrency")
        }
        inFlight = Int(now)
        mostInFlight = Int(most)
        self.raw = raw
    }

    /// The last request recorded on `route` (`method`, `path`, `query`, `authorization`
    /// as `Bearer <N chars>`, `contentType`, `bodyLength`, `bodyShape`).
    func last(_ route: EmulatorRule.Route) -> JSONValue? {
        raw["last"]?[route.rawValue]
    }
}
