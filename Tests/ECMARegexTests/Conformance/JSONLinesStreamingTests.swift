import Dispatch
import Foundation
import Testing

/// `ecma-regex --jsonl` as a line protocol: the built tool answers each request line while its standard
/// input stays open. The tool is the executable built next to this test bundle (`swift test` builds it).
@Suite("The ecma-regex --jsonl stream")
struct JSONLinesStreamingTests {
    static let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("ecma-regex")

    /// A child process whose standard input stays open, with the lines it writes collected as they arrive.
    final class Conversation: @unchecked Sendable {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let condition = NSCondition()
        /// Guarded by `condition`.
        private var received = Data()
        private var ended = false

        init(_ executable: URL, _ arguments: [String]) throws {
            process.executableURL = executable
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let reader = output.fileHandleForReading
            let thread = Thread { [self] in
                while true {
                    let chunk = reader.availableData
                    condition.lock()
                    if chunk.isEmpty { ended = true } else { received.append(chunk) }
                    condition.broadcast()
                    condition.unlock()
                    if chunk.isEmpty { return }
                }
            }
            thread.start()
        }

        func send(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// The next line the child writes, or nil when none arrives within `seconds`.
        func nextLine(within seconds: Double) -> String? {
            let deadline = Date(timeIntervalSinceNow: seconds)
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: received[received.startIndex..<newline], as: UTF8.self)
                    received.removeSubrange(received.startIndex...newline)
                    return line
                }
                if ended || !condition.wait(until: deadline) { return nil }
            }
        }

        /// Closes the child's input and waits for it to exit.
        func finish() throws {
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    @Test("Each request is answered while standard input stays open")
    func answersBeforeInputCloses() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.tool.path), "build ecma-regex first")
        let conversation = try Conversation(Self.tool, ["--jsonl"])
        conversation.send(#"{"pattern":"a","flags":"","input":"a"}"#)
        let first = conversation.nextLine(within: 30)
        #expect(first?.hasPrefix(#"{"match":true,"#) == true, "no answer while the pipe was open: \(first ?? "nil")")
        conversation.send(#"{"pattern":"^b$","input":"a"}"#)
        let second = conversation.nextLine(within: 30)
        #expect(second?.hasPrefix(#"{"match":false,"#) == true, "\(second ?? "nil")")
        try conversation.finish()
        #expect(conversation.process.terminationStatus == 0)
        #expect(conversation.nextLine(within: 1) == nil)
    }

    @Test("The check notices a program that answers only when its input closes (sort)")
    func noticesBufferingProgram() throws {
        let conversation = try Conversation(URL(fileURLWithPath: "/usr/bin/env"), ["sort"])
        conversation.send("a line")
        #expect(conversation.nextLine(within: 1) == nil)
        try conversation.finish()
        #expect(conversation.nextLine(within: 10) == "a line")
    }
}
