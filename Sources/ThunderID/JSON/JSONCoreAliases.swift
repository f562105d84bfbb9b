import JSONCore

// ThunderID's files name the package's one JSON implementation (reader and writer) by these names, without importing JSONCore
// one by one (the schema decoder and the error-body reader read with it, the event log writes with it).

/// The package's JSON value (`JSONCore.JSONValue`).
typealias JSONValue = JSONCore.JSONValue
/// The package's JSON reader (`JSONCore.JSONParser`).
typealias JSONParser = JSONCore.JSONParser
/// The package's JSON writer (`JSONCore.JSONLineWriter`).
typealias JSONLineWriter = JSONCore.JSONLineWriter
