import Dispatch
@testable import ECMARegex
import Testing

@Suite("The locks that stand in for Mutex and Atomic below macOS 15 / iOS 18")
struct LockTests {
    @Test("Locked serializes read-modify-write from many threads")
    func lockedCounts() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("Locked hands back what the body returns, and keeps what it wrote")
    func lockedReturns() {
        let cache = Locked<[String: Int]>([:])
        let inserted = cache.withLock { table -> Bool in
            table["a"] = 1
            return table.count == 1
        }
        #expect(inserted)
        #expect(cache.withLock { $0["a"] } == 1)
    }

    @Test("AtomicWord: add, load, store and compare-exchange from many threads")
    func atomicWord() {
        let word = AtomicWord(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { _ = word.add(1) }
        }
        #expect(word.load() == 80_000)
        let fromZero = word.compareExchange(expected: 0, desired: 5)
        #expect(!fromZero)
        #expect(word.load() == 80_000)
        let fromCount = word.compareExchange(expected: 80_000, desired: 5)
        #expect(fromCount)
        #expect(word.load() == 5)
        word.store(-1)
        #expect(word.load() == -1)
        // Only one of many racing threads wins a compare-exchange from the same expected value.
        let slot = AtomicWord(0)
        let winners = AtomicWord(0)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            if slot.compareExchange(expected: 0, desired: index + 1) { _ = winners.add(1) }
        }
        #expect(winners.load() == 1)
        #expect(slot.load() != 0)
    }

    @Test("The UTF-8 length of well-formed UTF-16, nil for a lone surrogate (what String(validating:) would say)",
          arguments: [
            [UInt16](), [0x41], [0x7F, 0x80], [0x7FF, 0x800, 0xFFFF], [0xD83D, 0xDE00], [0x41, 0xD83D, 0xDE00, 0x42],
            [0xD83D], [0xDE00], [0xD83D, 0x41], [0x41, 0xDE00, 0xD83D], [0xDBFF, 0xDFFF], [0xE000, 0xD7FF],
          ] as [[UInt16]])
    func utf8Count(units: [UInt16]) {
        #expect(ECMARegex.utf8Count(ofWellFormed: units) == String(validating: units, as: UTF16.self)?.utf8.count)
    }
}
