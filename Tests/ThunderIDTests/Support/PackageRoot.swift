import Foundation

/// The repository root, found from this file's path, for tests that load files from the
/// repository (fixtures, the emulator script, spec files).
enum PackageRoot {
    /// `<root>` where this file is `<root>/Tests/ThunderIDTests/Support/PackageRoot.swift`.
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // ThunderIDTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    /// The URL of `relativePath` under the root.
    static func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// The files with extension `ext` directly in `relativeDirectory`, sorted by name.
    /// Throws when the directory holds none, so a data-driven test never passes on zero files.
    static func files(in relativeDirectory: String, withExtension ext: String) throws -> [URL] {
        let directory = file(relativeDirectory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".\(ext)") }
            .sorted()
        guard !names.isEmpty else {
            throw PackageRootError.noFiles(directory: directory.path, ext: ext)
        }
        return names.map { directory.appendingPathComponent($0) }
    }
}

/// Why ``PackageRoot`` found nothing.
enum PackageRootError: Error, CustomStringConvertible {
    case noFiles(directory: String, ext: String)

    var description: String {
        switch self {
        case .noFiles(let directory, let ext): "no .\(ext) files in \(directory)"
        }
    }
}
