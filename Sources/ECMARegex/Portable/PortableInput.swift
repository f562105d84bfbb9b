/// The subject as the portable matcher reads it: code points (`u`/`v`) or UTF-16 code units, by index.
protocol PortableInput {
    var count: Int { get }
    subscript(_ index: Int) -> UInt32 { get }
}

/// A decoded subject: code points or UTF-16 code units.
struct PortableDecodedInput: PortableInput {
    let units: UnsafeBufferPointer<UInt32>
    var count: Int { units.count }
    @inline(__always) subscript(_ index: Int) -> UInt32 { units[index] }
}
