// swift-tools-version: 6.2
// Known-bad and known-good variants for Tools/availability-check (its `run` builds them with an index
// store and checks each against the expectations listed there). Not part of any product.
//
// The floors are lower than the main package's (iOS 15 instead of 17), so that an API of iOS 16
// (Duration) must be refused too; what the floors are is read from this manifest, as for the main
// package.
import PackageDescription

let variants = [
    // Refused: each needs a later OS than the floors below.
    "RefusedMutex", "RefusedInlineArray", "RefusedDuration", "RefusedPartialGuard", "RefusedWrongGuard",
    "RefusedPasswordRulesOffUIKit",
    // Accepted: the same APIs behind real guards, or where no Apple build compiles them.
    "AcceptedGuarded", "AcceptedGuardStatement", "AcceptedAvailableDeclaration", "AcceptedLinuxOnly",
    "AcceptedLockWrapper", "AcceptedPasswordRulesGuarded",
]

let package = Package(
    name: "availability-fixtures",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    // `UIKit` is apple-check's stand-in (a link to its sources), with Apple's availability.
    targets: [.target(name: "UIKit")] + variants.map { name in
        .target(name: name, dependencies: name.contains("PasswordRules") ? ["UIKit"] : [])
    },
    swiftLanguageModes: [.v6]
)
