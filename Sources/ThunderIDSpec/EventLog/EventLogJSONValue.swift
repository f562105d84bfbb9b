import Foundation

/// One value of an event log line as Foundation's `JSONSerialization` reads it, with booleans
/// told apart from numbers (Foundation hands both over as `NSNumber`).
enum EventLogJSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([EventLogJSONValue])
    case object([String: EventLogJSONValue])

    /// Parses one line with `JSONSerialization`; the error is Foundation's description of what is
    /// wrong (its parser does not report where).
    static func parse(_ text: String) throws(EventLogDecodingError) -> EventLogJSONValue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
            throw EventLogDecodingError(line: nil, path: "", reason: "not JSON: \(detail)")
        }
        return EventLogJSONValue(object)
    }

    private static let booleanType = type(of: NSNumber(value: true))

    /// Converts what `JSONSerialization` returned.
    init(_ object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            self = type(of: number) == Self.booleanType ? .bool(number.boolValue) : .number(number.doubleValue)
        case let items as [Any]:
            self = .array(items.map(EventLogJSONValue.init))
        case let members as [String: Any]:
            self = .object(members.mapValues(EventLogJSONValue.init))
        default:
            // NSNull, and nothing else JSONSerialization produces.
            self = .null
        }
    }

    /// The member `key` of an object, or nil.
    subscript(key: String) -> EventLogJSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }
}
