import Foundation
import ECMARegex

/// One line of the differential corpus in `Specs/regex/corpus/*.jsonl`: a pattern, flags, an input
/// and the verdict node (V8) gave for `new RegExp(pattern, flags).test(input)`.
public struct CorpusCase: Sendable, Equatable, Decodable {
    /// What node answered.
    public enum Expectation: Sendable, Equatable, Decodable {
        /// `test` returned this value.
        case match(Bool)
        /// The pattern and flags make `new RegExp` throw a `SyntaxError`.
        case syntax

        /// Decodes `true`, `false` or `"syntax"`; anything else is a decoding error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .match(value)
                return
            }
            let text = try container.decode(String.self)
            guard text == "syntax" else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expect must be true, false or \"syntax\", not \"\(text)\"")
            }
            self = .syntax
        }
    }

    /// ECMAScript pattern source, as written between the slashes.
    public var pattern: String
    /// JavaScript flags; empty for none.
    public var flags: String
    /// The subject given to `test`.
    public var input: String
    /// Node's verdict.
    public var expect: Expectation
    /// The corpus file (category) the case belongs to.
    public var category: String
    /// The catalogue row id, the credential-policy tag or `random-N`.
    public var row: String
    /// Set when the case is known to differ for a reason outside the engine (Unicode-version skew).
    public var known: String?
    /// `"whole"` for HTML `pattern` semantics (node's verdict is `^(?:pattern)$` after the pattern
    /// compiled on its own); absent for `test` (search) semantics.
    public var mode: String?
    /// The family of a `limits` case (such as `nested-quantifier`); nil elsewhere.
    public var family: String?
    /// The milliseconds node 24's `test` took on a `limits` case (the fastest of three calls); nil when
    /// the verdict came from V8's linear-time fallback because plain node did not finish.
    public var nodeMs: Double?
    /// Set on a `limits` case node needed more than 100 ms for (or did not finish without its
    /// linear-time fallback): the engine may answer `limit` there.
    public var slow: Bool
    /// `"v8-linear"` when node's verdict came from V8's linear-time fallback
    /// (`--enable-experimental-regexp-engine-on-excessive-backtracks`); nil for plain node.
    public var oracle: String?

    private enum CodingKeys: String, CodingKey {
        case pattern, flags, input, unit, count, suffix, expect, category, row, known, mode, family, nodeMs, slow, oracle
    }

    /// Decodes a corpus line. A long subject may be written compactly: `input`, then `unit` repeated
    /// `count` times, then `suffix` (all optional but `input`); the case's ``input`` is the whole subject.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pattern = try container.decode(String.self, forKey: .pattern)
        flags = try container.decode(String.self, forKey: .flags)
        var subject = try container.decode(String.self, forKey: .input)
        if let unit = try container.decodeIfPresent(String.self, forKey: .unit) {
            let count = try container.decode(Int.self, forKey: .count)
            guard (0...Self.maximumRepeatedUnits).contains(count), unit.utf16.count * count <= Self.maximumRepeatedUnits else {
                throw DecodingError.dataCorruptedError(
                    forKey: .count, in: container, debugDescription: "unit × count must be at most \(Self.maximumRepeatedUnits) UTF-16 units")
            }
            subject += String(repeating: unit, count: count)
        }
        subject += try container.decodeIfPresent(String.self, forKey: .suffix) ?? ""
        input = subject
        expect = try container.decode(Expectation.self, forKey: .expect)
        category = try container.decode(String.self, forKey: .category)
        row = try container.decode(String.self, forKey: .row)
        known = try container.decodeIfPresent(String.self, forKey: .known)
        mode = try container.decodeIfPresent(String.self, forKey: .mode)
        family = try container.decodeIfPresent(String.self, forKey: .family)
        nodeMs = try container.decodeIfPresent(Double.self, forKey: .nodeMs)
        slow = try container.decodeIfPresent(Bool.self, forKey: .slow) ?? false
        oracle = try container.decodeIfPresent(String.self, forKey: .oracle)
    }

    /// The most UTF-16 units a line's `unit` × `count` may expand to (the 64 KiB of the worst-case target).
    public static let maximumRepeatedUnits = 65_536

    /// Whether a `limit` or `unsupported` answer counts as a failure: on the `es2025` cases, and on the
    /// `limits` cases node answered within 100 ms (no `limit` where node answers).
    public var refusalIsFailure: Bool {
        category == "es2025" || (category == "limits" && !slow)
    }

    /// The family a pending list files the case under: the `limits` family, the `es2025` row, or
    /// `category/row` elsewhere.
    public var pendingFamily: String {
        if let family { return family }
        if category == "es2025" { return row }
        return category + "/" + row
    }

    /// The case's line in a pending list (`Specs/regex/pending-*.txt`, after the build and family): the
    /// row alone where it names one case (`limits`), else the row, flags, mode, pattern and input as quoted
    /// literals with everything outside printable ASCII escaped, so invisible characters stay visible, a tab
    /// cannot end the field, and canonically equivalent strings stay apart.
    public var pendingKey: String {
        if category == "limits" { return "limits/" + row }
        return pendingPatternKey + " " + Self.literal(input)
    }

    /// `text` as a quoted literal with every scalar outside printable ASCII (and `"`, `\\`) written as
    /// `\u{…}`: Swift compares strings by canonical equivalence, so U+212A KELVIN SIGN and "K" would
    /// otherwise be the same key.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out + "\""
    }

    /// The key a pending list uses for every case of this pattern, flags and mode at once (the input
    /// replaced by `*`), when all of them fail.
    public var pendingPatternKey: String {
        "\(category)/\(row) \(flags.isEmpty ? "-" : flags) \(mode ?? "search") \(Self.literal(pattern))"
    }

    /// The engine's match mode for this case; nil when `mode` holds an unknown value.
    public var matchMode: ECMARegex.MatchMode? {
        switch mode {
        case nil, "search": .search
        case "whole": .whole
        default: nil
        }
    }

    /// Creates a case by hand (tests of the judge use this).
    public init(pattern: String, flags: String, input: String, expect: Expectation, category: String, row: String,
                known: String? = nil, mode: String? = nil, family: String? = nil, nodeMs: Double? = nil, slow: Bool = false) {
        self.pattern = pattern
        self.flags = flags
        self.input = input
        self.expect = expect
        self.category = category
        self.row = row
        self.known = known
        self.mode = mode
        self.family = family
        self.nodeMs = nodeMs
        self.slow = slow
        self.oracle = nil
    }
}
