#if PCRE2_BACKEND
import CPCRE2

/// The raw PCRE2 baseline: one hand-written pattern compiled with the 8-bit library in UTF mode and
/// JIT-compiled, matched with `pcre2_jit_match_8` on a String's UTF-8 in place. Owns its code, match
/// data and JIT stack and frees them.
final class RawPCRE2 {
    private let code: OpaquePointer
    private let matchData: OpaquePointer
    private let matchContext: OpaquePointer
    private let jitStack: OpaquePointer

    init?(_ pattern: String, caseless: Bool) {
        var options = UInt32(PCRE2_UTF | PCRE2_NO_UTF_CHECK | PCRE2_NEVER_UCP | PCRE2_DOLLAR_ENDONLY)
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        guard let code = bytes.withUnsafeBufferPointer({
            pcre2_compile_8($0.baseAddress, $0.count, options, &errorCode, &errorOffset, nil)
        }) else { return nil }
        guard pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0,
              let matchData = pcre2_match_data_create_from_pattern_8(code, nil),
              let matchContext = pcre2_match_context_create_8(nil),
              let jitStack = pcre2_jit_stack_create_8(32 * 1024, 512 * 1024, nil)
        else {
            pcre2_code_free_8(code)
            return nil
        }
        pcre2_jit_stack_assign_8(matchContext, nil, UnsafeMutableRawPointer(jitStack))
        self.code = code
        self.matchData = matchData
        self.matchContext = matchContext
        self.jitStack = jitStack
    }

    deinit {
        pcre2_jit_stack_free_8(jitStack)
        pcre2_match_context_free_8(matchContext)
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    /// Whether the pattern matches anywhere in `subject`; nil on a PCRE2 error.
    func matches(_ subject: String) -> Bool? {
        let rc = subject.utf8.withContiguousStorageIfAvailable { buffer in
            pcre2_jit_match_8(code, buffer.baseAddress, buffer.count, 0, 0, matchData, matchContext)
        } ?? PCRE2_ERROR_NOMATCH
        if rc >= 0 { return true }
        if rc == PCRE2_ERROR_NOMATCH { return false }
        return nil
    }

    /// Compiles and JIT-compiles `pattern` and frees it, for the compile-time comparison.
    static func compileOnce(_ pattern: [UInt8], caseless: Bool) {
        var options = UInt32(PCRE2_UTF | PCRE2_NO_UTF_CHECK | PCRE2_NEVER_UCP | PCRE2_DOLLAR_ENDONLY)
        if caseless { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        guard let code = pattern.withUnsafeBufferPointer({
            pcre2_compile_8($0.baseAddress, $0.count, options, &errorCode, &errorOffset, nil)
        }) else { return }
        _ = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE))
        pcre2_code_free_8(code)
    }
}
#endif
