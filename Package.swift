// swift-tools-version: 6.2
import Foundation
import PackageDescription

// Where the PCRE2 fast path is built: Linux with the default `PCRE2` trait, macOS only with the opt-in
// `PCRE2OnMacOS` trait, never iOS, tvOS, watchOS or visionOS. Code tests `#if PCRE2_BACKEND`, which is
// defined exactly where CPCRE2 is a dependency (a trait alone is defined on every platform).
let pcre2Dependencies: [Target.Dependency] = [
    .target(name: "CPCRE2", condition: .when(platforms: [.linux], traits: ["PCRE2"])),
    .target(name: "CPCRE2", condition: .when(platforms: [.macOS], traits: ["PCRE2OnMacOS"])),
]
let pcre2Settings: [SwiftSetting] = [
    .define("PCRE2_BACKEND", .when(platforms: [.linux], traits: ["PCRE2"])),
    .define("PCRE2_BACKEND", .when(platforms: [.macOS], traits: ["PCRE2OnMacOS"])),
]

// The libFuzzer targets (Tools/fuzz, a package of their own) reach the spec runner through this
// product; Tools/fuzz/run sets THUNDERID_FUZZ=1 for its build. No other build sees it.
let fuzzingProducts: [Product] = ProcessInfo.processInfo.environment["THUNDERID_FUZZ"] == "1"
    ? [.library(name: "ThunderIDSpec", targets: ["ThunderIDSpec"])] : []

let package = Package(
    name: "ThunderIDChangeCredential",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        // The ECMAScript regex engine (a portable matcher; PCRE2 where a trait turns it on), usable on its own.
        .library(name: "ECMARegex", targets: ["ECMARegex"]),
        // Client, schema, shared state, the ChangeCredential machine and its observable state.
        .library(name: "ThunderID", targets: ["ThunderID"]),
        // The debug event log's JSON-lines sinks (standard error, file) and the `THUNDERID_TRACE` switch:
        // opt in, so an app that does not log to a file links none of it.
        .library(name: "ThunderIDEventLog", targets: ["ThunderIDEventLog"]),
        // In-memory schema provider and scripted updater, for tests and previews.
        .library(name: "ThunderIDTesting", targets: ["ThunderIDTesting"]),
        // SwiftUI views (Apple platforms; empty elsewhere).
        .library(name: "ThunderIDSwiftUI", targets: ["ThunderIDSwiftUI"]),
        // The spec runner (`ThunderIDSpec`, `thunderid-spec`) and the tools are targets, not products:
        // `swift run <tool>` finds them in a checkout, and an app's package graph never offers them.
    ] + fuzzingProducts,
    traits: [
        // The system PCRE2 library as the regex fast path, on Linux only. Apple platforms always use the
        // portable matcher unless an app opts in below, so an app build needs no Homebrew and links no
        // dylib by a Homebrew path. Without it every pattern runs on the portable matcher.
        .trait(name: "PCRE2", description: "On Linux, match regexes with the system PCRE2 library (JIT) where it is exact"),
        // The same fast path on macOS, for servers and command-line tools: needs Homebrew's pcre2 and
        // links it by its Homebrew path, so never for an app that is distributed.
        .trait(name: "PCRE2OnMacOS", description: "On macOS too, match regexes with PCRE2 (Homebrew's pcre2; not for distributed apps)"),
        .default(enabledTraits: ["PCRE2"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // libcurl, for the Linux HTTP transport (CurlTransport), which streams bodies and stops at their caps.
        // Linux only: Apple platforms use URLSession, so an Xcode build never needs it.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(
            name: "ECMARegex",
            dependencies: pcre2Dependencies,
            swiftSettings: pcre2Settings
        ),
        // The package's one JSON reader, for what Foundation's JSON loses (see JSONParser's doc comment):
        // the schema decoder and error bodies (ThunderID), the `--jsonl` requests (ECMARegexConformance).
        .target(name: "JSONCore"),
        // Loads and judges the regex conformance data in Specs/regex (shared by ecma-regex and the tests).
        .target(name: "ECMARegexConformance", dependencies: ["ECMARegex", "JSONCore"]),
        // Resources: the localized strings tables (`<language>.lproj/ChangeCredential.strings`).
        .target(name: "ThunderID",
                dependencies: ["ECMARegex", "JSONCore", .target(name: "CCurl", condition: .when(platforms: [.linux]))],
                resources: [.process("Resources")]),
        // The event log's JSON-lines encoding, its standard-error and file sinks, and `THUNDERID_TRACE`.
        .target(name: "ThunderIDEventLog", dependencies: ["ThunderID", "ECMARegex"]),
        .target(name: "ThunderIDTesting", dependencies: ["ThunderID"]),
        .target(name: "ThunderIDSwiftUI", dependencies: ["ThunderID"]),
        .target(name: "ThunderIDSpec", dependencies: ["ThunderID", "ThunderIDTesting", "ECMARegex", "JSONCore"]),
        .executableTarget(name: "thunderid-spec", dependencies: ["ThunderIDSpec"], path: "Tools/thunderid-spec"),
        .executableTarget(name: "ecma-regex", dependencies: ["ECMARegex", "ECMARegexConformance"], path: "Tools/ecma-regex"),
        .executableTarget(name: "change-credential-demo", dependencies: ["ThunderID", "ThunderIDEventLog"], path: "Tools/change-credential-demo",
                          exclude: ["README.md"]),
        // A test fixture: breaks standard error under the event log and kills file writers (EventLogFailureTests).
        .executableTarget(name: "event-log-probe", dependencies: ["ThunderID", "ThunderIDEventLog"], path: "Tools/event-log-probe"),
        // A test fixture: the Linux transport under a proxy environment, SSLKEYLOGFILE, no threads and no
        // descriptors left (TransportProcessTests).
        .executableTarget(name: "transport-probe", dependencies: ["ThunderID"], path: "Tools/transport-probe"),
        .executableTarget(name: "regex-diff", dependencies: ["ECMARegex", "ECMARegexConformance"], path: "Tools/regex-diff"),
        .executableTarget(
            name: "regex-bench",
            dependencies: [
                "ECMARegex", "ECMARegexConformance", "CHeapStatistics",
            ] + pcre2Dependencies,
            path: "Tools/regex-bench",
            exclude: ["CHeapStatistics"],
            swiftSettings: pcre2Settings
        ),
        // The live heap for `regex-bench --memory` (glibc's mallinfo2; elsewhere -1).
        .target(name: "CHeapStatistics", path: "Tools/regex-bench/CHeapStatistics"),
        // Counts heap allocations for keystroke-bench (glibc without sanitizers; elsewhere it reports n/a).
        .target(name: "CAllocationCounter", path: "Tools/keystroke-bench/CAllocationCounter"),
        .executableTarget(
            name: "keystroke-bench",
            dependencies: ["ThunderID", "ThunderIDEventLog", "ECMARegex", "ECMARegexConformance", "CAllocationCounter"],
            path: "Tools/keystroke-bench",
            exclude: ["CAllocationCounter"]
        ),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"]),
        .testTarget(name: "ECMARegexTests", dependencies: ["ECMARegex", "ECMARegexConformance"], swiftSettings: pcre2Settings),
        // ThunderIDSpec: the transition table as data and the event log reader (neither ships in ThunderID).
        .testTarget(name: "ThunderIDTests", dependencies: ["ThunderID", "ThunderIDEventLog", "ThunderIDTesting", "ThunderIDSpec", "JSONCore"]),
        // A custom form written against the public API alone (no `@testable`); Tools/readme-check/run
        // also builds it in a consumer package, where `package` declarations are out of reach.
        .testTarget(name: "ThunderIDPublicAPITests", dependencies: ["ThunderID", "ThunderIDTesting"]),
        .testTarget(name: "ThunderIDSpecTests", dependencies: ["ThunderIDSpec", "ThunderID", "ThunderIDEventLog", "ThunderIDTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
