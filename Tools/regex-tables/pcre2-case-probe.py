#!/usr/bin/env python3
"""Measures PCRE2's caseless equivalence classes and property sets with the engine's compile options.

    python3 Tools/regex-tables/pcre2-case-probe.py /tmp/unicode-data.json > /tmp/pcre2-case.json

Property sets: for every property of the node data that PCRE2 10.42 can spell (`\\p{Lu}`, `\\p{sc:Greek}`,
`\\p{scx:Greek}`, `\\p{Alphabetic}`), the code points `\\p{…}+` matches in the 8-bit UTF library; the
emitter uses PCRE2's own property as a compact base and corrects it where its Unicode 14 data differ.

Loads the system libpcre2-8 and libpcre2-16 (the library the engine links, 10.42 on Debian 12) and, for
every code point that has a case mapping in node's data (the probe's JSON) or in Python's own
unicodedata, asks which of those code points `\\x{c}` and `[\\x{c}]` match caselessly:
- 8-bit library, UTF | NEVER_UCP | CASELESS (patterns with u/v, and without them on BMP subjects);
- 16-bit library, UCP | NEVER_UTF | CASELESS (patterns without u/v), BMP units only.
Writes the code points whose PCRE2 class differs from ECMAScript's (node's), per mode; the emitter
never lets PCRE2's case data decide for those (unicode-tables-emit.js writes them into Swift).
"""
import ctypes
import json
import sys
# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

UTF, UCP, NEVER_UTF, NEVER_UCP, CASELESS = 0x00080000, 0x00020000, 0x00001000, 0x00000800, 0x00000008

lib8 = ctypes.CDLL("libpcre2-8.so.0")
lib16 = ctypes.CDLL("libpcre2-16.so.0")
for lib, suffix in ((lib8, "8"), (lib16, "16")):
    for name in ("pcre2_compile", "pcre2_match_data_create_from_pattern", "pcre2_match", "pcre2_code_free",
                 "pcre2_match_data_free", "pcre2_get_ovector_pointer"):
        getattr(lib, f"{name}_{suffix}").restype = ctypes.c_void_p
    getattr(lib, f"pcre2_match_{suffix}").restype = ctypes.c_int
    getattr(lib, f"pcre2_compile_{suffix}").argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint32,
                                                        ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_size_t),
                                                        ctypes.c_void_p]
    getattr(lib, f"pcre2_match_{suffix}").argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t,
                                                      ctypes.c_uint32, ctypes.c_void_p, ctypes.c_void_p]
    getattr(lib, f"pcre2_match_data_create_from_pattern_{suffix}").argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    getattr(lib, f"pcre2_get_ovector_pointer_{suffix}").argtypes = [ctypes.c_void_p]
    getattr(lib, f"pcre2_code_free_{suffix}").argtypes = [ctypes.c_void_p]
    getattr(lib, f"pcre2_match_data_free_{suffix}").argtypes = [ctypes.c_void_p]


def matches(wide, pattern, subject_units, unit_to_code_point):
    """The code points of `subject` that `pattern` (ASCII) matches, scanning left to right."""
    lib, suffix = (lib16, "16") if wide else (lib8, "8")
    options = CASELESS | (UCP | NEVER_UTF if wide else UTF | NEVER_UCP)
    if wide:
        source = (ctypes.c_uint16 * len(pattern))(*[ord(c) for c in pattern])
    else:
        source = ctypes.create_string_buffer(pattern.encode("ascii"), len(pattern))
    error, offset = ctypes.c_int(0), ctypes.c_size_t(0)
    code = getattr(lib, f"pcre2_compile_{suffix}")(source, len(pattern), options, ctypes.byref(error),
                                                   ctypes.byref(offset), None)
    if not code:
        raise RuntimeError(f"compile failed: {pattern} {error.value}")
    data = getattr(lib, f"pcre2_match_data_create_from_pattern_{suffix}")(code, None)
    found = []
    start = 0
    subject, length = subject_units
    while start < length:
        rc = getattr(lib, f"pcre2_match_{suffix}")(code, subject, length, start, 0, data, None)
        if rc < 0:
            break
        ovector = ctypes.cast(getattr(lib, f"pcre2_get_ovector_pointer_{suffix}")(data),
                              ctypes.POINTER(ctypes.c_size_t))
        begin, end = ovector[0], ovector[1]
        found.append(unit_to_code_point[begin])
        start = max(end, begin + 1)
    getattr(lib, f"pcre2_match_data_free_{suffix}")(data)
    getattr(lib, f"pcre2_code_free_{suffix}")(code)
    return sorted(set(found))


def match_runs(pattern, subject_units, unit_to_code_point):
    """The [first, last] code points of each match of `pattern` (case-sensitive, 8-bit UTF)."""
    source = ctypes.create_string_buffer(pattern.encode("ascii"), len(pattern))
    error, offset = ctypes.c_int(0), ctypes.c_size_t(0)
    code = lib8.pcre2_compile_8(source, len(pattern), UTF | NEVER_UCP, ctypes.byref(error), ctypes.byref(offset), None)
    if not code:
        raise RuntimeError(f"compile failed: {pattern}")
    data = lib8.pcre2_match_data_create_from_pattern_8(code, None)
    subject, length = subject_units
    runs, start = [], 0
    while start < length:
        if lib8.pcre2_match_8(code, subject, length, start, 0, data, None) < 0:
            break
        ovector = ctypes.cast(lib8.pcre2_get_ovector_pointer_8(data), ctypes.POINTER(ctypes.c_size_t))
        begin, end = ovector[0], ovector[1]
        last = end - 1
        while last not in unit_to_code_point:
            last -= 1
        runs.append([unit_to_code_point[begin], unit_to_code_point[last]])
        start = max(end, begin + 1)
    lib8.pcre2_match_data_free_8(data)
    lib8.pcre2_code_free_8(code)
    return runs


def subject8(code_points):
    encoded = bytearray()
    index = {}
    for c in code_points:
        index[len(encoded)] = c
        encoded += chr(c).encode("utf-8")
    return (ctypes.create_string_buffer(bytes(encoded), len(encoded)), len(encoded)), index


def subject16(units):
    return ((ctypes.c_uint16 * len(units))(*units), len(units)), {i: u for i, u in enumerate(units)}


def main():
    data = json.load(open(sys.argv[1]))
    js_unicode = {c: members for c, members in data["unicodeClasses"]}
    canonical = {u: u for u in range(0x10000)}
    for unit, mapped in data["legacy"]:
        canonical[unit] = mapped
    candidates = set(js_unicode)
    for members in js_unicode.values():
        candidates.update(members)
    for unit, mapped in data["legacy"]:
        candidates.update((unit, mapped))
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        s = chr(c)
        images = {s.lower(), s.upper(), s.casefold()} - {s}
        if images:
            candidates.add(c)
            candidates.update(ord(i) for i in images if len(i) == 1)
    candidates = sorted(candidates)
    bmp = [c for c in candidates if c <= 0xFFFF]

    s8, index8 = subject8(candidates)
    s16, index16 = subject16(bmp)
    legacy_classes = {}
    for u in bmp:
        legacy_classes.setdefault(canonical[u], []).append(u)

    unicode_differences, legacy_differences = set(), set()
    for c in candidates:
        js = js_unicode.get(c, [c])
        for pattern in (f"\\x{{{c:x}}}", f"[\\x{{{c:x}}}]"):
            if matches(False, pattern, s8, index8) != js:
                unicode_differences.add(c)
        if c <= 0xFFFF:
            js_legacy = sorted(legacy_classes.get(canonical[c], [c]))
            for pattern in (f"\\x{{{c:x}}}", f"[\\x{{{c:x}}}]"):
                if matches(True, pattern, s16, index16) != js_legacy:
                    legacy_differences.add(c)
                if [m for m in matches(False, pattern, s8, index8) if m <= 0xFFFF] != js_legacy:
                    legacy_differences.add(c)
    # Close both sets under ECMAScript's classes (whole classes are emitted exactly).
    for c in list(unicode_differences):
        unicode_differences.update(js_unicode.get(c, [c]))
    for c in list(legacy_differences):
        legacy_differences.update(legacy_classes.get(canonical[c], [c]))
    properties = {}
    every = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    everything, index_all = subject8(every)
    for key in sorted(data["properties"]):
        kind, name = key.split(":")
        if kind == "binary" and name in ("Any", "ASCII", "Assigned"):
            continue
        spelling = {"generalCategory": name, "script": "sc:" + name, "scriptExtensions": "scx:" + name,
                    "binary": name}[kind]
        pattern = "\\p{" + spelling + "}+"
        try:
            runs = match_runs(pattern, everything, index_all)
        except RuntimeError:
            continue  # PCRE2 10.42 does not know this property
        properties[key] = runs
    version, unicode_version = ctypes.create_string_buffer(64), ctypes.create_string_buffer(64)
    lib8.pcre2_config_8(11, version)  # PCRE2_CONFIG_VERSION
    lib8.pcre2_config_8(10, unicode_version)  # PCRE2_CONFIG_UNICODE_VERSION
    json.dump({"pcre2": version.value.decode(), "pcre2Unicode": unicode_version.value.decode(),
               "unicode": sorted(unicode_differences), "legacy": sorted(legacy_differences),
               "properties": properties}, sys.stdout)
    sys.stdout.write("\n")
    print(f"{len(candidates)} candidates; PCRE2 differs from ECMAScript on {len(unicode_differences)} code points "
          f"(u/v) and {len(legacy_differences)} units (no u/v)", file=sys.stderr)


main()
