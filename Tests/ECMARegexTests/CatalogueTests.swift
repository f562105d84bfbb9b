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

    @Test("Each row gives node's verdict, or the documented refusal", arguments: CatalogueCase.all)
    func row(_ row: CatalogueCase) {
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
