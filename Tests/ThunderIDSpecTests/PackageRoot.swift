import Foundation

/// The package root, found from this file's path (Tests/ThunderIDSpecTests/PackageRoot.swift).
enum PackageRoot {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    static var specs: String { path + "/Specs" }
}
