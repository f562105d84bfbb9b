// MARK: - The interpreter loop

extension PortableMachine {
    /// Runs the program from its first instruction at `start`: a failing step resumes from the newest
    /// backtracking entry, until the program accepts (true) or the stack is empty (false).
    mutating func execute(start: Int) throws(ECMARegexError) -> Bool {
        let length = input.count
        let unicode = self.unicode
        let code = self.code
        let loops = self.loops
        var pc = 0
        var position = start
        while true {
            steps += 1
            if steps > budget || stack.count > depthLimit { throw limitError() }
            var ok = true
            switch code[pc] {
            case .single(let single, let backward):
                if backward {
                    if position > 0 && accepts(single, input[position - 1]) {
                        position -= 1
                        pc += 1
                    } else {
                        ok = false
                    }
                } else if position < length && accepts(single, input[position]) {
                    position += 1
                    pc += 1
                } else {
                    ok = false
                }
            case .lineStart:
                ok = position == 0 || Self.isLineTerminator(input[position - 1])
                pc += 1
            case .lineEnd:
                ok = position == length || Self.isLineTerminator(input[position])
                pc += 1
            case .inputStart:
                ok = position == 0
                pc += 1
            case .inputEnd:
                ok = position == length
                pc += 1
            case .wordBoundary(let negated):
                let before = position > 0 && wordCharacters.contains(input[position - 1])
                let after = position < length && wordCharacters.contains(input[position])
                ok = (before != after) != negated
                pc += 1
            case .strings(let index, let exit, _):
                let table = tables[index]
                if let first = table.firstCandidate(in: input, at: position),
                    let found = table.match(from: first, in: input, at: position, cost: &steps)
                {
                    // The group's shorter strings, then the single characters, are what backtracking tries next.
                    stack.append(Entry(kind: .string, pc: pc, a: position, b: found.index + 1))
                    position = found.position
                    pc = exit
                } else {
                    pc += 1
                }
            case .split(let first, let second):
                stack.append(Entry(kind: .branch, pc: second, a: position, b: 0))
                pc = first
            case .dispatch(let index):
                let table = dispatches[index]
                let candidate = table.firstCandidate(for: position < length ? input[position] : nil)
                let entry = Int(table.candidates[candidate])
                if entry < 0 {
                    ok = false
                } else {
                    if table.candidates[candidate + 1] >= 0 {
                        stack.append(Entry(kind: .dispatch, pc: pc, a: position, b: candidate + 1))
                    }
                    pc = entry
                }
            case .jump(let target):
                pc = target
            case .open(let group, _):
                write(program.mark(group), position)
                pc += 1
            case .close(let group, let backward):
                let mark = registers[program.mark(group)]
                let slot = PortableProgram.captureStart(group)
                write(slot, backward ? position : mark)
                write(slot + 1, backward ? mark : position)
                pc += 1
            case .loopInit(let index):
                write(loops[index].register, 0)
                pc += 1
            case .loopHead(let index):
                let loop = loops[index]
                let count = registers[loop.register]
                if count < loop.min {
                    pc += 1
                } else if count >= loop.max {
                    pc = loop.exit
                } else if loop.greedy {
                    stack.append(Entry(kind: .branch, pc: loop.exit, a: position, b: 0))
                    pc += 1
                } else {
                    stack.append(Entry(kind: .branch, pc: pc + 1, a: position, b: 0))
                    pc = loop.exit
                }
            case .loopBegin(let index):
                let loop = loops[index]
                // Only a nullable loop's empty-iteration check (and its memo conditions) read the iteration start.
                if loop.nullable { write(loop.register + 1, position) }
                for group in loop.captures where registers[PortableProgram.captureStart(group)] != -1
                    || registers[PortableProgram.captureStart(group) + 1] != -1
                {
                    write(PortableProgram.captureStart(group), -1)
                    write(PortableProgram.captureStart(group) + 1, -1)
                }
                pc += 1
            case .loopTail(let index):
                let loop = loops[index]
                let count = registers[loop.register]
                if loop.nullable && count >= loop.min && position == registers[loop.register + 1] {
                    ok = false
                } else {
                    // An unbounded loop's count matters only up to its minimum: it stays there, unwritten.
                    if count < loop.min || loop.max != Int.max { write(loop.register, count + 1) }
                    pc = loop.head
                }
            case .repeatSingle(let single, let min, let max, let greedy, let backward, let run):
                if greedy {
                    let room = backward ? position : length - position
                    let limit = Swift.min(max, room)
                    let taken: Int
                    let slot = runs + Int(run) * Self.runSlotWords
                    if run >= 0 && slot[0] <= position && position <= slot[1] {
                        // A run scanned before: its length is known (one step, already counted).
                        taken = Swift.min(backward ? position - slot[0] : slot[1] - position, limit)
                    } else if run >= 0 && slot[0] <= slot[1]
                        && (backward ? position > slot[1] && position - slot[1] <= limit
                            : position < slot[0] && slot[0] - position <= limit)
                    {
                        // Before a run scanned before (after it, backward): scanning up to it joins the two, so
                        // a quantifier retried from each earlier position scans each character once.
                        let gap = backward ? position - slot[1] : slot[0] - position
                        let scanned = scan(single, from: position, limit: gap, backward: backward)
                        steps += scanned >> 1
                        if scanned == gap {
                            taken = Swift.min(backward ? position - slot[0] : slot[1] - position, limit)
                            if backward { slot[1] = position } else { slot[0] = position }
                        } else {
                            taken = scanned
                            slot[0] = backward ? position - taken : position
                            slot[1] = backward ? position : position + taken
                        }
                    } else {
                        taken = scan(single, from: position, limit: limit, backward: backward)
                        steps += taken >> 1  // a scanned character costs about half a step
                        if run >= 0 && taken < max {
                            slot[0] = backward ? position - taken : position
                            slot[1] = backward ? position : position + taken
                        }
                    }
                    if taken < min {
                        ok = false
                    } else {
                        if taken > min {
                            if backward {
                                stack.append(Entry(kind: .greedy, pc: pc, a: position - min, b: position - taken + 1))
                            } else {
                                stack.append(Entry(kind: .greedy, pc: pc, a: position + min, b: position + taken - 1))
                            }
                        }
                        position = backward ? position - taken : position + taken
                        pc += 1
                    }
                } else {
                    var taken = 0
                    while taken < min {
                        let next = backward ? position - taken - 1 : position + taken
                        guard next >= 0 && next < length && accepts(single, input[next]) else { break }
                        taken += 1
                    }
                    steps += taken >> 1  // a scanned character costs about half a step
                    if taken < min {
                        ok = false
                    } else {
                        position = backward ? position - min : position + min
                        if max > min {
                            stack.append(Entry(kind: .lazy, pc: pc, a: position, b: max == Int.max ? Int.max : max - min))
                        }
                        pc += 1
                    }
                }
            case .backreference(let group, let backward, let ignoreCase, let minimumAfter, let endsSubject):
                let slot = PortableProgram.captureStart(group)
                let begin = registers[slot]
                let end = registers[slot + 1]
                if begin < 0 || end < 0 {
                    pc += 1
                    break
                }
                let count = end - begin
                let from = backward ? position - count : position
                // Room for the captured text, and after it for what the rest of every match needs: where there
                // is none, nothing is compared (`^(.+)\1$` tries one length, not every one).
                if from < 0 || from + count > length || (!backward
                    && (from + count + Int(minimumAfter) > length || (endsSubject && from + count != length)))
                {
                    ok = false
                    break
                }
                var offset = 0
                while offset < count {
                    let expected = input[begin + offset]
                    let actual = input[from + offset]
                    if expected != actual {
                        if !ignoreCase
                            || PortableCaseFolding.canonicalize(expected, unicode: unicode)
                                != PortableCaseFolding.canonicalize(actual, unicode: unicode)
                        {
                            break
                        }
                    }
                    offset += 1
                }
                steps += offset >> 1  // a compared character costs about half a step, as a scanned one does
                if offset < count {
                    ok = false
                } else {
                    position = backward ? from : from + count
                    pc += 1
                }
            case .lookStart(let negative, let end):
                if let run = leadingRun(ofLookaroundAt: pc), run[2] <= position && position <= run[3] {
                    if negative { pc = end + 1 } else { ok = false }
                    break
                }
                if program.memoizesLookarounds && (memoEnabled || enableMemo()) {
                    let bit = (program.lookaroundAtEnd[end] * (length + 1) + position) * 2
                    if lookResults[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                        let succeeded = lookResults[(bit + 1) >> 6] & (1 << UInt64((bit + 1) & 63)) != 0
                        if succeeded != negative { pc = end + 1 } else { ok = false }
                        break
                    }
                }
                stack.append(Entry(kind: .marker, pc: pc, a: position, b: marker))
                marker = stack.count - 1
                pc += 1
            case .lookEnd:
                let index = marker
                let entry = stack[index]
                marker = entry.b
                guard case .lookStart(let negative, let end) = code[entry.pc] else { preconditionFailure("lookaround marker") }
                position = entry.a
                if memoEnabled && program.memoizesLookarounds {
                    recordLookaround(end: end, at: position, succeeded: true)
                    for current in (index + 1)..<stack.count where stack[current].kind == .memoMark {
                        let bit = stack[current].a
                        memoSuccess[bit >> 6] |= 1 << UInt64(bit & 63)
                    }
                }
                if negative {
                    var top = stack.count - 1
                    while top > index {
                        if stack[top].kind == .restore { registers[stack[top].a] = stack[top].b }
                        top -= 1
                    }
                    stack.truncate(to: index)
                    ok = false
                } else {
                    var kept = index
                    for current in (index + 1)..<stack.count where stack[current].kind == .restore {
                        stack[kept] = stack[current]
                        kept += 1
                    }
                    stack.truncate(to: kept)
                    pc = end + 1
                }
            case .memo(let point):
                pc += 1
                if !memoEnabled && !enableMemo() { break }
                let slot = memoSlot(point, at: position)
                if slot < 0 { break }
                let bit = slot * (length + 1) + position
                let mask = UInt64(1) << UInt64(bit & 63)
                if let lookaround = points[point].lookaround {
                    if memoSuccess[bit >> 6] & mask != 0 {
                        // Known to lead to the body's success: finish the body as it did.
                        pc = program.lookaroundEnds[lookaround]
                    } else if memo[bit >> 6] & mask != 0 {
                        ok = false
                    } else {
                        memo[bit >> 6] |= mask
                        stack.append(Entry(kind: .memoMark, pc: point, a: bit, b: 0))
                    }
                } else if memo[bit >> 6] & mask != 0 {
                    ok = false
                } else {
                    memo[bit >> 6] |= mask
                    if points[point].afterGreedy {
                        linkFailure(slot, at: position, backward: points[point].backward)
                    }
                }
            case .match:
                return true
            }
            if ok { continue }
            // Backtrack: undo register writes until an entry offers another way.
            backtracking: while true {
                steps += 1
                if steps > budget { throw limitError() }
                guard !stack.isEmpty else { return false }
                let top = stack[stack.count - 1]
                switch top.kind {
                case .restore:
                    registers[top.a] = top.b
                    stack.removeLast()
                case .branch:
                    stack.removeLast()
                    pc = top.pc
                    position = top.a
                    break backtracking
                case .greedy:
                    guard case .repeatSingle(_, _, _, _, let backward, _) = code[top.pc] else { preconditionFailure("greedy entry") }
                    // Positions whose memo point is known to fail, and positions whose next character the
                    // step after the quantifier rejects, are given back without running from them.
                    var following = top.pc + 1
                    var point = -1
                    if case .memo(let index) = code[following] {
                        point = index
                        following += 1
                    }
                    let slot = point >= 0 && memoEnabled ? memoSlot(point, at: -2) : -1
                    let skipsFailures = slot >= 0
                    var resume = top.b
                    if case .single(let next, let nextBackward) = code[following], nextBackward == backward {
                        while true {
                            if skipsFailures {
                                resume = skipFailed(point, slot: slot, from: resume, to: top.a, backward: backward)
                            }
                            if backward ? resume > top.a : resume < top.a { break }
                            let accepted = firstAccepted(next, from: resume, to: top.a, backward: backward)
                            if accepted == resume { break }
                            if skipsFailures {
                                // The step after the point rejects these positions whatever the state: known
                                // failures of the point, so later give-backs skip them at once.
                                linkFailures(slot, from: resume, to: accepted, backward: backward)
                            }
                            resume = accepted
                            if !skipsFailures { break }
                        }
                    } else if skipsFailures {
                        resume = skipFailed(point, slot: slot, from: resume, to: top.a, backward: backward)
                    }
                    if backward ? resume > top.a : resume < top.a {
                        stack.removeLast()
                        continue backtracking
                    }
                    position = resume
                    if backward ? resume + 1 <= top.a : resume - 1 >= top.a {
                        stack[stack.count - 1].b = backward ? resume + 1 : resume - 1
                    } else {
                        stack.removeLast()
                    }
                    pc = top.pc + 1
                    break backtracking
                case .lazy:
                    guard case .repeatSingle(let single, _, _, _, let backward, _) = code[top.pc] else { preconditionFailure("lazy entry") }
                    let next = backward ? top.a - 1 : top.a
                    if next >= 0 && next < length && accepts(single, input[next]) {
                        position = backward ? top.a - 1 : top.a + 1
                        let remaining = top.b == Int.max ? Int.max : top.b - 1
                        if remaining > 0 {
                            stack[stack.count - 1].a = position
                            stack[stack.count - 1].b = remaining
                        } else {
                            stack.removeLast()
                        }
                        pc = top.pc + 1
                        break backtracking
                    }
                    stack.removeLast()
                case .string:
                    guard case .strings(let index, let exit, _) = code[top.pc] else { preconditionFailure("string entry") }
                    let table = tables[index]
                    position = top.a
                    if top.b < table.count, Int(table.groupEnds[top.b - 1]) > top.b,
                        let found = table.match(from: top.b, in: input, at: position, cost: &steps)
                    {
                        stack[stack.count - 1].b = found.index + 1
                        position = found.position
                        pc = exit
                    } else {
                        stack.removeLast()
                        pc = top.pc + 1
                    }
                    break backtracking
                case .dispatch:
                    guard case .dispatch(let index) = code[top.pc] else { preconditionFailure("dispatch entry") }
                    let candidates = dispatches[index].candidates
                    position = top.a
                    pc = Int(candidates[top.b])
                    if candidates[top.b + 1] >= 0 {
                        stack[stack.count - 1].b = top.b + 1
                    } else {
                        stack.removeLast()
                    }
                    break backtracking
                case .memoMark:
                    stack.removeLast()
                    // Explored without the body's success: a known failure from now on.
                    if points[top.pc].afterGreedy {
                        let positions = length + 1
                        linkFailure(top.a / positions, at: top.a % positions, backward: points[top.pc].backward)
                    }
                case .marker:
                    stack.removeLast()
                    marker = top.b
                    guard case .lookStart(let negative, let end) = code[top.pc] else { preconditionFailure("lookaround marker") }
                    if memoEnabled && program.memoizesLookarounds {
                        recordLookaround(end: end, at: top.a, succeeded: false)
                    }
                    if let run = leadingRun(ofLookaroundAt: top.pc),
                        case .repeatSingle(_, _, _, _, let backward, _) = code[top.pc + 1]
                    {
                        recordFailure(in: run, at: top.a, backward: backward)
                    }
                    if negative {
                        position = top.a
                        pc = end + 1
                        break backtracking
                    }
                }
            }
        }
    }
}
