import Foundation

/// Where the ThunderID server is and how to authenticate to it.
///
/// Each initializer validates the URL and throws ``ThunderIDError/configuration(_:)`` when it cannot
/// be used. `https` is required; plain `http` only for loopback hosts written unambiguously:
/// `localhost`, a dotted-decimal IPv4 address in `127.0.0.0/8` without leading zeros, or `::1`
/// (libcurl would read `0177.0.0.1` as octal and look `127.0.0.08` up as a name). A port, when given,
/// is 1 to 65535. The Linux transport uses no proxy whatever the environment says; on Apple
/// platforms `URLSession` follows the system's proxy settings.
public struct ThunderIDConfig: Sendable {
    /// Supplies a fresh access token for each request. The app owns sign-in and refresh; the
    /// client only asks. A thrown error becomes ``ThunderIDError/tokenUnavailable(_:)``.
    public typealias AccessTokenProvider = @Sendable () async throws -> String

    /// The server's base URL, without a trailing slash (for example `https://id.example.com`).
    public let baseUrl: URL
    /// The OAuth client id of the app, when it has one. The client sends it nowhere.
    public let clientId: String?
    /// How long one request may take before it fails with ``TransportFailure/timeout``.
    public let requestTimeout: Duration
    package let accessToken: AccessTokenProvider

    /// The default request timeout: 30 seconds.
    public static let defaultRequestTimeout: Duration = .seconds(30)

    /// Validates and builds a configuration from a URL string.
    ///
    /// - Throws: ``ThunderIDError/configuration(_:)`` when `baseUrl` is not an absolute
    ///   `https` URL (or `http` to a loopback host), has a port outside 1–65535, carries a user name,
    ///   password, query or fragment, or when `requestTimeout` is not positive.
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
        if let port = components.port, !(1...65535).contains(port) {
            throw .configuration("baseUrl's port must be 1 to 65535, not \(port)")
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

    /// Whether `host` is loopback as every transport reads it: `localhost`, four decimal numbers without
    /// leading zeros in `127.0.0.0/8`, or `::1` in any spelling (brackets allowed); nothing else.
    static func isLoopback(_ host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { return true }
        if host.contains(":") { return isIPv6Loopback(host) }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy(isDecimalOctet) else { return false }
        return octets[0] == "127"
    }

    /// `0` to `255` in ASCII digits, with no leading zero (which some parsers read as octal).
    private static func isDecimalOctet(_ text: Substring) -> Bool {
        guard (1...3).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        guard text.utf8.count == 1 || text.utf8.first != 0x30 else { return false }
        return Int(text).map { $0 <= 255 } ?? false
    }

    /// Whether `text` is an IPv6 address equal to `::1` (`inet_pton` parses every spelling of it).
    private static func isIPv6Loopback(_ text: String) -> Bool {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in
            bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
        }
    }
}
