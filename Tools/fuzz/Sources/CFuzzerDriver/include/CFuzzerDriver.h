// libFuzzer's driver entry (compiler-rt, libclang_rt.fuzzer), called from each target's main.swift.
// SwiftPM on Linux renames an executable's `main`, so libFuzzer's own `main` cannot be used; the
// target's `main` calls the driver instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
