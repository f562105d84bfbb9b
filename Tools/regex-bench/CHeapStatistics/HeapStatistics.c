// The live heap for `regex-bench --memory`: what compiled regexes keep, without counting
// freed memory that the allocator holds on to.

#include <stdlib.h>
#include "HeapStatistics.h"

#if defined(__GLIBC__)
#include <malloc.h>

long long rb_live_heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}
#else
long long rb_live_heap_bytes(void) { return -1; }
#endif
