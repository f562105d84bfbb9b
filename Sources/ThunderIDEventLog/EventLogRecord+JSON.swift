import Foundation
import ThunderID

// The JSON-lines writing of the event log (format v2, described in ThunderID's PoliciesAndLogging article): Foundation's
// `JSONEncoder` over `EncodableRecord`. The reading is the spec runner's
// (ThunderIDSpec: `EventLogRecord(jsonLine:)`), which an app never calls.

extension EventLogRecord {
    /// The encoder every sink of the package shares: sorted keys, so equal records write equal
    /// lines. Its options never change after this, so concurrent use is safe.
    static let lineEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The record as one line of JSON, newline included. A record holds only strings, integers,
    /// booleans and finite numbers, which always encode; should encoding throw anyway, the line
    /// is a note saying so rather than nothing.
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
