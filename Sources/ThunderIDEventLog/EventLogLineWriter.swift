import Foundation
import JSONCore
import JSONWriting
import ThunderID

/// Writes records as JSON lines into one growing buffer, as ``JSONLinesFileEventLog`` keeps them,
/// without building an ``EventLogRecord`` first and without writing twice what repeats.
///
/// Every record of one instance repeats its instance and attribute: the writer formats
/// `,"instance":"…","attribute":"…","record":` once per instance and copies the bytes into each
/// record after; the evaluations' rule ids are written once each (``RuleIDTexts``). (The
/// timestamp's text up to the second is kept the same way, by ``JSONLineWriter``.)
/// A line is byte for byte what ``EventLogRecord/jsonLine()`` writes for the same record.
struct EventLogLineWriter: ~Copyable {
    /// The lines written so far, each ending in a newline.
    var output: JSONLineWriter
    /// The instance and attribute ``identity`` was written for.
    private var instance: String
    private var attribute: String
    /// `,"instance":"…","attribute":"…","record":` for ``instance`` and ``attribute``.
    private var identity = JSONLineWriter(capacity: 128)
    /// The rule ids' texts, written once (a keystroke's evaluation names the same rules each time).
    private var ruleIDs = RuleIDTexts(keeps: true)

    /// An empty writer with room for `capacity` bytes of lines.
    init(capacity: Int) {
        output = JSONLineWriter(capacity: capacity)
        instance = ""
        attribute = ""
        EventLogRecord.writeIdentity(instance: instance, attribute: attribute, to: &identity)
    }

    /// Appends one record's line, newline included.
    mutating func write(_ body: EventLogRecord.Body, sequence: Int, timestamp: Date, instance: String, attribute: String) {
        EventLogRecord.writeOpening(sequence: sequence, timestamp: timestamp, to: &output)
        if instance != self.instance || attribute != self.attribute {
            // Another instance than the last (one sink may serve several): its identity once.
            self.instance = instance
            self.attribute = attribute
            identity.removeAll()
            EventLogRecord.writeIdentity(instance: instance, attribute: attribute, to: &identity)
        }
        output.append(identity)
        EventLogRecord.write(body, to: &output, ruleIDs: &ruleIDs)
        output.byte(UInt8(ascii: "\n"))
    }
}
