/// The 32-bit check's entry, called by `main.c` with the record files' bytes: checks the sorted tables'
/// orders, JSON numbers' text, a subject at the length limit, the scrubber's cases and the regex corpus, prints the counts and the first wrong answers, and
/// returns 1 when an answer is wrong (2 when the records cannot be read), else 0. With
/// `stopAtFirstWrong` (the self-test's variants) it stops at the first part that has a wrong answer.
@_cdecl("int32_check_run")
func int32CheckRun(_ corpus: UnsafePointer<UInt8>, _ corpusLength: Int,
                   _ scrubber: UnsafePointer<UInt8>, _ scrubberLength: Int, _ stopAtFirstWrong: Bool) -> Int32 {
    print("int32-check: Int.bitWidth \(Int.bitWidth)")
    let tableFailures = TableCheck.failures() + NumberCheck.failures() + SubjectLimitCheck.failures()
    print("int32-check: the sorted tables' orders, JSON numbers and a subject at the length limit: \(tableFailures.count) wrong")
    for failure in tableFailures { print("int32-check: wrong: " + failure) }
    if stopAtFirstWrong && !tableFailures.isEmpty { return 1 }

    var scrubberCheck = ScrubberCheck()
    var regexCheck = CorpusCheck()
    do throws(Records.Malformed) {
        var records = Records(UnsafeBufferPointer(start: scrubber, count: scrubberLength))
        while let fields = try records.next() {
            guard scrubberCheck.check(fields) else { throw Records.Malformed(offset: -1) }
        }
        print("int32-check: scrubber: \(scrubberCheck.cases) cases, \(scrubberCheck.wrong) wrong")
        for example in scrubberCheck.examples { print("int32-check: wrong: " + example) }
        if stopAtFirstWrong && scrubberCheck.wrong > 0 { return 1 }
        records = Records(UnsafeBufferPointer(start: corpus, count: corpusLength))
        while let fields = try records.next() {
            guard regexCheck.check(fields) else { throw Records.Malformed(offset: -1) }
            if stopAtFirstWrong && regexCheck.wrong > 0 { break }
        }
    } catch {
        print("int32-check: malformed records (at byte \(error.offset))")
        return 2
    }
    for category in regexCheck.categories {
        let counts = regexCheck.counts[category] ?? CorpusCheck.Counts()
        print("int32-check: corpus/\(category): \(counts.cases) cases, \(counts.wrong) wrong, \(counts.refused) refused within budget, \(counts.pending) pending; \(counts.automaton) answered again by the automaton alone, \(counts.automatonWrong) wrong")
    }
    for example in regexCheck.examples { print("int32-check: wrong: " + example) }
    let wrong = tableFailures.count + scrubberCheck.wrong + regexCheck.wrong
    print("int32-check: the tables' orders, JSON numbers, the length limit, \(scrubberCheck.cases) scrubber cases and \(regexCheck.cases) corpus cases: \(wrong) wrong")
    guard wrong > 0 || (regexCheck.cases > 0 && scrubberCheck.cases > 0) else {
        print("int32-check: no cases read")
        return 2
    }
    return wrong == 0 ? 0 : 1
}
