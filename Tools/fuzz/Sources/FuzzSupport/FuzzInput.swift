#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes libFuzzer hands a target, split into the pieces a target needs.
public struct FuzzInput {
    /// The raw bytes.
    public let bytes: [UInt8]

    /// Copies `size` bytes at `data`.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The first byte (0 when empty) and the rest.
    public var header: (UInt8, ArraySlice<UInt8>) {
        guard let first = bytes.first else { return (0, []) }
        return (first, bytes.dropFirst())
    }

    /// `slice` split at its first NUL byte: (before, after), or (slice, empty) without one.
    public static func split(_ slice: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        guard let nul = slice.firstIndex(of: 0) else { return (slice, []) }
        return (slice[..<nul], slice[(nul + 1)...])
    }

    /// `slice` as text, invalid UTF-8 repaired.
    public static func text(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }
}

/// Reports a broken property and stops the process, so libFuzzer saves the input as a crash.
public func fuzzFailure(_ message: String) -> Never {
    let line = Array("FUZZ FAILURE: \(message)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    abort()
}
