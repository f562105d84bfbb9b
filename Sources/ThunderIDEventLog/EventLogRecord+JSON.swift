import Foundation
import ThunderID

// The event log's JSON lines (format 2, see ThunderID's PoliciesAndLogging article), written by
// `JSONEncoder` over `EncodableRecord`; the spec runner reads them back.

extension EventLogRecord {
    /// The encoder every sink shares: sorted keys, so equal records write equal lines. Its options
    /// never change, so concurrent use is safe.
    static let lineEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The record as one line of JSON, newline included; a note saying so should encoding throw.
    func jsonLineData() -> Data {
        var data: Data
        do {
            data = try Self.lineEncoder.encode(EncodableRecord(record: self))
        } catch {
            data = Data(#"{"v":\#(Self.formatVersion),"seq":\#(sequence),"record":"unencodable"}"#.utf8)
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The record as one line of JSON (no trailing newline).
    public func jsonLine() -> String {
        let data = jsonLineData()
        return String(decoding: data.dropLast(), as: UTF8.self)
    }
}
