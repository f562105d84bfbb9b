import Foundation
import ECMARegexConformance

/// `ecma-regex --jsonl`: one request per stdin line, one answer per stdout line, in order
/// (the format is documented on `JSONLinesProtocol`). Lines are read as they arrive and each answer
/// is written unbuffered, so the tool can be driven interactively.
enum JSONLinesCommand {
    static let usage = "usage: ecma-regex --jsonl   (reads {\"pattern\": P, \"flags\": F, \"input\": S} lines from stdin)"

    static func run(_ arguments: [String]) -> Int32 {
        var status: Int32 = 0
        guard ArgumentReader.parse(arguments, with: ArgumentReader(positionalCount: 0...0), command: "ecma-regex --jsonl",
                                   usage: usage, status: &status) != nil else { return status }
        var handler = JSONLinesProtocol()
        // Raw bytes, not `readLine` (which repairs invalid UTF-8): such a line gets an `input` error.
        var pending: [UInt8] = []
        let input = FileHandle.standardInput
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            for byte in chunk {
                if byte == 0x0A {
                    if pending.last == 0x0D { pending.removeLast() }
                    FileHandle.standardOutput.write(Data((handler.answer(bytes: pending) + "\n").utf8))
                    pending.removeAll(keepingCapacity: true)
                } else {
                    pending.append(byte)
                }
            }
        }
        if !pending.isEmpty {
            FileHandle.standardOutput.write(Data((handler.answer(bytes: pending) + "\n").utf8))
        }
        return 0
    }
}
