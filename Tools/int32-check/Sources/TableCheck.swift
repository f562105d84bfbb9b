/// The orders the matcher's sorted tables promise, checked where `Int` has 32 bits. Each table is sorted
/// by a pair packed into one 64-bit key; the order decides which match is found (the longest string of a
/// class first) more often than whether one is, so the corpus's verdicts alone could miss a wrong one.
enum TableCheck {
    /// A sentence per broken promise; empty when every table keeps its order.
    static func failures() -> [String] {
        var failures: [String] = []
        for unicode in [false, true] {
            let classes = unicode ? PortableCaseFolding.foldClasses : PortableCaseFolding.unitClasses
            let firsts = classes.members.map { $0[0] }
            if classes.members.isEmpty || zip(firsts, firsts.dropFirst()).contains(where: { $0 >= $1 }) {
                failures.append("the case-folding classes (unicode: \(unicode)) are not ordered by their first member")
            }
            for (index, members) in classes.members.enumerated() where members.contains(where: { classes.classOf[$0] != index }) {
                failures.append("the case-folding class \(index) (unicode: \(unicode)) disagrees with classOf")
                break
            }
        }
        let shuffled: [ClosedRange<UInt32>] = [0x10FFFF...0x10FFFF, 5...9, 0x61...0x7A, 0...3, 7...20, 4...4, 0x41...0x5A]
        let expected: [ClosedRange<UInt32>] = [0...20, 0x41...0x5A, 0x61...0x7A, 0x10FFFF...0x10FFFF]
        if PortableRanges.normalized(shuffled) != expected {
            failures.append("PortableRanges.normalized did not sort and merge \(shuffled.count) ranges")
        }
        let strings: [[UInt32]] = [[0x61], [0x61, 0x62], [0x62], [0x61, 0x62, 0x63], [0x62, 0x61, 0x61], [0x61, 0x63]]
        let table = PortableStringTable(strings, ignoreCase: false, unicode: true, backward: false)
        let order = (0..<table.count).map { Array(table.units[Int(table.offsets[$0])..<Int(table.offsets[$0 + 1])]) }
        if order != [[0x61, 0x62, 0x63], [0x61, 0x62], [0x61, 0x63], [0x61], [0x62, 0x61, 0x61], [0x62]] {
            failures.append("a class's string table is not longest first, then in order, per first character")
        }
        for name in PropertyNameTable.propertiesOfStrings.sorted() {
            guard let property = StringPropertyTable.named(name) else { continue }
            for folded in [false, true] {
                for backward in [false, true] {
                    let table = property.portableTable(folded: folded, unicode: true, backward: backward)
                    if let index = firstShorterBeforeLonger(table) {
                        failures.append("the string table of \(name) (folded: \(folded), backward: \(backward)) is not longest first at string \(index)")
                    }
                }
            }
        }
        return failures
    }

    /// The first string of `table` followed by a longer one of its group, if any.
    private static func firstShorterBeforeLonger(_ table: PortableStringTable) -> Int? {
        func length(_ index: Int) -> Int32 { table.offsets[index + 1] - table.offsets[index] }
        for index in 0..<max(table.count - 1, 0)
        where table.groupEnds[index] == table.groupEnds[index + 1] && length(index) < length(index + 1) {
            return index
        }
        return nil
    }
}
