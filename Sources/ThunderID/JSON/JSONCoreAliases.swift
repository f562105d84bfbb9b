import JSONCore

// ThunderID's files name the package's one JSON reader by these names, without importing JSONCore
// one by one (the schema decoder, the error-body reader and the event log reader use it).

/// The package's JSON value (`JSONCore.JSONValue`).
typealias JSONValue = JSONCore.JSONValue
/// The package's JSON reader (`JSONCore.JSONParser`).
typealias JSONParser = JSONCore.JSONParser
