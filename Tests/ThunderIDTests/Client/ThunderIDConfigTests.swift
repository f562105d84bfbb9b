import Foundation
import Testing
@testable import ThunderID

/// Configuration validation: https, loopback-only http, no credentials or queries in the URL.
@Suite("ThunderIDConfig")
struct ThunderIDConfigTests {
    static let token: ThunderIDConfig.AccessTokenProvider = { "token" }

    @Test("Accepted base URLs, normalised without a trailing slash", arguments: [
        ("https://id.example.com", "https://id.example.com"),
        ("https://id.example.com/", "https://id.example.com"),
        ("HTTPS://id.example.com/t/acme//", "https://id.example.com/t/acme"),
        ("https://id.example.com:8443/base", "https://id.example.com:8443/base"),
        ("http://localhost:8090", "http://localhost:8090"),
        ("http://127.0.0.1:9000/", "http://127.0.0.1:9000"),
        ("http://127.10.0.3", "http://127.10.0.3"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("http://[0:0:0:0:0:0:0:1]:8080", "http://[0:0:0:0:0:0:0:1]:8080"),
        ("http://127.0.0.10:65535", "http://127.0.0.10:65535"),
        ("https://id.example.com:1", "https://id.example.com:1"),
        (" https://id.example.com ", "https://id.example.com"),
    ])
    func accepted(input: String, normalised: String) throws {
        let config = try ThunderIDConfig(baseUrl: input, accessToken: Self.token)
        #expect(config.baseUrl.absoluteString == normalised)
        #expect(config.url(for: "users/me/meta").absoluteString == normalised + "/users/me/meta")
    }

    @Test("Rejected base URLs give .configuration", arguments: [
        ("http://id.example.com", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"id.example.com\""),
        ("http://128.0.0.1", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"128.0.0.1\""),
        ("http://127.0.0.1.evil.com", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"127.0.0.1.evil.com\""),
        ("http://localhost.evil.com", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"localhost.evil.com\""),
        // Spellings a transport reads differently: a name to look up (libcurl: a leading zero before 8 or
        // 9 is not octal), octal, shorthand, a *.localhost name older libcurl resolves through DNS.
        ("http://127.0.0.08", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"127.0.0.08\""),
        ("http://127.0.0.01", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"127.0.0.01\""),
        ("http://0177.0.0.1", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"0177.0.0.1\""),
        ("http://127.1", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"127.1\""),
        ("http://api.localhost", "baseUrl must use https; plain http is allowed only for loopback hosts, not \"api.localhost\""),
        ("http://127.0.0.1:0", "baseUrl's port must be 1 to 65535, not 0"),
        ("http://127.0.0.1:99999", "baseUrl's port must be 1 to 65535, not 99999"),
        ("https://id.example.com:65536", "baseUrl's port must be 1 to 65535, not 65536"),
        ("ftp://id.example.com", "baseUrl must use https, not \"ftp\""),
        ("id.example.com", "baseUrl \"id.example.com\" is not an absolute URL"),
        ("https://", "baseUrl \"https://\" has no host"),
        ("https://user:hunter2@id.example.com", "baseUrl must not carry a user name or password"),
        ("https://id.example.com?tenant=a", "baseUrl must not carry a query or fragment"),
        ("https://id.example.com#top", "baseUrl must not carry a query or fragment"),
        ("", "baseUrl \"\" is not a valid URL"),
    ])
    func rejected(input: String, problem: String) {
        #expect(throws: ThunderIDError.configuration(problem)) {
            try ThunderIDConfig(baseUrl: input, accessToken: Self.token)
        }
    }

    @Test("A rejected URL's error never repeats its password")
    func passwordNotEchoed() {
        let error = #expect(throws: ThunderIDError.self) {
            try ThunderIDConfig(baseUrl: "https://user:hunter2@id.example.com", accessToken: Self.token)
        }
        #expect(error.map { !$0.description.contains("hunter2") } == true)
    }

    @Test("Timeouts must be positive; an empty clientId is refused")
    func otherFields() throws {
        #expect(throws: ThunderIDError.self) {
            try ThunderIDConfig(baseUrl: "https://id.example.com", requestTimeout: .zero, accessToken: Self.token)
        }
        #expect(throws: ThunderIDError.configuration("clientId is empty; pass nil when the app has none")) {
            try ThunderIDConfig(baseUrl: "https://id.example.com", clientId: " ", accessToken: Self.token)
        }
        let config = try ThunderIDConfig(baseUrl: "https://id.example.com", clientId: "app-1", requestTimeout: .seconds(3),
                                         accessToken: Self.token)
        #expect(config.clientId == "app-1")
        #expect(config.requestTimeout == .seconds(3))
        #expect(ThunderIDConfig.defaultRequestTimeout == .seconds(30))
    }

    @Test("Loopback detection", arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.255.255.254", true), ("127.0.0.0", true),
        ("127.100.0.9", true), ("::1", true), ("[::1]", true), ("0::1", true), ("0:0:0:0:0:0:0:1", true),
        ("0.0.0.0", false), ("10.0.0.1", false), ("127.0.0", false), ("127.0.0.256", false), ("127.0.0.1.", false),
        ("example.com", false), ("127.0.0.1.nip.io", false), ("127.0.0.08", false), ("127.0.0.00", false), ("0127.0.0.1", false),
        ("127.0.0.0x1", false), ("127.1", false), ("2130706433", false), ("api.localhost", false), ("localhost.", false),
        ("::2", false), ("::ffff:127.0.0.1", false), ("::1%lo", false), ("", false), ("[]", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(ThunderIDConfig.isLoopback(host) == expected)
    }
}
