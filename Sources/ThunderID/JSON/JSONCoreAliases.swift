import JSONCore

// ThunderID's files name the package's JSON reader by these names, without importing JSONCore one by one
// (the schema decoder and the error-body reader read with it). ThunderID writes no JSON: the event log's
// writer (JSONWriting) is ThunderIDEventLog's.

/// The package's JSON value (`JSONCore.JSONValue`).
typealias JSONValue = JSONCore.JSONValue
/// The package's JSON reader (`JSONCore.JSONParser`).
typealias JSONParser = JSONCore.JSONParser
/// How the package writes a JSON number (`JSONCore.JSONNumber`).
typealias JSONNumber = JSONCore.JSONNumber
