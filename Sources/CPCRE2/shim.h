#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H
// Width 0: declare the 8-bit and 16-bit entry points by their explicit names
// (pcre2_compile_8, pcre2_compile_16, ...) so one module serves both libraries.
#define PCRE2_CODE_UNIT_WIDTH 0
#include <pcre2.h>
#endif
