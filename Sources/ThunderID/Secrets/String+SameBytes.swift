#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether `self` and `other` are the same UTF-8 bytes (no Unicode normalization): what the
    /// user typed is what is sent, so a value in another normalization is a different value.
    /// One `memcmp` over contiguous storage (native strings); a byte walk otherwise.
    func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let answer = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                lhs.count == 0 || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0
            }
        }
        if let known = answer ?? nil { return known }
        return utf8.elementsEqual(other.utf8)
    }
}
