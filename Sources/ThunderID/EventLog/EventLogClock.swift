import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The time ``ChangeCredentialState`` stamps on its records: the current time in whole
/// milliseconds (rounded down), as the `ts` member writes it.
///
/// On Linux it reads the coarse real-time clock (`CLOCK_REALTIME_COARSE`), which the kernel moves
/// once per tick: a stamp is up to one tick (1–4 ms) behind the precise time, and records made
/// within one tick share it. A logged keystroke reads the clock three times, and the coarse clock
/// is the cheaper read. Records are ordered by `seq`, never by `ts`. Elsewhere it reads `Date()`.
enum EventLogClock {
    /// Now, in whole milliseconds.
    static func now() -> Date {
        #if os(Linux)
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        let millis = Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
        return Date(timeIntervalSince1970: Double(millis) / 1000)
        #else
        return Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        #endif
    }
}
