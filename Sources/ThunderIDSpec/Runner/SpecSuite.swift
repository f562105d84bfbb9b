import Foundation

/// Every spec file under a directory, read and ready to run.
///
/// `README.md` files explain the format and are not specs; the `regex/` folder directly under the
/// root holds the regex conformance data, which has its own format and runner.
package struct SpecSuite: Sendable {
    /// The files, sorted by path.
    package var files: [SpecFile]

    /// A suite made of already-read files.
    package init(files: [SpecFile]) {
        self.files = files
    }

    /// Every transition row of every file.
    package var transitions: [TransitionRow] { files.flatMap(\.transitions) }

    /// Reads every `.md` spec under `directory`; fails when there is none.
    package static func load(directory: String) throws(SpecLoadError) -> SpecSuite {
        let root = URL(fileURLWithPath: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(directory)
        }
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw .notADirectory(directory)
        }
        let rootComponents = root.standardizedFileURL.pathComponents
        var paths: [(shown: String, url: URL)] = []
        for case let url as URL in enumerator {
            let relative = Array(url.standardizedFileURL.pathComponents.dropFirst(rootComponents.count))
            if relative.count == 1, relative[0] == "regex" {
                enumerator.skipDescendants()
                continue
            }
            guard url.pathExtension.lowercased() == "md", url.lastPathComponent.lowercased() != "readme.md" else { continue }
            let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            paths.append((shown: ([base] + relative).joined(separator: "/"), url: url))
        }
        guard !paths.isEmpty else { throw .noSpecFiles(directory) }
        var files: [SpecFile] = []
        for (shown, url) in paths.sorted(by: { $0.shown < $1.shown }) {
            guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
                throw .unreadable(shown)
            }
            files.append(SpecFile(path: shown, text: text))
        }
        return SpecSuite(files: files)
    }
}

/// Why the spec directory could not be loaded.
package enum SpecLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path is not a directory.
    case notADirectory(String)
    /// The directory holds no spec file: a suite of zero specs proves nothing.
    case noSpecFiles(String)
    /// A file could not be read as UTF-8.
    case unreadable(String)

    package var description: String {
        switch self {
        case .notADirectory(let path): "\(path) is not a directory of spec files"
        case .noSpecFiles(let path): "no spec files (*.md) found under \(path)"
        case .unreadable(let path): "\(path) cannot be read as UTF-8 text"
        }
    }
}
