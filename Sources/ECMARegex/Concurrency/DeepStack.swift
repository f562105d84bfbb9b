#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Runs the work that recurses once per nesting level of a pattern (parsing, the analyses, the PCRE2
/// emitter, the portable compiler and class compiler, PCRE2's own compiler) off the caller's stack when
/// the pattern is nested deeply.
///
/// Every walk of the syntax tree recurses, a few frames per level of groups, lookarounds, quantified
/// groups, alternations and `v`-mode classes. In a debug build a level takes up to
/// `measuredBytesPerLevel` of stack across those walks (measured with `Tools/regex-bench`'s
/// `stack-probe`), so ``RegexParser/maximumNesting`` levels would overflow an iOS secondary thread's
/// 512 KiB. A pattern nested deeper than `callerThreadNesting` is therefore parsed and compiled on a
/// helper thread with a `stackSize` stack, which the caller waits for; shallower patterns (nearly all)
/// cost no thread. Matching never recurses (both matchers keep explicit stacks), and a deep tree is torn
/// down without recursion (`RegexTree`), so the caller's stack never depends on the nesting.
enum DeepStack {
    /// Nesting levels up to which the work runs on the caller's thread: at `measuredBytesPerLevel` this
    /// stays under 200 KiB of a debug build's stack, well under half of an iOS secondary thread's 512 KiB.
    static let callerThreadNesting = 12
    /// The most stack one level of nesting took across parsing, selecting and compiling in a debug build:
    /// 15,713 bytes for nested modifier groups `(?i:(?i:…))`, 14,402 for nested `v` classes, 13,424 for
    /// groups, quantified groups and alternations, 8,837 for lookarounds (the difference between the least
    /// `ulimit -s` that compiles 100 and 300 levels, `ecma-regex --jsonl`, x86_64 Linux, Swift 6.3.1),
    /// rounded up.
    static let measuredBytesPerLevel = 16 * 1024
    /// The helper thread's stack for a pattern nested `nesting` deep: that many levels (and 64 more) at
    /// `measuredBytesPerLevel`, doubled. Address space only; pages are touched only as deep as the work goes
    /// (about 16 KiB a level in a debug build, a tenth of that in a release build).
    static func stackSize(nesting: Int) -> Int {
        (Swift.min(nesting, RegexParser.maximumNesting) + 64) * measuredBytesPerLevel * 2
    }

    /// Runs `body` on the caller's thread when `nesting` is small, else on a helper thread with a
    /// ``stackSize(nesting:)`` stack, waiting for it.
    static func run<T>(nesting: Int, _ body: () throws(ECMARegexError) -> T) throws(ECMARegexError) -> T {
        #if hasFeature(Embedded)
        // The Embedded Swift build (the 32-bit check, `Tools/int32-check`) has no threads: its runner
        // gives the caller's thread a stack for the deepest pattern.
        return try body()
        #else
        if nesting <= callerThreadNesting { return try body() }
        var result: Result<T, ECMARegexError>?
        let started = withoutActuallyEscaping(body) { escapable in
            withUnsafeMutablePointer(to: &result) { slot in
                let job = Job {
                    do throws(ECMARegexError) {
                        slot.pointee = .success(try escapable())
                    } catch {
                        slot.pointee = .failure(error)
                    }
                }
                return job.runOnHelperThread(stackSize: stackSize(nesting: nesting))
            }
        }
        guard started, let result else {
            // No thread could be created (resource exhaustion): refuse rather than risk the caller's stack.
            throw .limit("the pattern is nested too deeply to compile without a thread for its stack", at: nil)
        }
        return try result.get()
        #endif
    }

    #if !hasFeature(Embedded)
    /// Work handed to a helper thread; the caller waits for the thread before it reads anything the work
    /// wrote, so nothing is shared concurrently.
    private final class Job: @unchecked Sendable {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }

        /// Starts a thread with `stackSize` bytes of stack that runs `body`, and joins it.
        func runOnHelperThread(stackSize: Int) -> Bool {
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            let pageSize = 16 * 1024
            let rounded = (stackSize + pageSize - 1) / pageSize * pageSize
            guard pthread_attr_setstacksize(&attributes, rounded) == 0 else { return false }
            let context = Unmanaged.passRetained(self).toOpaque()
            #if canImport(Darwin)
                var thread: pthread_t?
                guard pthread_create(&thread, &attributes, deepStackEntry, context) == 0, let thread else {
                    Unmanaged<Job>.fromOpaque(context).release()
                    return false
                }
            #else
                var thread = pthread_t()
                guard pthread_create(&thread, &attributes, deepStackEntry, context) == 0 else {
                    Unmanaged<Job>.fromOpaque(context).release()
                    return false
                }
            #endif
            pthread_join(thread, nil)
            return true
        }

        static func enter(_ context: UnsafeMutableRawPointer) {
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
        }
    }
    #endif
}

#if !hasFeature(Embedded)
#if canImport(Darwin)
    private func deepStackEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        DeepStack.enterJob(context)
        return nil
    }
#else
    private func deepStackEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        if let context { DeepStack.enterJob(context) }
        return nil
    }
#endif

extension DeepStack {
    fileprivate static func enterJob(_ context: UnsafeMutableRawPointer) {
        Job.enter(context)
    }
}
#endif

/// The syntax tree of a `ParsedPattern`, shared by its copies; its last release takes the tree apart
/// with a work list, since the recursive release of a tree nested thousands deep would overflow a small
/// thread stack (`DeepStack`).
final class RegexTree: @unchecked Sendable {
    /// Immutable after creation (a `ParsedPattern` that changes its root gets a new tree).
    var root: RegexNode

    init(_ root: RegexNode) {
        self.root = root
    }

    deinit {
        var nodes: [RegexNode] = [root]
        root = .empty
        var sets: [ClassSet] = []
        while let node = nodes.popLast() {
            switch node {
            case .sequence(let children), .alternation(let children):
                nodes.append(contentsOf: children)
            case .group(let inner), .capture(_, _, let inner), .lookahead(let inner, _), .lookbehind(let inner, _),
                .quantified(let inner, _, _, _), .modified(let inner, _):
                nodes.append(inner)
            case .characterClass(let set):
                sets.append(set)
            case .empty, .character, .dot, .lineStart, .lineEnd, .inputStart, .inputEnd, .wordBoundary,
                .backreference:
                break
            }
            // `node` is released here; its children are held by the work lists, so the release stops at it.
        }
        while let set = sets.popLast() {
            switch set {
            case .union(let members), .intersection(let members), .subtraction(let members):
                sets.append(contentsOf: members)
            case .complement(let inner):
                sets.append(inner)
            case .character, .range, .builtin, .property, .strings, .stringProperty:
                break
            }
        }
    }
}
