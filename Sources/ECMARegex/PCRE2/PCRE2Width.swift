#if PCRE2_BACKEND
import CPCRE2

/// One of the two PCRE2 libraries the engine links: the 8-bit one (UTF-8 subjects: `u`/`v` programs
/// and the basic-plane programs of patterns without them) and the 16-bit one (UTF-16 code units).
///
/// The C API names every entry point once per width (`pcre2_match_8`, `pcre2_match_16`, …). Each
/// width below maps the calls the engine makes to its library, and the compiling, matching, tiering
/// and scratch code in ``PCRE2Program`` and ``MatchScratch`` is written once, generic over this
/// protocol (specialised per width by the optimizer, so it costs no dynamic dispatch).
protocol PCRE2Width {
    /// The code unit of this width's subjects and patterns.
    associatedtype Unit: FixedWidthInteger & UnsignedInteger

    /// The options every interpreter and DFA match of this width passes.
    static var matchOptions: UInt32 { get }
    /// A valid address for empty subjects (PCRE2 10.42 rejects a NULL subject even with length 0).
    static var emptySubject: UnsafePointer<Unit> { get }

    /// `pcre2_compile` with a compile context carrying ``PCRE2Program/parenthesesNestLimit``.
    static func compile(
        _ source: UnsafeBufferPointer<Unit>, options: UInt32, errorCode: inout Int32, errorOffset: inout Int
    ) -> OpaquePointer?
    /// `pcre2_code_free`.
    static func free(_ code: OpaquePointer)
    /// `pcre2_code_copy`, then `pcre2_jit_compile` of the copy: the copy, or nil (freed) when JIT
    /// compilation is unavailable or fails.
    static func jitCompiledCopy(of code: OpaquePointer) -> OpaquePointer?

    /// `pcre2_jit_match` from offset 0 with this thread's match data and context.
    static func jitMatch(
        _ code: OpaquePointer, _ subject: UnsafePointer<Unit>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32
    /// `pcre2_match` (the interpreter) from offset 0 with ``matchOptions``.
    static func match(
        _ code: OpaquePointer, _ subject: UnsafePointer<Unit>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32
    /// `pcre2_dfa_match` from offset 0 with ``matchOptions`` and the scratch's DFA workspace.
    static func dfaMatch(
        _ code: OpaquePointer, _ subject: UnsafePointer<Unit>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32
    /// `pcre2_set_match_limit` on this width's match context of `scratch`.
    static func setMatchLimit(_ limit: UInt32, _ scratch: MatchScratch.Handles)

    /// A match data block, a match context with ``MatchScratch``'s limits and a JIT stack assigned to
    /// it; nil when PCRE2 cannot allocate them.
    static func makeMatchResources() -> MatchScratch.Resources?
    /// Frees what ``makeMatchResources()`` made.
    static func freeMatchResources(_ resources: MatchScratch.Resources)
}

/// The 8-bit library: UTF-8 subjects, read in place from a String's storage.
enum PCRE2Width8: PCRE2Width {
    typealias Unit = UInt8

    /// The programs are compiled with `UTF` and every subject is a String's own (valid) UTF-8, so
    /// PCRE2's UTF check is skipped.
    static var matchOptions: UInt32 { UInt32(PCRE2_NO_UTF_CHECK) }
    static var emptySubject: UnsafePointer<UInt8> { UnsafePointer(PCRE2Program.emptySubject8) }

    static func compile(
        _ source: UnsafeBufferPointer<UInt8>, options: UInt32, errorCode: inout Int32, errorOffset: inout Int
    ) -> OpaquePointer? {
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        pcre2_set_parens_nest_limit_8(context, PCRE2Program.parenthesesNestLimit)
        return pcre2_compile_8(source.baseAddress, source.count, options, &errorCode, &errorOffset, context)
    }

    static func free(_ code: OpaquePointer) { pcre2_code_free_8(code) }

    static func jitCompiledCopy(of code: OpaquePointer) -> OpaquePointer? {
        guard let copy = pcre2_code_copy_8(code) else { return nil }
        guard pcre2_jit_compile_8(copy, UInt32(PCRE2_JIT_COMPLETE)) == 0 else {
            pcre2_code_free_8(copy)
            return nil
        }
        return copy
    }

    @inline(__always)
    static func jitMatch(
        _ code: OpaquePointer, _ subject: UnsafePointer<UInt8>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32 {
        pcre2_jit_match_8(code, subject, length, 0, 0, scratch.matchData8, scratch.context8)
    }

    static func match(
        _ code: OpaquePointer, _ subject: UnsafePointer<UInt8>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32 {
        pcre2_match_8(code, subject, length, 0, matchOptions, scratch.matchData8, scratch.context8)
    }

    static func dfaMatch(
        _ code: OpaquePointer, _ subject: UnsafePointer<UInt8>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32 {
        pcre2_dfa_match_8(
            code, subject, length, 0, matchOptions, scratch.matchData8, scratch.context8, scratch.dfaWorkspace,
            MatchScratch.dfaWorkspaceCount)
    }

    static func setMatchLimit(_ limit: UInt32, _ scratch: MatchScratch.Handles) {
        pcre2_set_match_limit_8(scratch.context8, limit)
    }

    static func makeMatchResources() -> MatchScratch.Resources? {
        guard let matchData = pcre2_match_data_create_8(1, nil) else { return nil }
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_match_data_free_8(matchData)
            return nil
        }
        guard let jitStack = pcre2_jit_stack_create_8(MatchScratch.jitStackStart, MatchScratch.jitStackMaximum, nil)
        else {
            pcre2_match_context_free_8(context)
            pcre2_match_data_free_8(matchData)
            return nil
        }
        pcre2_set_match_limit_8(context, MatchScratch.matchLimit)
        pcre2_set_depth_limit_8(context, MatchScratch.depthLimit)
        pcre2_set_heap_limit_8(context, MatchScratch.heapLimitKiB)
        pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack))
        return MatchScratch.Resources(matchData: matchData, context: context, jitStack: jitStack)
    }

    static func freeMatchResources(_ resources: MatchScratch.Resources) {
        pcre2_match_data_free_8(resources.matchData)
        pcre2_match_context_free_8(resources.context)
        pcre2_jit_stack_free_8(resources.jitStack)
    }
}

/// The 16-bit library: UTF-16 code units, transcoded from a String or given as they are (a lone
/// surrogate is a unit of its own, as in JavaScript).
enum PCRE2Width16: PCRE2Width {
    typealias Unit = UInt16

    /// The programs are compiled with `NEVER_UTF`: there is no UTF check to skip.
    static var matchOptions: UInt32 { 0 }
    static var emptySubject: UnsafePointer<UInt16> { UnsafePointer(PCRE2Program.emptySubject16) }

    static func compile(
        _ source: UnsafeBufferPointer<UInt16>, options: UInt32, errorCode: inout Int32, errorOffset: inout Int
    ) -> OpaquePointer? {
        let context = pcre2_compile_context_create_16(nil)
        defer { pcre2_compile_context_free_16(context) }
        pcre2_set_parens_nest_limit_16(context, PCRE2Program.parenthesesNestLimit)
        return pcre2_compile_16(source.baseAddress, source.count, options, &errorCode, &errorOffset, context)
    }

    static func free(_ code: OpaquePointer) { pcre2_code_free_16(code) }

    static func jitCompiledCopy(of code: OpaquePointer) -> OpaquePointer? {
        guard let copy = pcre2_code_copy_16(code) else { return nil }
        guard pcre2_jit_compile_16(copy, UInt32(PCRE2_JIT_COMPLETE)) == 0 else {
            pcre2_code_free_16(copy)
            return nil
        }
        return copy
    }

    @inline(__always)
    static func jitMatch(
        _ code: OpaquePointer, _ subject: UnsafePointer<UInt16>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32 {
        pcre2_jit_match_16(code, subject, length, 0, 0, scratch.matchData16, scratch.context16)
    }

    static func match(
        _ code: OpaquePointer, _ subject: UnsafePointer<UInt16>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32 {
        pcre2_match_16(code, subject, length, 0, matchOptions, scratch.matchData16, scratch.context16)
    }

    static func dfaMatch(
        _ code: OpaquePointer, _ subject: UnsafePointer<UInt16>, _ length: Int, _ scratch: MatchScratch.Handles
    ) -> Int32 {
        pcre2_dfa_match_16(
            code, subject, length, 0, matchOptions, scratch.matchData16, scratch.context16, scratch.dfaWorkspace,
            MatchScratch.dfaWorkspaceCount)
    }

    static func setMatchLimit(_ limit: UInt32, _ scratch: MatchScratch.Handles) {
        pcre2_set_match_limit_16(scratch.context16, limit)
    }

    static func makeMatchResources() -> MatchScratch.Resources? {
        guard let matchData = pcre2_match_data_create_16(1, nil) else { return nil }
        guard let context = pcre2_match_context_create_16(nil) else {
            pcre2_match_data_free_16(matchData)
            return nil
        }
        guard let jitStack = pcre2_jit_stack_create_16(MatchScratch.jitStackStart, MatchScratch.jitStackMaximum, nil)
        else {
            pcre2_match_context_free_16(context)
            pcre2_match_data_free_16(matchData)
            return nil
        }
        pcre2_set_match_limit_16(context, MatchScratch.matchLimit)
        pcre2_set_depth_limit_16(context, MatchScratch.depthLimit)
        pcre2_set_heap_limit_16(context, MatchScratch.heapLimitKiB)
        pcre2_jit_stack_assign_16(context, nil, UnsafeMutableRawPointer(jitStack))
        return MatchScratch.Resources(matchData: matchData, context: context, jitStack: jitStack)
    }

    static func freeMatchResources(_ resources: MatchScratch.Resources) {
        pcre2_match_data_free_16(resources.matchData)
        pcre2_match_context_free_16(resources.context)
        pcre2_jit_stack_free_16(resources.jitStack)
    }
}
#endif
