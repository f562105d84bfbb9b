/// `text` with every scalar outside printable ASCII written `\u{…}`, at most `limit` scalars, for reports.
func visible(_ text: String, limit: Int = 80) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" {
            out.unicodeScalars.append(scalar)
        } else {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
        count += 1
    }
    return out
}

