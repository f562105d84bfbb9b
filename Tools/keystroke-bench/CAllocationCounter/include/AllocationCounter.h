#ifndef KEYSTROKE_BENCH_ALLOCATION_COUNTER_H
#define KEYSTROKE_BENCH_ALLOCATION_COUNTER_H

/// Whether heap allocations can be counted in this build: glibc, and no sanitizer (a sanitizer
/// owns malloc; the counter then stays out of its way and the bench prints `n/a`).
int kb_allocation_counting_available(void);

/// Starts counting the calling thread's allocations from zero.
void kb_allocation_counting_begin(void);

/// Stops counting and returns the calling thread's allocations since the matching begin:
/// calls of malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign.
unsigned long long kb_allocation_counting_end(void);

#endif
