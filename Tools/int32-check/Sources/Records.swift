/// Reads the length-prefixed records `records.py` writes: a field holding the number of fields that
/// follow, then those fields, each as its UTF-8 length in decimal, a colon and the bytes.
struct Records {
    /// Why the data cannot be read.
    struct Malformed: Error {
        let offset: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next record's fields, or nil at the end of the data.
    mutating func next() throws(Malformed) -> [String]? {
        guard offset < bytes.count else { return nil }
        guard let count = Int(try field()) else { throw Malformed(offset: offset) }
        var fields: [String] = []
        fields.reserveCapacity(count)
        for _ in 0..<count { fields.append(try field()) }
        return fields
    }

    private mutating func field() throws(Malformed) -> String {
        var length = 0
        while offset < bytes.count, bytes[offset] != UInt8(ascii: ":") {
            let digit = Int(bytes[offset]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit), length < 1 << 24 else { throw Malformed(offset: offset) }
            length = length * 10 + digit
            offset += 1
        }
        guard offset < bytes.count, bytes.count - offset - 1 >= length else { throw Malformed(offset: offset) }
        let start = offset + 1
        offset = start + length
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }
}
