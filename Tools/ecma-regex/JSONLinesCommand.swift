import Foundation
import ECMARegexConformance

/// `ecma-regex --jsonl`: one request per stdin line, one answer per stdout line, in order
/// (the format is documented on `JSONLinesProtocol`). Lines are read as they arrive and each answer
/// is written unbuffered, so the tool can be driven interactively.
enum JSONLinesCommand {
    static func run() -> Int32 {
        var handler = JSONLinesProtocol()
        while let line = readLine(strippingNewline: true) {
            FileHandle.standardOutput.write(Data((handler.answer(line) + "\n").utf8))
        }
        return 0
    }
}
