// The C declarations the Embedded Swift build of the 32-bit check needs: the allocation functions the
// portable matcher's backtracking stack uses where there is no `mmap` (no libc module is imported in an
// Embedded build; the linked C library provides them).
typedef __SIZE_TYPE__ size_t;
void *malloc(size_t size);
void *realloc(void *pointer, size_t size);
void free(void *pointer);
