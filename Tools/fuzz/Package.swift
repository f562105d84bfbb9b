// swift-tools-version: 6.2
// libFuzzer targets for the main package, built separately so `swift test` there is unaffected.
// Build and run them with `Tools/fuzz/run` (it passes -sanitize=fuzzer,address and -enable-testing).
import Foundation
import PackageDescription

// A local dependency's identity is its directory name, which differs between clones and worktrees.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let main = root.lastPathComponent.lowercased()

func target(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: main) } + ["FuzzSupport"],
        path: "Sources/\(name)")
}

let package = Package(
    name: "ThunderIDFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: root.path)],
    targets: [
        .target(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], path: "Sources/FuzzSupport"),
        target("fuzz-regex", ["ECMARegex"]),
        target("fuzz-client", ["ThunderID", "ECMARegex"]),
        target("fuzz-spec", ["ThunderIDSpec", "ThunderID"]),
        target("fuzz-trace", ["ThunderIDSpec", "ThunderID", "ThunderIDEventLog"]),
    ],
    swiftLanguageModes: [.v6]
)
