// Prints the symbol occurrences of an index store, one line per occurrence, for the units of the
// named modules (all non-system units when none are named):
//
//   index-dump STORE [MODULE...]
//
//   file \t line \t column \t roles \t usr \t name \t kind \t relations
//
// roles is the occurrence's role bit set in hex (indexstore.h's INDEXSTORE_SYMBOL_ROLE_*), kind the
// symbol kind number, relations a space-separated list of `roles:usr` (empty when there are none).
// Built by `run` with the toolchain's clang against its libIndexStore.so; uses only the `_apply_f`
// (function pointer) entry points, so it needs no blocks runtime.
#define _POSIX_C_SOURCE 200809L // strndup
#include <indexstore/indexstore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    indexstore_t store;
    int module_count;
    char **modules;
    const char *file; // the record's source file, set per record
    size_t file_length;
    unsigned long records;
    unsigned long occurrences;
} dump_t;



// Names may hold tabs or newlines only in pathological cases (operators never do); keep lines intact.
static void put_field(indexstore_string_ref_t s) {
    for (size_t i = 0; i < s.length; i++) {
        char c = s.data[i];
        putchar(c == '\t' || c == '\n' ? ' ' : c);
    }
}

static bool print_relation(void *context, indexstore_symbol_relation_t relation) {
    int *first = context;
    indexstore_symbol_t symbol = indexstore_symbol_relation_get_symbol(relation);
    printf(*first ? "%llx:" : " %llx:", (unsigned long long)indexstore_symbol_relation_get_roles(relation));
    put_field(indexstore_symbol_get_usr(symbol));
    *first = 0;
    return true;
}

static bool print_occurrence(void *context, indexstore_occurrence_t occurrence) {
    dump_t *dump = context;
    indexstore_symbol_t symbol = indexstore_occurrence_get_symbol(occurrence);
    unsigned line = 0, column = 0;
    indexstore_occurrence_get_line_col(occurrence, &line, &column);
    fwrite(dump->file, 1, dump->file_length, stdout);
    printf("\t%u\t%u\t%llx\t", line, column, (unsigned long long)indexstore_occurrence_get_roles(occurrence));
    put_field(indexstore_symbol_get_usr(symbol));
    putchar('\t');
    put_field(indexstore_symbol_get_name(symbol));
    printf("\t%d\t", (int)indexstore_symbol_get_kind(symbol));
    int first = 1;
    indexstore_occurrence_relations_apply_f(occurrence, &first, print_relation);
    putchar('\n');
    dump->occurrences++;
    return true;
}

static bool visit_dependency(void *context, indexstore_unit_dependency_t dependency) {
    dump_t *dump = context;
    if (indexstore_unit_dependency_get_kind(dependency) != INDEXSTORE_UNIT_DEPENDENCY_RECORD) return true;
    indexstore_string_ref_t name = indexstore_unit_dependency_get_name(dependency);
    indexstore_string_ref_t path = indexstore_unit_dependency_get_filepath(dependency);
    char *record_name = strndup(name.data, name.length);
    indexstore_error_t error = NULL;
    indexstore_record_reader_t reader = indexstore_record_reader_create(dump->store, record_name, &error);
    if (!reader) {
        fprintf(stderr, "index-dump: record %s: %s\n", record_name,
                error ? indexstore_error_get_description(error) : "unreadable");
        if (error) indexstore_error_dispose(error);
        free(record_name);
        exit(1);
    }
    dump->file = path.data;
    dump->file_length = path.length;
    indexstore_record_reader_occurrences_apply_f(reader, dump, print_occurrence);
    indexstore_record_reader_dispose(reader);
    free(record_name);
    dump->records++;
    return true;
}

static bool wanted_module(dump_t *dump, indexstore_string_ref_t module) {
    if (dump->module_count == 0) return true;
    for (int i = 0; i < dump->module_count; i++) {
        if (strlen(dump->modules[i]) == module.length && memcmp(dump->modules[i], module.data, module.length) == 0)
            return true;
    }
    return false;
}

static bool visit_unit(void *context, indexstore_string_ref_t unit_name) {
    dump_t *dump = context;
    char *name = strndup(unit_name.data, unit_name.length);
    indexstore_error_t error = NULL;
    indexstore_unit_reader_t unit = indexstore_unit_reader_create(dump->store, name, &error);
    if (!unit) {
        fprintf(stderr, "index-dump: unit %s: %s\n", name, error ? indexstore_error_get_description(error) : "unreadable");
        if (error) indexstore_error_dispose(error);
        free(name);
        exit(1);
    }
    if (!indexstore_unit_reader_is_system_unit(unit) && wanted_module(dump, indexstore_unit_reader_get_module_name(unit))) {
        indexstore_unit_reader_dependencies_apply_f(unit, dump, visit_dependency);
    }
    indexstore_unit_reader_dispose(unit);
    free(name);
    return true;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: index-dump STORE [MODULE...]\n");
        return 2;
    }
    indexstore_error_t error = NULL;
    indexstore_t store = indexstore_store_create(argv[1], &error);
    if (!store) {
        fprintf(stderr, "index-dump: %s: %s\n", argv[1], error ? indexstore_error_get_description(error) : "cannot open");
        if (error) indexstore_error_dispose(error);
        return 1;
    }
    dump_t dump = {store, argc - 2, argv + 2, NULL, 0, 0, 0};
    indexstore_store_units_apply_f(store, 1, &dump, visit_unit);
    indexstore_store_dispose(store);
    fprintf(stderr, "index-dump: %lu occurrences in %lu records\n", dump.occurrences, dump.records);
    return dump.records == 0 ? 1 : 0;
}
