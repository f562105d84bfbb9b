import JSONCore

// ThunderID's names for the package's JSON reader, so its files need not import JSONCore one by one.

/// The package's JSON value (`JSONCore.JSONValue`).
typealias JSONValue = JSONCore.JSONValue
/// The package's JSON reader (`JSONCore.JSONParser`).
typealias JSONParser = JSONCore.JSONParser
/// How the package writes a JSON number (`JSONCore.JSONNumber`).
typealias JSONNumber = JSONCore.JSONNumber
