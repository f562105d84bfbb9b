import FuzzSupport
import ThunderID
@testable import ThunderIDSpec

// Input: a debug event log (JSON lines). It is read, replayed through the machine and turned into
// a scenario spec (`--to-spec`), which must read back as a spec file without crashing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = FuzzInput.text(input.bytes[...])
    guard let log = try? TraceLog(path: "fuzz.jsonl", text: text) else { return 0 }
    let replay = TraceReplay.replay(log)
    _ = replay.render(path: "fuzz.jsonl")
    let spec = TraceToSpec.spec(from: log)
    let file = SpecFile(path: "generated.md", text: spec)
    _ = file.problems.count
    return 0
}
