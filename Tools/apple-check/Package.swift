// swift-tools-version: 6.2
// The Apple-path check: stand-in SwiftUI, Combine, UIKit and Accessibility modules, against which
// the real ThunderID and ThunderIDSwiftUI targets of the main package (../..) and the seed's
// snippets compile on Linux. Not part of any product. Run it with `Tools/apple-check/run`.
import PackageDescription

let main = "ThunderIDChangeCredential"

let package = Package(
    name: "apple-check",
    dependencies: [.package(name: main, path: "../..")],
    targets: [
        // The stand-ins. `run` builds them first, so that `canImport(SwiftUI)`, `canImport(Combine)`
        // and `canImport(os)` are true when the main package's targets compile.
        .target(name: "Combine"),
        .target(name: "UIKit"),
        .target(name: "Accessibility"),
        // `os`: OSAllocatedUnfairLock, so the main package's `canImport(os)` branches (ECMARegex's
        // Locked and AtomicWord, what Apple builds lock with) compile and run here.
        .target(name: "os"),
        .target(name: "SwiftUI", dependencies: ["Combine", "UIKit", "Accessibility", "os"]),
        // The seed's snippets, extracted verbatim from seeds/ChangeCredential.md by `run`.
        .target(name: "SeedSnippets", dependencies: [
            "SwiftUI",
            .product(name: "ThunderID", package: main),
            .product(name: "ThunderIDSwiftUI", package: main),
        ], path: "Generated/SeedSnippets"),
        // The README's SwiftUI examples, extracted verbatim by `run`.
        .target(name: "ReadmeSnippets", dependencies: [
            "SwiftUI",
            .product(name: "ThunderID", package: main),
            .product(name: "ThunderIDEventLog", package: main),
            .product(name: "ThunderIDSwiftUI", package: main),
        ], path: "Generated/ReadmeSnippets"),
        // What only Apple builds would otherwise exercise: Combine announcements.
        .testTarget(name: "AppleCheckTests", dependencies: [
            "Combine", "SwiftUI", "SeedSnippets", "ReadmeSnippets",
            .product(name: "ThunderID", package: main),
            .product(name: "ThunderIDSwiftUI", package: main),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
