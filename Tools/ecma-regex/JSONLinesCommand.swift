import Foundation
import ECMARegexConformance

/// `ecma-regex --jsonl`: one request per stdin line, one answer per stdout line, in order
/// (the format is documented on `JSONLinesProtocol`). Each `read` returns what the pipe holds (up to
/// 64 KiB) without waiting for more, every complete line in it is answered at once, and each answer is
/// written unbuffered, so a program can send one query and wait for its answer with the pipe still open.
///
/// Memory is bounded whatever the input: stdin is read in chunks, and a line's bytes are kept only
/// up to `JSONLinesProtocol.maximumLineBytes` (8 MiB); past that the rest of the line is skipped as
/// it is read, and the line gets the `input` error for a document over the cap.
enum JSONLinesCommand {
    static let usage = "usage: ecma-regex --jsonl   (reads {\"pattern\": P, \"flags\": F, \"input\": S} lines from stdin)"

    static func run(_ arguments: [String]) -> Int32 {
        var status: Int32 = 0
        guard ArgumentReader.parse(arguments, with: ArgumentReader(positionalCount: 0...0), command: "ecma-regex --jsonl",
                                   usage: usage, status: &status) != nil else { return status }
        var handler = JSONLinesProtocol()
        let cap = JSONLinesProtocol.maximumLineBytes
        // Raw bytes, not `readLine` (which repairs invalid UTF-8): such a line gets an `input` error.
        var pending: [UInt8] = []
        var oversized = false
        func answer() {
            let line = oversized ? JSONLinesProtocol.oversizedLineAnswer : handler.answer(bytes: pending)
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            pending.removeAll(keepingCapacity: pending.count <= 64 * 1024)
            oversized = false
        }
        // `FileHandle.read(upToCount:)` waits until the count is reached or the input ends; `read(2)`
        // returns as soon as some bytes arrive.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let received = read(STDIN_FILENO, chunk.baseAddress, chunk.count)
            if received < 0 {
                if errno == EINTR { continue }
                StandardError.write("ecma-regex --jsonl: cannot read stdin: \(String(cString: strerror(errno)))\n")
                return 2
            }
            if received == 0 { break }
            do {
                let bytes = UnsafeRawBufferPointer(rebasing: chunk[..<received])
                var start = 0
                let base = bytes.baseAddress!
                while start < bytes.count {
                    let found = memchr(base + start, 0x0A, bytes.count - start)
                    let newline = found.map { base.distance(to: UnsafeRawPointer($0)) }
                    let end = newline ?? bytes.count
                    if !oversized {
                        if pending.count + (end - start) > cap + 1 {
                            // One byte over the cap may be a `\r` before the newline; more is too long.
                            oversized = true
                            pending.removeAll()
                        } else {
                            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                        }
                    }
                    guard newline != nil else { break }
                    if !oversized, pending.last == 0x0D { pending.removeLast() }
                    answer()
                    start = end + 1
                }
            }
        }
        if !pending.isEmpty || oversized { answer() }
        return 0
    }
}
