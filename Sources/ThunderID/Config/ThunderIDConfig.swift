import Foundation

/// Where the ThunderID server is and how to authenticate to it.
///
/// Build one from a string with ``init(baseUrl:clientId:requestTimeout:accessToken:)-(String,_,_,_)``
/// or from a `URL` with ``init(baseUrl:clientId:requestTimeout:accessToken:)-(URL,_,_,_)``; each initializer
/// validates the URL and throws ``ThunderIDError/configuration(_:)`` when it cannot be used.
/// `https` is required; plain `http` is accepted only for loopback hosts (`localhost`,
/// `127.0.0.0/8`, `::1`), so a local emulator or development server can be reached.
public struct ThunderIDConfig: Sendable {
    /// Supplies a fresh access token for each request. The app owns sign-in and refresh; the
    /// client only asks. A thrown error becomes ``ThunderIDError/tokenUnavailable(_:)``.
    public typealias AccessTokenProvider = @Sendable () async throws -> String

    /// The server's base URL, without a trailing slash (for example `https://id.example.com`).
    public let baseUrl: URL
    /// The OAuth client id of the app, when the app has one. Sent nowhere by the client today;
    /// kept so views and logs can tell apps apart.
    public let clientId: String?
    /// How long one request may take before it fails with ``TransportFailure/timeout``.
    public let requestTimeout: Duration
    /// Supplies the bearer token for each request.
    package let accessToken: AccessTokenProvider

    /// The default request timeout: 30 seconds.
    public static let defaultRequestTimeout: Duration = .seconds(30)

    /// Validates and builds a configuration from a URL string.
    ///
    /// - Throws: ``ThunderIDError/configuration(_:)`` when `baseUrl` is not an absolute
    ///   `https` URL (or `http` to a loopback host), carries a user name, password, query or
    ///   fragment, or when `requestTimeout` is not positive.
    public init(
        baseUrl: String,
        clientId: String? = nil,
        requestTimeout: Duration = ThunderIDConfig.defaultRequestTimeout,
        accessToken: @escaping AccessTokenProvider
    ) throws(ThunderIDError) {
        guard let url = URL(string: baseUrl.trimmingCharacters(in: .whitespaces)) else {
            throw .configuration("baseUrl \"\(baseUrl)\" is not a valid URL")
        }
        try self.init(baseUrl: url, clientId: clientId, requestTimeout: requestTimeout, accessToken: accessToken)
    }

    /// Validates and builds a configuration from a URL.
    ///
    /// - Throws: ``ThunderIDError/configuration(_:)``; see ``init(baseUrl:clientId:requestTimeout:accessToken:)-(String,_,_,_)``.
    public init(
        baseUrl: URL,
        clientId: String? = nil,
        requestTimeout: Duration = ThunderIDConfig.defaultRequestTimeout,
        accessToken: @escaping AccessTokenProvider
    ) throws(ThunderIDError) {
        self.baseUrl = try Self.validated(baseUrl)
        if let clientId, clientId.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .configuration("clientId is empty; pass nil when the app has none")
        }
        self.clientId = clientId
        guard requestTimeout > .zero else {
            throw .configuration("requestTimeout must be positive, got \(requestTimeout)")
        }
        self.requestTimeout = requestTimeout
        self.accessToken = accessToken
    }

    /// The URL of an API path such as `users/me/meta`, under ``baseUrl``.
    func url(for path: String) -> URL {
        baseUrl.appendingPathComponent(path, isDirectory: false)
    }

    private static func validated(_ url: URL) throws(ThunderIDError) -> URL {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased() else {
            throw .configuration("baseUrl \"\(url.absoluteString)\" is not an absolute URL")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .configuration("baseUrl \"\(url.absoluteString)\" has no host")
        }
        switch scheme {
        case "https":
            break
        case "http":
            guard isLoopback(host) else {
                throw .configuration("baseUrl must use https; plain http is allowed only for loopback hosts, not \"\(host)\"")
            }
        default:
            throw .configuration("baseUrl must use https, not \"\(scheme)\"")
        }
        // Never echo a password: name the problem, not the value.
        guard components.user == nil, components.password == nil else {
            throw .configuration("baseUrl must not carry a user name or password")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .configuration("baseUrl must not carry a query or fragment")
        }
        var normalised = components
        normalised.scheme = scheme
        while normalised.path.hasSuffix("/") { normalised.path.removeLast() }
        guard let result = normalised.url else {
            throw .configuration("baseUrl \"\(url.absoluteString)\" is not a valid URL")
        }
        return result
    }

    /// Whether `host` names this machine: `localhost`, an IPv4 address in `127.0.0.0/8`, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) else {
            return false
        }
        return octets[0] == "127"
    }
}
