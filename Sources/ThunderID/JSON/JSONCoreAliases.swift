import JSONCore

// ThunderID's files name the package's JSON reader by these names, without importing JSONCore one by one
// (the schema decoder and the error-body reader read with it). The event log's records are
// `Encodable` and written by Foundation's `JSONEncoder` (in ThunderIDEventLog).

/// The package's JSON value (`JSONCore.JSONValue`).
typealias JSONValue = JSONCore.JSONValue
/// The package's JSON reader (`JSONCore.JSONParser`).
typealias JSONParser = JSONCore.JSONParser
/// How the package writes a JSON number (`JSONCore.JSONNumber`).
typealias JSONNumber = JSONCore.JSONNumber
