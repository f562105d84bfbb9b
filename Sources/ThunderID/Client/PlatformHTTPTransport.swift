import Foundation

extension ThunderIDClient {
    /// The platform's streaming transport, which reads every body incrementally and stops at its cap:
    /// `CurlTransport` on Linux, `URLSessionTransport` on Apple platforms and elsewhere.
    package static func makeDefaultTransport() -> any HTTPTransport {
        #if canImport(CCurl)
        CurlTransport()
        #else
        URLSessionTransport()
        #endif
    }
}
