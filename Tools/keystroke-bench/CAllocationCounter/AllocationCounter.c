// Counts the heap allocations of one thread for keystroke-bench.
//
// On glibc, the bench executable defines malloc and friends; the dynamic linker binds every
// library's calls to these, and they forward to glibc's own entry points (`__libc_malloc`, …),
// adding one to a thread-local counter while counting is on. Under AddressSanitizer,
// ThreadSanitizer or MemorySanitizer the sanitizer runtime owns malloc, so nothing is defined
// here and counting reports itself unavailable; likewise on any other C library.

#include "AllocationCounter.h"
#include <stddef.h>
#include <stdlib.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define KB_SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define KB_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(KB_SANITIZED)

static _Thread_local int kb_counting;
static _Thread_local unsigned long long kb_count;

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static inline void kb_note(void) {
    if (kb_counting) kb_count += 1;
}

void *malloc(size_t size) {
    kb_note();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    kb_note();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    kb_note();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    kb_note();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    kb_note();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // The checks glibc makes: a power of two, a multiple of the pointer size.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return 22; // EINVAL
    kb_note();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}

int kb_allocation_counting_available(void) { return 1; }

void kb_allocation_counting_begin(void) {
    kb_count = 0;
    kb_counting = 1;
}

unsigned long long kb_allocation_counting_end(void) {
    kb_counting = 0;
    return kb_count;
}

#else

int kb_allocation_counting_available(void) { return 0; }
void kb_allocation_counting_begin(void) {}
unsigned long long kb_allocation_counting_end(void) { return 0; }

#endif
