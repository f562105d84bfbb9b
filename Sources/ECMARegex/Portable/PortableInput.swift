/// The subject as the portable matcher reads it, by index: its code points under `u`/`v`, else its UTF-16
/// code units, decoded once per match (`PortableMatcher.matches`).
struct PortableInput {
    let units: UnsafeBufferPointer<UInt32>
    var count: Int { units.count }
    @inline(__always) subscript(_ index: Int) -> UInt32 { units[index] }
}
