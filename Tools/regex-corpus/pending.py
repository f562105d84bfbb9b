#!/usr/bin/env python3
"""Writes the pending lists Specs/regex/pending-es2025.txt and pending-limits.txt from the
failing cases of the two builds, as `ecma-regex conformance --write-failures FILE` writes them:

    swift run ecma-regex conformance --write-failures /tmp/default.tsv
    swift run ecma-regex conformance --portable --write-failures /tmp/trait-off.tsv
    python3 Tools/regex-corpus/pending.py /tmp/default.tsv /tmp/trait-off.tsv

(`--portable` answers with the portable matcher alone, as the build with `--disable-default-traits`
does.) A case failing in both is listed once as `both`. Keys under `limits/` and `worst-case/` go to
pending-limits.txt, all others to pending-es2025.txt. Prints the counts per list, family and build.
"""
import collections
import os
import sys
# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Specs', 'regex')

HEADER = """# Cases node 24 (V8 13.6) answers that the engine does not answer alike yet, one per line:
# BUILD<tab>FAMILY<tab>KEY. BUILD: both, default (the PCRE2 trait on) or trait-off (the portable matcher
# alone). The tests (CorpusConformanceTests, PortableCorpusTests, WorstCaseTests) expect each listed case
# to fail in its builds and fail when it passes, so the list only shrinks: remove a line when its case
# passes. Regenerate with Tools/regex-corpus/pending.py (see its header). {what}
"""
WHAT = {
    'pending-es2025.txt': 'Here: the es2025 corpus file and the cases of the other files whose verdict node 24 changed.',
    'pending-limits.txt': 'Here: the limits corpus file (where node answered within 100 ms) and the worst-case family.',
}


def read(path):
    out = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if line:
                family, key = line.split('\t', 1)
                out[key] = family
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    default, portable = read(sys.argv[1]), read(sys.argv[2])
    lists = collections.defaultdict(list)
    counts = collections.Counter()
    for key in set(default) | set(portable):
        build = 'both' if key in default and key in portable else ('default' if key in default else 'trait-off')
        family = default.get(key) or portable.get(key)
        name = 'pending-limits.txt' if key.startswith(('limits/', 'worst-case/')) else 'pending-es2025.txt'
        lists[name].append((family, key, build))
        counts[(name, family, build)] += 1
    for name in ('pending-es2025.txt', 'pending-limits.txt'):
        rows = sorted(lists[name])
        with open(os.path.join(ROOT, name), 'w', encoding='utf-8') as f:
            f.write(HEADER.format(what=WHAT[name]))
            for family, key, build in rows:
                f.write(f'{build}\t{family}\t{key}\n')
        print(f'{name}: {len(rows)} cases')
    for (name, family, build), n in sorted(counts.items()):
        print(f'  {name} {family} {build}: {n}')


main()
