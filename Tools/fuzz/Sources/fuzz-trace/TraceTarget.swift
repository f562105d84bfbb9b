import FuzzSupport
import ThunderID
import ThunderIDEventLog
@testable import ThunderIDSpec

// Input: a debug event log (JSON lines). It is read, replayed through the machine and turned into
// a scenario spec (`--to-spec`), which must read back as a spec file without crashing.
//
// Re-encoding oracle: every record read is written again (`jsonLine()`), that line must read back,
// and writing it once more must give the same line. The writer and the reader must agree on every
// field: the timestamp's calendar (proleptic Gregorian both ways: 1013-12-07 once read back as
// 1013-12-13), numbers (never `nan` or `inf`), lengths within the cap.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = FuzzInput.text(input.bytes[...])
    guard let log = try? EventLogDocument(path: "fuzz.jsonl", text: text) else { return 0 }
    for (_, lines) in log.instances {
        for line in lines {
            let written = line.record.jsonLine()
            let reread: EventLogRecord
            do {
                reread = try EventLogRecord(jsonLine: written)
            } catch {
                fuzzFailure("line \(line.number) written again does not read back: \(error)\n\(written)")
            }
            let rewritten = reread.jsonLine()
            if rewritten != written {
                fuzzFailure("line \(line.number) changes when written again:\n\(written)\n\(rewritten)")
            }
        }
    }
    let replay = EventLogReplay.replay(log)
    _ = replay.render(path: "fuzz.jsonl")
    let spec = EventLogToSpec.spec(from: log)
    let file = SpecFile(path: "generated.md", text: spec)
    _ = file.problems.count
    return 0
}
