#!/usr/bin/env python3
"""Writes the cases of Tools/int32-check's 32-bit runner as length-prefixed records, which an Embedded
Swift program reads without Foundation or a JSON parser:

    python3 Tools/int32-check/records.py corpus OUT [FILE...]     the regex corpus (Specs/regex/corpus/*.jsonl,
                                                                   or the FILEs) with the pending lists
    python3 Tools/int32-check/records.py scrubber OUT              Tools/int32-check/scrubber-cases.jsonl

A record is a field holding the number of fields that follow, then those fields; a field is its length
in UTF-8 bytes in decimal, a colon, and the bytes. A corpus record's fields: category, row, pattern,
flags, mode (`search` or `whole`), input (a `limits` case's `unit` × `count` and `suffix` written out),
expectation (`true`, `false` or `syntax`) and rule: `strict` where a refusal counts as a failure (the
`es2025` file, and the `limits` cases node answered within 100 ms), `pending` for a case a pending list
expects to fail in the trait-off build (the portable matcher, what the 32-bit build runs), else `-`.
A scrubber record's fields: the text, what the scrubber makes of it, and the values.
Prints the number of records per file.
"""
import json
import os
import sys

# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
SPECS = os.path.join(HERE, '..', '..', 'Specs', 'regex')


def field(text):
    data = text.encode('utf-8')
    return str(len(data)).encode('ascii') + b':' + data


def record(fields):
    return field(str(len(fields))) + b''.join(field(f) for f in fields)


def literal(text):
    """CorpusCase.literal: a quoted literal with every scalar outside printable ASCII (and `"`, `\\`) as \\u{…}."""
    out = '"'
    for ch in text:
        if 0x20 <= ord(ch) < 0x7F and ch not in '"\\':
            out += ch
        else:
            out += '\\u{%X}' % ord(ch)
    return out + '"'


def pending_keys():
    """The keys the pending lists expect to fail in the trait-off build."""
    keys = set()
    for name in sorted(os.listdir(SPECS)):
        if not (name.startswith('pending-') and name.endswith('.txt')):
            continue
        with open(os.path.join(SPECS, name), encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip('\n')
                if not line or line.startswith('#'):
                    continue
                parts = line.split('\t', 2)
                if len(parts) != 3 or parts[0] not in ('both', 'default', 'trait-off'):
                    sys.exit('%s:%d: expected BUILD<tab>FAMILY<tab>KEY' % (name, number))
                if parts[0] in ('both', 'trait-off'):
                    keys.add(parts[2])
    return keys


def corpus(out_path, files):
    files = files or sorted(os.path.join(SPECS, 'corpus', n) for n in os.listdir(os.path.join(SPECS, 'corpus'))
                            if n.endswith('.jsonl'))
    if not files:
        sys.exit('records.py: no corpus files')
    pending = pending_keys()
    with open(out_path, 'wb') as out:
        for path in files:
            count = 0
            with open(path, encoding='utf-8') as f:
                for line in f:
                    if not line.strip():
                        continue
                    case = json.loads(line)
                    if case.get('known'):
                        continue
                    subject = case['input'] + case.get('unit', '') * case.get('count', 0) + case.get('suffix', '')
                    expect = case['expect']
                    expect = 'syntax' if expect == 'syntax' else ('true' if expect is True else 'false')
                    category, row, flags = case['category'], case['row'], case['flags']
                    mode = case.get('mode') or 'search'
                    pattern_key = '%s/%s %s %s %s' % (category, row, flags or '-', mode, literal(case['pattern']))
                    key = 'limits/' + row if category == 'limits' else pattern_key + ' ' + literal(subject)
                    if key in pending or (category != 'limits' and pattern_key + ' *' in pending):
                        rule = 'pending'
                    elif category == 'es2025' or (category == 'limits' and not case.get('slow', False)):
                        rule = 'strict'
                    else:
                        rule = '-'
                    out.write(record([category, row, case['pattern'], flags, mode, subject, expect, rule]))
                    count += 1
            if count == 0:
                sys.exit('records.py: %s holds no case' % path)
            print('records.py: %s: %d cases' % (os.path.relpath(path), count))


def scrubber(out_path):
    path = os.path.join(HERE, 'scrubber-cases.jsonl')
    count = 0
    with open(path, encoding='utf-8') as f, open(out_path, 'wb') as out:
        for line in f:
            if not line.strip():
                continue
            case = json.loads(line)
            out.write(record([case['text'], case['scrubbed']] + case['secrets']))
            count += 1
    if count == 0:
        sys.exit('records.py: %s holds no case' % path)
    print('records.py: %s: %d cases' % (os.path.relpath(path), count))


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ('corpus', 'scrubber'):
        sys.exit(__doc__)
    if sys.argv[1] == 'corpus':
        corpus(sys.argv[2], sys.argv[3:])
    else:
        scrubber(sys.argv[2])


main()
