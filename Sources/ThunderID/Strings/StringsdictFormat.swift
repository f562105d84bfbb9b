/// Reads a `.stringsdict` plural entry and fills its number as Foundation does on Apple platforms.
enum StringsdictFormat {
    /// The variants of one entry, each wrapped in the text around the variable (`"Use at least %#@count@."`
    /// with `one` = `"%d character"` gives `"Use at least %d character."`). Nil unless the entry is one
    /// plural variable with an `other` variant.
    static func variants(of entry: [String: Any]) -> [String: String]? {
        guard let format = entry["NSStringLocalizedFormatKey"] as? String,
              let reference = variableReference(in: format),
              let rule = entry[reference.name] as? [String: Any] else { return nil }
        if let type = rule["NSStringFormatSpecTypeKey"] as? String, type != "NSStringPluralRuleType" { return nil }
        let prefix = format[..<reference.range.lowerBound]
        let suffix = format[reference.range.upperBound...]
        var variants: [String: String] = .init()
        for category in PluralCategory.allCases {
            if let text = rule[category.rawValue] as? String { variants[category.rawValue] = prefix + text + suffix }
        }
        return variants[PluralCategory.other.rawValue] != nil ? variants : nil
    }

    /// The variant Foundation picks: `zero` for 0 when the entry has one (in any language), else the
    /// CLDR category's, else `other`.
    static func variant(of variants: [String: String], for number: Int, language: String) -> String? {
        if number == 0, let zero = variants[PluralCategory.zero.rawValue] { return zero }
        let category = PluralCategory.category(of: number, language: language)
        return variants[category.rawValue] ?? variants[PluralCategory.other.rawValue]
    }

    /// The single `%#@name@` (or `%1$#@name@`) in a format key; nil for none or several.
    static func variableReference(in format: String) -> (name: String, range: Range<String.Index>)? {
        var found: (name: String, range: Range<String.Index>)?
        var index = format.startIndex
        while let percent = format[index...].firstIndex(of: "%") {
            var cursor = format.index(after: percent)
            if cursor < format.endIndex, format[cursor] == "%" {
                index = format.index(after: cursor)
                continue
            }
            cursor = afterPosition(in: format, from: cursor)
            guard format[cursor...].hasPrefix("#@") else {
                index = cursor
                continue
            }
            let nameStart = format.index(cursor, offsetBy: 2)
            guard let close = format[nameStart...].firstIndex(of: "@"), close > nameStart else { return nil }
            if found != nil { return nil }
            found = (String(format[nameStart..<close]), percent..<format.index(after: close))
            index = format.index(after: close)
        }
        return found
    }

    /// `format` with every integer conversion of the first argument (`%d`, `%lld`, `%1$ld`, …) replaced
    /// by `number` and `%%` by `%`; anything else stays as written.
    static func fill(_ format: String, number: String) -> String {
        var output = ""
        var index = format.startIndex
        while let percent = format[index...].firstIndex(of: "%") {
            output += format[index..<percent]
            let start = format.index(after: percent)
            if start < format.endIndex, format[start] == "%" {
                output += "%"
                index = format.index(after: start)
                continue
            }
            var cursor = afterPosition(in: format, from: start)
            let position = format[start..<cursor]
            cursor = afterLengthModifier(in: format, from: cursor)
            if cursor < format.endIndex, "diuDU".contains(format[cursor]), position.isEmpty || position == "1$" {
                output += number
                index = format.index(after: cursor)
            } else {
                output += "%"
                index = start
            }
        }
        output += format[index...]
        return output
    }

    /// Past a positional argument (`1$`), if `from` starts one.
    private static func afterPosition(in format: String, from start: String.Index) -> String.Index {
        var cursor = start
        while cursor < format.endIndex, format[cursor].isASCII, format[cursor].isNumber { cursor = format.index(after: cursor) }
        if cursor > start, cursor < format.endIndex, format[cursor] == "$" { return format.index(after: cursor) }
        return start
    }

    /// Past a length modifier (`hh`, `h`, `ll`, `l`, `q`, `z`, `t`, `j`), if `from` starts one.
    private static func afterLengthModifier(in format: String, from start: String.Index) -> String.Index {
        for modifier in ["hh", "ll", "h", "l", "q", "z", "t", "j"] where format[start...].hasPrefix(modifier) {
            return format.index(start, offsetBy: modifier.count)
        }
        return start
    }
}
