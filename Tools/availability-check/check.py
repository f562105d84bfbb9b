#!/usr/bin/env python3
"""Refuses references to Apple API newer than a package's declared deployment minimums.

  check.py --package DIR --store STORE [--store STORE ...] --dump DUMPER --graphs CACHE [--sources DIR ...]
           [--module NAME ...] [--graph-module NAME ...] [-I DIR ...] [--quiet]

Reads every symbol occurrence of the named modules from the index stores (through DUMPER, the
index-dump program), the Apple availability of the referenced symbols from symbol graphs the
toolchain extracts from its module interfaces (cached under CACHE), and the minimums from
`swift package dump-package`. A reference counts when it lies in a file under one of the --sources
directories; it is a finding when, on some Apple platform where that code is compiled, the symbol is
unavailable or introduced after the lowest OS version the code can run on there (the package minimum,
raised by enclosing `#available` guards and `@available` declarations; see swiftscan.py).
Exit status: 0 no findings, 1 findings, 2 the check itself could not run.
"""

import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import swiftscan  # noqa: E402
from swiftscan import APPLE, DEAD  # noqa: E402

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
REL_BASEOF = 1 << 10
REL_OVERRIDEOF = 1 << 11

# The system modules whose symbol graphs are read by default: what the libraries import, and what
# Swift imports implicitly.
DEFAULT_GRAPH_MODULES = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Foundation",
                         "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
                         "Dispatch", "Observation", "RegexBuilder"]
PLATFORM_NAMES = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}


def fail(message):
    print(f"availability-check: {message}", file=sys.stderr)
    sys.exit(2)


def version_text(version):
    """(18, 0, 0) → 18.0, (17, 4, 1) → 17.4.1"""
    return ".".join(str(x) for x in (version[:2] if len(version) < 3 or version[2] == 0 else version))


def read_minimums(package):
    """{platform: version} and the package's trait names, from `swift package dump-package`."""
    result = subprocess.run(["swift", "package", "dump-package", "--package-path", package],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"swift package dump-package failed:\n{result.stderr}")
    manifest = json.loads(result.stdout)
    minimums = {}
    for entry in manifest.get("platforms") or []:
        name = PLATFORM_NAMES.get(entry["platformName"])
        if name:
            minimums[name] = swiftscan.parse_version(entry["version"])
    if not minimums:
        fail(f"{package} declares no Apple platforms; nothing to check against")
    traits = [t["name"] for t in manifest.get("traits") or [] if t.get("name") != "default"]
    return minimums, traits


def swift_version():
    result = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    return result.stdout + result.stderr


def extract_graphs(cache, modules, include_dirs):
    """Extracts (once per toolchain, module and include-path set) and returns the graph files."""
    files = []
    version = swift_version()
    for module in modules:
        key_text = version + module + "\0".join(include_dirs)
        # Module interfaces built in include dirs change with their sources: key on their mtimes too.
        for d in include_dirs:
            for path in sorted(glob.glob(os.path.join(d, module + ".swiftmodule*"))):
                key_text += f"{path}:{os.path.getmtime(path)}"
        key = hashlib.sha256(key_text.encode()).hexdigest()[:16]
        out = os.path.join(cache, f"{module}-{key}")
        done = os.path.join(out, ".done")
        if not os.path.exists(done):
            os.makedirs(out, exist_ok=True)
            for old in glob.glob(os.path.join(out, "*.json")):
                os.remove(old)
            command = ["swift", "symbolgraph-extract", "-module-name", module,
                       "-target", "x86_64-unknown-linux-gnu", "-output-dir", out]
            for d in include_dirs:
                command += ["-I", d]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                print(f"availability-check: note: no symbol graph for {module} "
                      f"({result.stderr.strip().splitlines()[0] if result.stderr.strip() else 'failed'})",
                      file=sys.stderr)
                continue
            open(done, "w").close()
        files += sorted(glob.glob(os.path.join(out, "*.symbols.json")))
    return files


def merge(into, entries):
    """Folds symbol-graph availability entries into {platform: {"introduced", "obsoleted", "unavailable"}}."""
    for entry in entries or []:
        domain = entry.get("domain")
        if domain == "*":
            if entry.get("isUnconditionallyUnavailable"):
                for p in APPLE:
                    into.setdefault(p, {})["unavailable"] = True
            continue
        if domain not in APPLE:
            continue
        slot = into.setdefault(domain, {})
        if entry.get("isUnconditionallyUnavailable"):
            slot["unavailable"] = True
        for field, pick in (("introduced", max), ("obsoleted", min)):
            if field in entry:
                v = entry[field]
                version = (v.get("major", 0), v.get("minor", 0), v.get("patch", 0))
                slot[field] = pick(slot[field], version) if field in slot else version
    return into


def load_availability(files, cache):
    """{usr: (display name, {platform: constraints})} with constraints inherited through memberOf,
    cached (the toolchain's graphs are large) under `cache`, keyed on the graph files."""
    key_text = "".join(f"{path}:{os.path.getmtime(path)}:{os.path.getsize(path)}\n" for path in files)
    cached = os.path.join(cache, "availability-" + hashlib.sha256(key_text.encode()).hexdigest()[:16] + ".json")
    if os.path.exists(cached):
        with open(cached) as f:
            table = json.load(f)
        return {usr: (name, {p: {k: tuple(v) if isinstance(v, list) else v for k, v in c.items()}
                             for p, c in constraints.items()})
                for usr, (name, constraints) in table.items()}
    table = _read_availability(files)
    for old in glob.glob(os.path.join(cache, "availability-*.json")):
        os.remove(old)
    with open(cached + ".tmp", "w") as f:
        json.dump(table, f)
    os.replace(cached + ".tmp", cached)
    return table


def _read_availability(files):
    own, names, parent, defaults = {}, {}, {}, {}
    for path in files:
        with open(path) as f:
            graph = json.load(f)
        for symbol in graph.get("symbols", []):
            usr = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in usr:
                continue  # a copy of a protocol extension member; the original is in its own module's graph
            names.setdefault(usr, ".".join(symbol.get("pathComponents") or [symbol["names"]["title"]]))
            merge(own.setdefault(usr, {}), symbol.get("availability"))
        for relation in graph.get("relationships", []):
            if "::SYNTHESIZED::" in relation["source"]:
                continue
            if relation["kind"] in ("memberOf", "requirementOf"):
                parent.setdefault(relation["source"], relation["target"])
            elif relation["kind"] == "defaultImplementationOf":
                defaults.setdefault(relation["target"], []).append(relation["source"])
    resolved = {}

    def effective(usr, depth=0):
        if usr in resolved:
            return resolved[usr]
        result = {p: dict(c) for p, c in own.get(usr, {}).items()}
        up = parent.get(usr)
        if up and depth < 20:
            for p, c in effective(up, depth + 1).items():
                slot = result.setdefault(p, {})
                if c.get("unavailable"):
                    slot["unavailable"] = True
                if "introduced" in c:
                    slot["introduced"] = max(slot.get("introduced", c["introduced"]), c["introduced"])
                if "obsoleted" in c:
                    slot["obsoleted"] = min(slot.get("obsoleted", c["obsoleted"]), c["obsoleted"])
        resolved[usr] = result
        return result

    def weakest(usr):
        # A requirement newer than its protocol, with an older default implementation (Swift 6.0 made
        # `&*` a FixedWidthInteger requirement): on an older OS the compiler picks the default, while the
        # Linux index names the requirement. Such a reference needs only what its most available
        # candidate needs.
        result = effective(usr)
        for other in defaults.get(usr, []):
            candidate = effective(other)
            result = {p: c for p, c in result.items() if p in candidate}
            for p, c in list(result.items()):
                d = candidate[p]
                if c.get("unavailable") and not d.get("unavailable"):
                    result[p] = d
                elif "introduced" in c and not d.get("unavailable") and d.get("introduced", (0,)) < c["introduced"]:
                    result[p] = d
        return result

    return {usr: (names[usr], weakest(usr)) for usr in names}


def read_occurrences(dumper, stores, modules, roots):
    """[(file, line, column, usr, implicit)] of references (and overrides) in files under roots, from
    every store (a position and symbol seen in several stores counts once)."""
    output = []
    for store in stores:
        result = subprocess.run([dumper, store] + modules, capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"reading the index store {store} failed:\n{result.stderr}")
        output.append(result.stdout)
    roots = [os.path.realpath(r) + os.sep for r in roots]
    seen, occurrences, files, defined = set(), [], set(), set()
    for line in "".join(output).splitlines():
        fields = line.split("\t")
        if len(fields) < 8:
            continue
        path, line_number, column, roles, usr = fields[0], int(fields[1]), int(fields[2]), int(fields[3], 16), fields[4]
        if roles & (ROLE_DEFINITION | ROLE_DECLARATION):
            defined.add(usr)
        real = os.path.realpath(path)
        if not any(real.startswith(r) for r in roots) or not os.path.exists(real):
            continue
        files.add(real)
        targets = []
        if roles & ROLE_REFERENCE:
            targets.append(usr)
        if roles & ROLE_DEFINITION and fields[7]:
            for relation in fields[7].split(" "):
                relation_roles, _, related = relation.partition(":")
                if int(relation_roles, 16) & REL_OVERRIDEOF:
                    targets.append(related)
        for target in targets:
            key = (real, line_number, column, target)
            if key not in seen:
                seen.add(key)
                occurrences.append((real, line_number, column, target, bool(roles & ROLE_IMPLICIT)))
    return occurrences, files, defined


_ACCESSOR = re.compile(r"^(s:.*[vi])[gsMrwWaulx](Z?)$")


def property_usr(usr):
    """The property or subscript an accessor USR belongs to (`…vg` getter → `…vp`), or None. The index
    records accessor uses; symbol graphs list the property or subscript."""
    m = _ACCESSOR.match(usr)
    return m.group(1) + "p" + m.group(2) if m else None


def usr_module(usr):
    """The module a Swift USR names first (`s:15Synchronization5MutexV` → Synchronization), best effort."""
    if usr.startswith("c:"):
        return "(C)"
    m = re.match(r"s:(\d+)", usr)
    if m:
        n = int(m.group(1))
        start = m.end()
        return usr[start:start + n]
    if usr.startswith("s:S") or usr.startswith("s:s"):
        return "Swift"
    return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", required=True)
    parser.add_argument("--store", action="append", required=True)
    parser.add_argument("--dump", required=True)
    parser.add_argument("--graphs", required=True)
    parser.add_argument("--module", action="append", default=[])
    parser.add_argument("--sources", action="append", default=[])
    parser.add_argument("--graph-module", action="append", default=[])
    parser.add_argument("-I", dest="include", action="append", default=[])
    parser.add_argument("--flag", action="append", default=[], help="NAME=true|false for #if evaluation")
    parser.add_argument("--label", default="")
    parser.add_argument("--quiet", action="store_true", help="only the findings and the closing line")
    args = parser.parse_args()

    minimums, traits = read_minimums(args.package)
    # #if flags: the package's traits are off (an app builds with --disable-default-traits);
    # SWIFT_PACKAGE is set by SwiftPM; everything else (DEBUG included) cannot be told.
    flags = {t: False for t in traits}
    flags["SWIFT_PACKAGE"] = True
    for entry in args.flag:
        name, _, value = entry.partition("=")
        flags[name] = value == "true"

    occurrences, files, defined = read_occurrences(args.dump, args.store, args.module, args.sources or [args.package])
    if not occurrences:
        fail(f"no symbol occurrences in {args.store} for {', '.join(args.module) or 'any module'}; "
             "was it built with an index store?")
    graph_modules = list(dict.fromkeys(DEFAULT_GRAPH_MODULES + args.graph_module))
    availability = load_availability(extract_graphs(args.graphs, graph_modules, args.include), args.graphs)

    sources = {}
    findings = []  # (file, line, column, name, [(platform, need, floor)])
    system_refs, system_symbols, unresolved = 0, set(), {}
    own_modules = set(args.module)
    checked = set()
    for path, line, column, usr, implicit in sorted(occurrences):
        if path not in sources:
            sources[path] = swiftscan.SourceFile(path, flags)
        if sources[path].compiled_nowhere(line, minimums):
            continue  # e.g. PCRE2-trait code that the apple-check build compiles
        entry = availability.get(usr) or availability.get(property_usr(usr))
        if entry is None:
            module = usr_module(usr)
            if usr not in defined and module not in own_modules:
                unresolved[module] = unresolved.get(module, 0) + 1
                if os.environ.get("AVAILABILITY_CHECK_DEBUG"):
                    print(f"unresolved: {path}:{line}:{column}: {usr}", file=sys.stderr)
            continue
        name, constraints = entry
        if (path, line, column, name) in checked:
            continue  # a property and its accessor at one position
        checked.add((path, line, column, name))
        system_refs += 1
        system_symbols.add(usr)
        if not constraints:
            continue
        floors = sources[path].floors(line, column, minimums)
        problems = []
        for platform, (floor, why) in floors.items():
            c = constraints.get(platform)
            if not c or floor == DEAD:
                continue
            if c.get("unavailable"):
                problems.append((platform, "unavailable", floor, why))
            elif "obsoleted" in c:
                problems.append((platform, f"obsoleted in {platform} {version_text(c['obsoleted'])}", floor, why))
            elif "introduced" in c and c["introduced"] > floor:
                problems.append((platform, c["introduced"], floor, why))
        if problems:
            findings.append((path, line, column, name, problems, implicit))

    label = f" [{args.label}]" if args.label else ""
    root = os.path.realpath(args.package) + os.sep
    for path, line, column, name, problems, implicit in findings:
        shown = path[len(root):] if path.startswith(root) else path
        needs, floors = [], []
        for platform, need, floor, why in problems:
            if need == "unavailable":
                needs.append(f"is unavailable on {platform}")
            elif isinstance(need, str):
                needs.append(f"is {need}")
            else:
                needs.append(f"{platform} {version_text(need)}")
            floors.append(f"{platform} {version_text(floor)}" + ("" if why == "declared minimum" else f" per {why}"))
        text = ", ".join(needs)
        text = ("needs " + text) if not text.startswith("is ") else text
        print(f"{shown}:{line}:{column}: '{name}' {text} (code runs from {', '.join(floors)})")

    if findings and not args.quiet:
        by_symbol = {}
        for path, line, column, name, problems, implicit in findings:
            by_symbol.setdefault(name, set()).add(path)
        print(f"availability-check{label}: by symbol:")
        for name in sorted(by_symbol, key=lambda n: (-len(by_symbol[n]), n)):
            count = sum(1 for f in findings if f[3] == name)
            print(f"  {name}: {count} reference{'s' * (count != 1)} in {len(by_symbol[name])} "
                  f"file{'s' * (len(by_symbol[name]) != 1)}")
    if unresolved and not args.quiet:
        listed = ", ".join(f"{m} {n}" for m, n in sorted(unresolved.items(), key=lambda x: -x[1]))
        print(f"availability-check{label}: references to symbols with no symbol graph (not checked): {listed}")
    platforms = ", ".join(f"{p} {version_text(v)}" for p, v in minimums.items())
    print(f"availability-check{label}: {len(findings)} finding{'s' * (len(findings) != 1)} in {system_refs} "
          f"references to {len(system_symbols)} system symbols across {len(files)} files (platforms: {platforms})")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
