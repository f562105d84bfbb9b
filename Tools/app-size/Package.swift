// swift-tools-version: 6.2
// The app-size report: a tiny app that uses ThunderID and ThunderIDSwiftUI as the README's
// snippets do, and a Foundation-only baseline, both built as an app builds the package (traits off).
// A package of its own, so the main package's products do not grow. Run it with `Tools/app-size/run`.
import Foundation
import PackageDescription

// A local dependency's identity is its directory name, which differs between clones and worktrees.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let main = root.lastPathComponent.lowercased()

let package = Package(
    name: "ThunderIDAppSize",
    platforms: [.macOS(.v14)],
    // `traits: []`: the defaults off, as the README tells an app that wants no C library (PCRE2 nowhere).
    dependencies: [.package(path: root.path, traits: [])],
    targets: [
        .executableTarget(
            name: "app-size-app",
            dependencies: [
                .product(name: "ThunderID", package: main),
                .product(name: "ThunderIDSwiftUI", package: main),
            ],
            path: "Sources/app-size-app"),
        .executableTarget(name: "app-size-baseline", path: "Sources/app-size-baseline"),
    ],
    swiftLanguageModes: [.v6]
)
