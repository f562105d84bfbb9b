import Foundation
import Testing

/// The shipping `ThunderID` library holds what apps use; the stand-ins live in `ThunderIDTesting`.
@Suite("Product layout")
struct ProductLayoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func swiftSources(under folder: String) throws -> [String: String] {
        let base = root.appendingPathComponent(folder)
        var sources: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            sources[url.lastPathComponent] = try String(contentsOf: url, encoding: .utf8)
        }
        return sources
    }

    @Test("No fake or scripted service is declared in the ThunderID target; ThunderIDTesting declares them")
    func fakesLiveInTestingProduct() throws {
        let shipping = try Self.swiftSources(under: "Sources/ThunderID")
        let testing = try Self.swiftSources(under: "Sources/ThunderIDTesting")
        for declaration in ["actor InMemorySchemaProvider", "actor ScriptedCredentialUpdater",
                            "class InMemoryHTTPTransport", "static func credential(", "static func notCredential("] {
            #expect(!shipping.values.contains { $0.contains(declaration) }, "\(declaration) in ThunderID")
            #expect(testing.values.contains { $0.contains(declaration) }, "\(declaration) missing from ThunderIDTesting")
        }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".library(name: "ThunderIDTesting", targets: ["ThunderIDTesting"])"#))
    }
}
