/// One property of strings (`\p{RGI_Emoji}` and the others of `v` mode), decoded once per process and
/// shared by every occurrence in every regex: a pattern that names it a thousand times holds
/// one reference per occurrence, not a thousand copies of its 3,000-odd strings.
///
/// Immutable once built. The forms the two backends need (the strings folded for `v` with `i`, and the
/// portable matcher's dispatch tables in each direction) are built on first use, under a lock, exactly
/// once per process, and kept with the table.
package final class StringPropertyTable: Sendable {
    /// The property's name, as written (`RGI_Emoji`).
    package let name: String
    /// The strings of one code point, as a set.
    let singles: CodePointSet
    /// The strings of any other length, without duplicates, in the tables' order.
    let strings: [[UInt32]]

    /// The forms built on first use, by key (see ``form(folded:)`` and ``portableTable(folded:unicode:backward:)``).
    private let forms = Locked<Forms>(Forms())

    private struct Forms: Sendable {
        var folded: Form?
        var portable: [Int: PortableStringTable] = .init()
    }

    /// What a class holding the property matches: its single characters and its longer strings.
    struct Form: Sendable {
        var characters: [ClosedRange<UInt32>]
        var strings: [[UInt32]]
    }

    private init(name: String, strings all: [[UInt32]]) {
        self.name = name
        var singles: [ClosedRange<UInt32>] = []
        var strings: [[UInt32]] = []
        var seen = Set<[UInt32]>()
        for string in all {
            if string.count == 1 {
                singles.append(string[0]...string[0])
            } else if seen.insert(string).inserted {
                strings.append(string)
            }
        }
        self.singles = UnicodeTables.union(ranges: singles)
        self.strings = strings
    }

    /// The shared table of `name`, decoded on first use; nil for a name that is not a property of strings.
    package static func named(_ name: String) -> StringPropertyTable? {
        guard PropertyNameTable.propertiesOfStrings.contains(name) else { return nil }
        return tables.withLock { tables in
            if let known = tables[name] { return known }
            let table = StringPropertyTable(name: name, strings: UnicodeTables.strings(ofProperty: name))
            tables[name] = table
            return table
        }
    }

    private static let tables = Locked<[String: StringPropertyTable]>(.init())

    /// The characters and strings as a class matches them: as written, or (`folded`, `v` with `i`) with
    /// every code point replaced by its simple case folding and duplicates dropped.
    func form(folded: Bool) -> Form {
        guard folded else { return Form(characters: singles.ranges, strings: strings) }
        return forms.withLock { forms in
            if let known = forms.folded { return known }
            var characters: [ClosedRange<UInt32>] = []
            for range in singles.ranges {
                for value in range { characters.append(PortableCaseFolding.canonicalize(value, unicode: true)...PortableCaseFolding.canonicalize(value, unicode: true)) }
            }
            var strings: [[UInt32]] = []
            var seen = Set<[UInt32]>()
            for string in self.strings {
                let folded = string.map { PortableCaseFolding.canonicalize($0, unicode: true) }
                if seen.insert(folded).inserted { strings.append(folded) }
            }
            let form = Form(characters: PortableRanges.normalized(characters), strings: strings)
            forms.folded = form
            return form
        }
    }

    /// The portable matcher's table of the property's strings (folded as ``form(folded:)``), keyed by the
    /// character a match meets first (`backward`: last), canonicalized when `folded` (`unicode` picks the
    /// `Canonicalize`).
    func portableTable(folded: Bool, unicode: Bool, backward: Bool) -> PortableStringTable {
        let strings = form(folded: folded).strings
        let key = (folded ? 1 : 0) | (unicode ? 2 : 0) | (backward ? 4 : 0)
        return forms.withLock { forms in
            if let known = forms.portable[key] { return known }
            let table = PortableStringTable(
                strings, ignoreCase: folded, unicode: unicode, backward: backward, isShared: true)
            forms.portable[key] = table
            return table
        }
    }
}

/// A property of strings named in a `v`-mode class (`\p{RGI_Emoji}`): its name, and the process-wide
/// table of its strings, which every occurrence shares.
///
/// Two values are equal when they name the same property; hashing one costs its name, not its strings.
public struct StringProperty: Sendable, Hashable {
    /// The property's name (`RGI_Emoji`, `Basic_Emoji`, `Emoji_Keycap_Sequence`,
    /// `RGI_Emoji_Modifier_Sequence`, `RGI_Emoji_Flag_Sequence`, `RGI_Emoji_Tag_Sequence` or
    /// `RGI_Emoji_ZWJ_Sequence`).
    public var name: String { table.name }
    /// Every string of the property (single code points included), as code points.
    public var strings: [[UInt32]] { table.singles.ranges.flatMap { $0.map { [$0] } } + table.strings }
    /// The shared table.
    package let table: StringPropertyTable

    /// The property named `name`, or nil when `name` is not a property of strings.
    public init?(named name: String) {
        guard let table = StringPropertyTable.named(name) else { return nil }
        self.table = table
    }

    public static func == (left: StringProperty, right: StringProperty) -> Bool { left.table === right.table }

    public func hash(into hasher: inout Hasher) { hasher.combine(table.name) }
}
