#!/usr/bin/env python3
"""Refuses an `Int` (or `UInt`) that only works where it has 64 bits, in every module under Sources/:

  - an integer literal above Int32.max typed `Int` (above UInt32.max typed `UInt`): on watchOS's
    arm64_32 it does not compile (`x & 0xFFFF_FFFF`);
  - an `Int` or `UInt` shifted by a literal 32 or more (`<<`, `>>`, `&<<`, `&>>` and their assigning
    forms): there the bits are gone (`a << 32 | b` keeps only `b`).

Types decide, so it reads the compiler's typed syntax tree (`swiftc -dump-ast`) rather than the text: a
`UInt64` shifted by 32 is fine, the same text on an `Int` is not. Each module is type-checked with the
arguments of the last `swift build` (.build/debug.yaml; `Tools/dev test` leaves one), so the code checked
is what Linux compiles: Apple-only branches (`#if canImport(SwiftUI)`, `os`, `Darwin`) are not.

    python3 Tools/int32-check/int-width-guard.py                  every module under Sources/
    python3 Tools/int32-check/int-width-guard.py --self-test      first shows a fixture's wrong lines found
                                                                   and its fixed-width ones let through
    python3 Tools/int32-check/int-width-guard.py --conversions    also lists, for review, conversions to
                                                                   `Int` of 64-bit and floating values
                                                                   that trap where `Int` has 32 bits

Exit status 0 when nothing is found, 1 on a finding (or a self-test that fails), 2 when it cannot run.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
NODE = re.compile(r'^( *)\((?:\w+=)?(\w+)')
LOCATION = re.compile(r'location=(\S+?):(\d+):\d+')
SHIFT = re.compile(r'declref_expr .*decl="Swift\.\(file\)\.[^"]*?\.(&?<<=?|&?>>=?)(?: \[|")')
LIMIT = {'Int': 0x7FFF_FFFF, 'UInt': 0xFFFF_FFFF}

FIXTURE = '''
func packed(_ a: Int, _ b: UInt64, _ c: [Int], _ u: UInt, _ d: Double) -> Int {
    var x = a << 32                          // wrong
    x <<= 33                                 // wrong
    x &>>= 40                                // wrong
    let y = b >> 40
    let z = c.map { $0 >> 32 }               // wrong
    let m = a & 0x7FFF_FFFF
    let w = u &<< 32                         // wrong
    let big = 5_000_000_000                  // wrong
    let wide = UInt64(a) << 32 | UInt64(u) & 0xFFFF_FFFF
    let small = a << 31 | a >> 31
    let mask: UInt = 0xFFFF_FFFF
    let huge: UInt = 0x1_0000_0000           // wrong
    let narrowed = Int(d) + Int(truncatingIfNeeded: b) + Int(exactly: d)!
    return x + Int(y) + z[0] + m + Int(w) + big + Int(wide) + small + Int(mask) + Int(huge) + narrowed
}
'''


def literal(text):
    try:
        return int(text.replace('_', ''), 0)
    except ValueError:
        return None


def scan(lines, conversions):
    """(file, line, finding) for each wrong literal or shift in a `-dump-ast` text; with `conversions`,
    also each narrowing conversion to `Int`."""
    found = []
    for index, line in enumerate(lines):
        match = NODE.match(line)
        if not match:
            continue
        indent, kind = len(match.group(1)), match.group(2)
        if kind == 'integer_literal_expr':
            typed = re.search(r' type="(U?Int)"', line)
            value = re.search(r' value="([^"]+)"', line)
            number = literal(value.group(1)) if value else None
            if typed and number is not None and number > LIMIT[typed.group(1)]:
                where = LOCATION.search(line)
                found.append((where.group(1), int(where.group(2)),
                              'the literal %s is typed %s' % (value.group(1), typed.group(1))))
        elif kind == 'constructor_ref_call_expr' and conversions:
            typed = re.search(r' type="\((Int64|UInt64|Double|Float|Float80)\) -> (U?Int)"', line)
            label = re.search(r'\.init\((\w*):?\)', lines[index + 1]) if index + 1 < len(lines) else None
            if typed and (not label or label.group(1) not in ('exactly', 'clamping')):
                where = LOCATION.search(line)
                found.append((where.group(1), int(where.group(2)), 'review: %s(%s%s)' % (
                    typed.group(2), label.group(1) + ': ' if label and label.group(1) != '_' else '', typed.group(1))))
        elif kind == 'binary_expr':
            end = index + 1
            while end < len(lines):
                inner = NODE.match(lines[end])
                if inner and len(inner.group(1)) <= indent:
                    break
                end += 1
            block = lines[index + 1:end]
            # The operator: the first reference in the expression's callee.
            operator = next((SHIFT.search(b) for b in block[:3] if 'declref_expr' in b), None)
            if not operator:
                continue
            typed = next((re.search(r'Self -> (\w+)', b) or re.search(r'type="\((\w+)\.Type\)', b)
                          for b in block[:3] if re.search(r'Self -> \w+|type="\(\w+\.Type\)', b)), None)
            if not typed or typed.group(1) not in LIMIT:
                continue
            # The two arguments of the expression's own argument list.
            arguments = []
            for position, b in enumerate(block):
                opened = NODE.match(b)
                if opened and opened.group(2) == 'argument_list' and len(opened.group(1)) == indent + 2:
                    for c in block[position + 1:]:
                        child = NODE.match(c)
                        if child and len(child.group(1)) <= indent + 2:
                            break
                        if child and len(child.group(1)) == indent + 6:
                            arguments.append(c)
                    break
            amount = re.search(r'integer_literal_expr .*value="([^"]+)"', arguments[1]) if len(arguments) == 2 else None
            if amount and (literal(amount.group(1)) or 0) >= 32:
                where = LOCATION.search(line)
                found.append((where.group(1), int(where.group(2)), 'an %s is shifted by %s (%s)' % (
                    typed.group(1), amount.group(1), operator.group(1))))
    return found


def dump(arguments):
    result = subprocess.run([swiftc(), '-dump-ast'] + arguments, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit('int-width-guard: swiftc -dump-ast failed:\n' + result.stderr[-2000:])
    return (result.stdout + result.stderr).splitlines()


def swiftc():
    found = shutil.which('swiftc')
    if not found:
        sys.exit('int-width-guard: swiftc is not on PATH')
    return found


def modules():
    """(name, arguments without outputs) of each module under Sources/, from the last build's manifest."""
    manifest = os.path.join(ROOT, '.build', 'debug.yaml')
    if not os.path.exists(manifest):
        print('int-width-guard: no .build/debug.yaml: run `swift build` (or Tools/dev test) first', file=sys.stderr)
        sys.exit(2)
    text = open(manifest, encoding='utf-8').read()
    found = []
    for match in re.finditer(r'\n  "C\.([\w-]+?)-[\w.-]+-debug\.module":\n(?:    .*\n)*?    args: (\[.*\])\n', text):
        arguments = json.loads(match.group(2))
        response = next((a[1:] for a in arguments if a.startswith('@') and a.endswith('/sources')), None)
        if not response or not os.path.exists(response):
            continue
        sources = open(response, encoding='utf-8').read().split()
        # A module of Sources/ (ThunderID's also has the resource accessor SwiftPM generates under .build).
        if not any(s.strip('"').startswith(os.path.join(ROOT, 'Sources') + os.sep) for s in sources):
            continue
        kept, skip = [], False
        for argument in arguments[1:]:
            if skip:
                skip = False
            elif argument in ('-emit-module-path', '-output-file-map', '-index-store-path', '-emit-objc-header-path'):
                skip = True
            elif argument in ('-emit-dependencies', '-emit-module', '-incremental', '-c', '-enable-batch-mode',
                              '-serialize-diagnostics', '-parseable-output', '-emit-objc-header') or re.match(r'-j\d+$', argument):
                pass
            else:
                kept.append(argument)
        found.append((match.group(1), kept))
    if not found:
        print('int-width-guard: .build/debug.yaml names no module under Sources/', file=sys.stderr)
        sys.exit(2)
    return found


def self_test():
    directory = tempfile.mkdtemp()
    try:
        path = os.path.join(directory, 'Fixture.swift')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(FIXTURE)
        expected = {number + 1 for number, line in enumerate(FIXTURE.split('\n')) if line.endswith('// wrong')}
        found = {line for _, line, what in scan(dump(['-parse-as-library', path]), False)}
        if found != expected:
            print('int-width-guard: self-test: found lines %s of the fixture, expected %s' % (sorted(found), sorted(expected)),
                  file=sys.stderr)
            sys.exit(1)
        reviewed = {what for _, _, what in scan(dump(['-parse-as-library', path]), True) if what.startswith('review')}
        if reviewed != {'review: Int(Double)', 'review: Int(truncatingIfNeeded: UInt64)', 'review: Int(UInt64)'}:
            print('int-width-guard: self-test: conversions listed: %s' % sorted(reviewed), file=sys.stderr)
            sys.exit(1)
        print('int-width-guard: self-test: the fixture\'s %d wrong lines are found, its fixed-width ones are not' % len(expected))
    finally:
        shutil.rmtree(directory)


def main():
    arguments = sys.argv[1:]
    unknown = [a for a in arguments if a not in ('--self-test', '--conversions')]
    if unknown:
        sys.exit(__doc__)
    if '--self-test' in arguments:
        self_test()
    started = time.time()
    targets = modules()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        dumps = list(pool.map(lambda target: dump(target[1]), targets))
    findings = sorted(set(f for lines in dumps for f in scan(lines, '--conversions' in arguments)))
    wrong = [f for f in findings if not f[2].startswith('review')]
    for path, line, what in findings:
        print('%s:%d: %s' % (os.path.relpath(path, ROOT), line, what))
    print('int-width-guard: %d finding(s) in %d modules (%s) in %.0f s' % (
        len(wrong), len(targets), ', '.join(name for name, _ in targets), time.time() - started))
    sys.exit(1 if wrong else 0)


main()
