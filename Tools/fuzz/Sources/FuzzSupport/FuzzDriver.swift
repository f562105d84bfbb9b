import CFuzzerDriver

/// Runs libFuzzer's driver with the process arguments and `callback` as the target; returns its exit code.
/// `--help` / `-h` says what the target is and returns 0 without fuzzing; libFuzzer's own
/// options are listed by `-help=1`.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    if CommandLine.arguments.count > 1, ["-h", "--help"].contains(CommandLine.arguments[1]) {
        let name = CommandLine.arguments[0].split(separator: "/").last.map(String.init) ?? "fuzz"
        print("""
            \(name): a libFuzzer target of Tools/fuzz (see Tools/fuzz/README.md for its input format).
            usage: \(name) [libFuzzer options] [CORPUS_DIR... | INPUT_FILE...]   (libFuzzer's options: -help=1)
            Run every target with Tools/fuzz/run [SECONDS] [TARGET...].
            """)
        return 0
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
