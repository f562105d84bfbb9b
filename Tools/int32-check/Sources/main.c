// The 32-bit check's program: reads the record files named on the command line and runs the Swift
// checks (int32_check_run) on a thread whose stack holds the deepest pattern the engine accepts, since
// the Embedded build compiles every pattern on the caller's thread. `--first-wrong` stops at the first
// part with a wrong answer (the self-test's variants).
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int int32_check_run(const unsigned char *corpus, long corpusLength,
                           const unsigned char *scrubber, long scrubberLength, bool stopAtFirstWrong);

struct Job {
    const unsigned char *corpus, *scrubber;
    long corpusLength, scrubberLength;
    bool stopAtFirstWrong;
    int status;
};

static unsigned char *readAll(const char *path, long *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    size_t capacity = 1 << 20, used = 0;
    unsigned char *data = malloc(capacity);
    size_t got;
    while (data && (got = fread(data + used, 1, capacity - used, file)) > 0) {
        used += got;
        if (used == capacity) data = realloc(data, capacity *= 2);
    }
    if (!data || ferror(file)) { fprintf(stderr, "%s: cannot read\n", path); exit(2); }
    fclose(file);
    *length = (long)used;
    return data;
}

static void *run(void *argument) {
    struct Job *job = argument;
    job->status = int32_check_run(job->corpus, job->corpusLength, job->scrubber, job->scrubberLength,
                                  job->stopAtFirstWrong);
    return NULL;
}

int main(int argc, char **argv) {
    bool first = argc == 4 && strcmp(argv[3], "--first-wrong") == 0;
    if (argc != 3 && !first) {
        fprintf(stderr, "usage: %s CORPUS-RECORDS SCRUBBER-RECORDS [--first-wrong] (records written by records.py)\n", argv[0]);
        return 2;
    }
    // Line by line, so what was printed survives a trap (an overflow in Swift stops the program).
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct Job job = {0};
    job.stopAtFirstWrong = first;
    job.corpus = readAll(argv[1], &job.corpusLength);
    job.scrubber = readAll(argv[2], &job.scrubberLength);
    pthread_attr_t attributes;
    pthread_t thread;
    pthread_attr_init(&attributes);
    // 5,000 nesting levels at up to 16 KiB each in an unoptimised build, with room to spare.
    pthread_attr_setstacksize(&attributes, (size_t)256 << 20);
    if (pthread_create(&thread, &attributes, run, &job) != 0) {
        fprintf(stderr, "cannot start the check's thread\n");
        return 2;
    }
    pthread_join(thread, NULL);
    fflush(stdout);
    return job.status;
}
