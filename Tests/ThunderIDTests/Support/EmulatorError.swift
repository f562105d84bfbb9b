/// Why the emulator could not be used.
enum EmulatorError: Error, Equatable, CustomStringConvertible {
    case pythonMissing
    case scriptMissing(String)
    case noPortAnnounced(String)
    case adminRefused(String)

    var description: String {
        switch self {
        case .pythonMissing:
            "python3 was not found on PATH; the HTTP tests need it (install it, or run Tools/dev deps)"
        case .scriptMissing(let path):
            "the emulator script is missing at \(path)"
        case .noPortAnnounced(let output):
            "the emulator did not announce its port; first output: \(output)"
        case .adminRefused(let reason):
            "the emulator refused the admin request: \(reason)"
        }
    }
}
