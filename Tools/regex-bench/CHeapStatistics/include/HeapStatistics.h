#ifndef REGEX_BENCH_HEAP_STATISTICS_H
#define REGEX_BENCH_HEAP_STATISTICS_H

/// Bytes the C heap has handed out and not taken back (glibc's `mallinfo2`: `uordblks + hblkhd`);
/// -1 on another C library.
long long rb_live_heap_bytes(void);

#endif
