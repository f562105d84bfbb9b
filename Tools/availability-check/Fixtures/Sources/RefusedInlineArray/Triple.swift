/// InlineArray (the 26 releases of every Apple platform) with no guard.
public func sumOfTriple() -> Int {
    let triple: InlineArray<3, Int> = [1, 2, 3]
    var sum = 0
    for index in triple.indices {
        sum += triple[index]
    }
    return sum
}
