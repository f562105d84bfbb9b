import ECMARegex
import Testing

/// Every catalogue row (L, C, E, K, B, N, LB, Q, I, P, V, F, S, R) against node's verdicts.
@Suite("Catalogue rows agree with node")
struct CatalogueTests {
    @Test("The generated case table is not empty and covers every catalogue family")
    func tableCoversFamilies() {
        let families = Set(CatalogueCase.all.map { String($0.id.prefix { $0.isLetter }) })
        #expect(CatalogueCase.all.count > 2000)
        for family in ["L", "C", "E", "K", "B", "N", "LB", "Q", "I", "P", "V", "F", "S", "R"] {
            #expect(families.contains(family), "missing family \(family)")
        }
    }

    /// Where V8 13.6 contradicts ES2025 (Specs/regex/known-deviations.md), the row expects the spec's verdict.
    static let deviations: [KnownDeviationTests.Deviation] = (try? KnownDeviationTests.load()) ?? []

    @Test("The known deviations load, so a row they cover expects the spec's verdict")
    func deviationsLoad() {
        #expect(Self.deviations.count >= 3)
    }

    @Test("Each row gives node's verdict, the spec's where V8 deviates, or the documented refusal", arguments: CatalogueCase.all)
    func row(_ row: CatalogueCase) {
        var row = row
        if let deviation = Self.deviations.first(where: {
            $0.pattern == row.pattern && $0.flags.contains(row.flags) && $0.inputs.contains(row.input)
        }) {
            switch deviation.specification {
            case .match(let matched): row.expected = matched ? .match : .noMatch
            case .syntax: row.expected = .syntax
            }
        }
        let verdict: CatalogueCase.Verdict
        do {
            let regex = try ECMARegex(row.pattern, flags: row.flags)
            verdict = try regex.test(row.input) ? .match : .noMatch
        } catch {
            switch error.kind {
            case .syntax: verdict = .syntax
            case .unsupported: verdict = .unsupported
            case .limit: verdict = .limit
            }
        }
        if row.expected == .noMatchOrLimit {
            #expect(verdict == .noMatch || verdict == .limit, "\(row)")
        } else {
            #expect(verdict == row.expected, "\(row)")
        }
    }
}
