// MARK: - Memo bits, skip tables and known lookaround results

extension PortableMachine {
    /// Allocates the memo bits once the match has run ``memoThreshold`` steps (cheap matches never pay
    /// for them), charging one step per word; false (memo off) before that or when they would cost more
    /// than a quarter of the budget.
    mutating func enableMemo() -> Bool {
        guard !memoRefused, steps >= Self.memoThreshold else { return false }
        // Sized in `Int64`: slots × positions passes `Int.max` where `Int` has 32 bits (watchOS's arm64_32)
        // for a few thousand memo points on a subject near ``ECMARegex/maximumSubjectLength``.
        let positions = Int64(input.count) + 1
        let slots = slotBase[points.count]
        let pointBits = Int64(slots) * positions
        let hasBodyPoints = points.contains { $0.lookaround != nil }
        let lookBits = program.memoizesLookarounds ? Int64(program.lookaroundEnds.count) * positions * 2 : 0
        let wideWords = (pointBits + 63) / 64 * (hasBodyPoints ? 2 : 1) + (lookBits + 63) / 64
        guard wideWords <= Int64(depthLimit) else {
            memoRefused = true
            return false
        }
        // Each count is at most `depthLimit` words now.
        let pointWords = Int((pointBits + 63) / 64)
        let lookWords = Int((lookBits + 63) / 64)
        let words = Int(wideWords)
        steps += words
        memoWords = words
        skipOffsets = Array(repeating: -1, count: slots)
        memo = Array(repeating: 0, count: pointWords)
        if hasBodyPoints { memoSuccess = Array(repeating: 0, count: pointWords) }
        lookResults = Array(repeating: 0, count: lookWords)
        memoEnabled = true
        return true
    }

    /// The memo slot of point `point` at `position`, or -1 when the rest of the match may depend on more
    /// than the slot and the position there (an unbounded loop around it below its minimum, a nullable
    /// loop's iteration starting at `position`, or a capture a back-reference may still read). A `position` of -2 leaves out the iteration-start conditions
    /// (see ``iterationStop(_:from:to:backward:)``).
    @inline(__always)
    func memoSlot(_ point: Int, at position: Int) -> Int {
        var slot = slotBase[point]
        var index = conditions[point]
        let end = conditions[point &+ 1]
        while index < end {
            let value = registers[conditions[index &+ 1]]
            switch conditions[index] {
            case 0: if value < conditions[index &+ 2] { return -1 }
            case 1: if value == position { return -1 }
            case 2: slot &+= value &* conditions[index &+ 2]
            default: return -1
            }
            index &+= 3
        }
        return slot
    }

    /// The nearest iteration start of a nullable loop around point `point` from `start` towards `end`
    /// (inclusive), if any: a skip over known failures stops there, since the point's memo does not apply
    /// at that position.
    private func iterationStop(_ point: Int, from start: Int, to end: Int, backward: Bool) -> Int? {
        var nearest: Int?
        var index = conditions[point]
        let last = conditions[point &+ 1]
        while index < last {
            if conditions[index] == 1 {
                let value = registers[conditions[index &+ 1]]
                let inside = backward ? (start <= value && value <= end) : (end <= value && value <= start)
                if inside, nearest.map({ backward ? value < $0 : value > $0 }) ?? true { nearest = value }
            }
            index &+= 3
        }
        return nearest
    }

    /// The skip table of `slot` (allocated on first use, when memory allows), as an offset into `skips`.
    private mutating func skipTable(_ slot: Int, point: Int) -> Int? {
        let offset = skipOffsets[slot]
        if offset >= 0 { return offset }
        if offset == -2 { return nil }
        let entries = input.count + 3
        let words = (entries + 1) / 2
        guard memoWords + words <= depthLimit, entries < Int(Int32.max) else {
            skipOffsets[slot] = -2
            return nil
        }
        memoWords += words
        steps += words
        let base = skips.count
        skips.reserveCapacity(base + entries)
        for index in 0..<entries { skips.append(Int32(index)) }
        skipOffsets[slot] = base
        // Outside lookarounds a visited position is a known failure: link those visited so far. (In a body,
        // only positions whose exploration ended without the body's success are linked, as they end.)
        if points[point].lookaround == nil {
            let backward = points[point].backward
            let first = slot * (input.count + 1)
            for position in 0...input.count where memo[(first + position) >> 6] & (1 << UInt64((first + position) & 63)) != 0 {
                skips[base + position + 1] = Int32(backward ? position + 2 : position)
            }
            steps += input.count >> 3
        }
        return base
    }

    /// Records in the skip table of `slot` (if it has one) that the point fails at `position`.
    @inline(__always)
    mutating func linkFailure(_ slot: Int, at position: Int, backward: Bool) {
        guard memoEnabled, slot < skipOffsets.count else { return }
        let offset = skipOffsets[slot]
        if offset < 0 { return }
        skips[offset + position + 1] = Int32(backward ? position + 2 : position)
    }

    /// Records failures at the positions from `start` up to `end`, excluded, in the skip direction.
    mutating func linkFailures(_ slot: Int, from start: Int, to end: Int, backward: Bool) {
        var position = start
        while backward ? position < end : position > end {
            linkFailure(slot, at: position, backward: backward)
            position += backward ? 1 : -1
        }
    }

    /// The first position from `position` in the skip direction not known to fail, by the table at `offset`.
    private mutating func findUnfailed(_ offset: Int, from position: Int) -> Int {
        var root = position + 1
        while Int(skips[offset + root]) != root { root = Int(skips[offset + root]) }
        var current = position + 1
        while current != root {
            let next = Int(skips[offset + current])
            skips[offset + current] = Int32(root)
            current = next
        }
        return root - 1
    }

    /// The first position from `start` towards `end` (inclusive) whose memo bit for `point` in `slot` is not
    /// a known failure; past `end` when all are. With the slot's skip table, a find costs one step; without
    /// it, skipped positions cost an eighth of a step each. Stops at a nullable loop's iteration start.
    mutating func skipFailed(_ point: Int, slot: Int, from start: Int, to end: Int, backward: Bool) -> Int {
        var resume: Int
        if let table = skipTable(slot, point: point) {
            steps += 1
            resume = findUnfailed(table, from: start)
            if backward ? resume > end : resume < end { resume = backward ? end + 1 : end - 1 }
        } else {
            resume = scanFailed(point, slot: slot, from: start, to: end, backward: backward)
        }
        if let stop = iterationStop(point, from: start, to: backward ? Swift.min(resume, end) : Swift.max(resume, end), backward: backward),
            backward ? stop < resume : stop > resume
        {
            resume = stop
        }
        return resume
    }

    /// ``skipFailed(_:slot:from:to:backward:)`` by the memo bits.
    private mutating func scanFailed(_ point: Int, slot: Int, from start: Int, to end: Int, backward: Bool) -> Int {
        let base = slot * (input.count + 1)
        let inBody = points[point].lookaround != nil
        // A word at a time: the positions that stop the skip are those not known to fail (and, in a
        // lookaround body, those known to lead to its success).
        let resume = memo.withUnsafeBufferPointer { memo in
            memoSuccess.withUnsafeBufferPointer { success in
                var bit = base + start
                if backward {
                    let last = base + end
                    while bit <= last {
                        let word = bit >> 6
                        var stops = ~memo[word]
                        if inBody { stops |= success[word] }
                        stops &= ~0 << UInt64(bit & 63)
                        if stops != 0 { return Swift.min(word << 6 + stops.trailingZeroBitCount, last + 1) - base }
                        bit = (word + 1) << 6
                    }
                    return end + 1
                }
                let last = base + end
                while bit >= last {
                    let word = bit >> 6
                    var stops = ~memo[word]
                    if inBody { stops |= success[word] }
                    stops &= ~0 >> UInt64(63 - bit & 63)
                    if stops != 0 { return Swift.max(word << 6 + 63 - stops.leadingZeroBitCount, last - 1) - base }
                    bit = word << 6 - 1
                }
                return end - 1
            }
        }
        steps += (backward ? resume - start : start - resume) >> 3
        return resume
    }

    /// Records that the body of the lookaround led by `run`'s quantifier failed at `position`: so it fails
    /// wherever that run reaches from there (see ``runSlotWords``), kept with the failures known before when
    /// the two ranges touch.
    func recordFailure(in run: UnsafeMutablePointer<Int>, at position: Int, backward: Bool) {
        // The quantifier ran at `position` when the body began, so its slot holds that run.
        guard run[0] <= position && position <= run[1] else { return }
        let low = backward ? run[0] : position
        let high = backward ? position : run[1]
        if low <= run[3] &+ 1 && run[2] <= high &+ 1 {
            run[2] = Swift.min(run[2], low)
            run[3] = Swift.max(run[3], high)
        } else {
            run[2] = low
            run[3] = high
        }
    }

    /// Records a lookaround body's result at the position where it started.
    mutating func recordLookaround(end: Int, at position: Int, succeeded: Bool) {
        let bit = (program.lookaroundAtEnd[end] * (input.count + 1) + position) * 2
        lookResults[bit >> 6] |= 1 << UInt64(bit & 63)
        if succeeded { lookResults[(bit + 1) >> 6] |= 1 << UInt64((bit + 1) & 63) }
    }
}
