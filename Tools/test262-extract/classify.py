#!/usr/bin/env python3
"""Sorts the current test262 disagreements into causes, for the README and reviews.

    python3 Tools/test262-extract/classify.py [path/to/ecma-regex]

Reads every request (`ecma-regex test262 --emit-requests`) and the answers of a separate
`ecma-regex --jsonl` process. Refusals (`unsupported`, `limit`) are grouped by the engine's message.
For a property-escape subject that disagrees, every code point is asked on its own and the failing
ones are classed with Python's `unicodedata` (Unicode 14.0 here, the version PCRE2 10.42 carries):
unassigned in 14 means "assigned after Unicode 14"; otherwise "property changed since Unicode 14, or
an engine defect" (the `Script_Extensions=Common|Inherited` cases, answered like `Script`, are
named separately). Python standard library only.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
tool = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "debug", "ecma-regex")
data = os.path.join(root, "Specs", "regex", "test262")


def ask(lines):
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode("utf-8")
    out = subprocess.run([tool, "--jsonl"], input=text, stdout=subprocess.PIPE, check=True).stdout
    return [json.loads(line) for line in out.decode("utf-8").split("\n")[:-1]]


with tempfile.TemporaryDirectory() as scratch:
    path = os.path.join(scratch, "requests.jsonl")
    subprocess.run([tool, "test262", "--emit-requests", path, data], check=True, stdout=subprocess.DEVNULL)
    with open(path, encoding="utf-8") as f:
        requests = [json.loads(line) for line in f.read().split("\n")[:-1]]

answers = ask([{"pattern": r["pattern"], "flags": r["flags"], "input": r["input"]} for r in requests])
causes = collections.Counter()
singles = []
for request, answer in zip(requests, answers):
    expect = request["expect"]
    if expect == "syntax":
        agrees = answer.get("error", {}).get("kind") == "syntax"
    else:
        agrees = answer.get("match") is expect
    if agrees:
        continue
    category = request["category"]
    if "error" in answer:
        message = re.sub(r"'[^']*'", "'…'", answer["error"]["message"])[:90]
        causes[(category, answer["error"]["kind"] + ": " + message)] += 1
    elif category == "property-escapes-generated":
        singles.append(request)
    elif request["flags"].find("i") >= 0 and re.fullmatch(r"\[\\u(0390|1fd3|03b0|1fe3|fb05|fb06)\]", request["pattern"]):
        causes[(category, "Unicode-version skew: simple case folding added in Unicode 15.1")] += 1
    else:
        causes[(category, "wrong verdict: " + ("node match, engine no match" if expect is True else "node no match, engine match"))] += 1

# Property escapes: ask each code point of a disagreeing subject alone.
probe = []
for request in singles:
    for ch in request["input"]:
        probe.append((request, ch))
probe_answers = ask([{"pattern": r["pattern"], "flags": r["flags"], "input": ch} for r, ch in probe])
failing = collections.Counter()
changed = collections.Counter()
for (request, ch), answer in zip(probe, probe_answers):
    if answer.get("match") is True:
        continue
    pattern = request["pattern"]
    if re.search(r"\\[pP]\{(Script_Extensions|scx)=(Common|Zyyy|Inherited|Zinh|Qaai)\}", pattern):
        cause = "Script_Extensions=Common|Inherited answered like Script"
    elif unicodedata.category(ch) == "Cn":
        cause = "Unicode-version skew: code point assigned after Unicode 14"
    else:
        cause = "Unicode-version skew or engine defect: property of a Unicode 14 code point changed"
        changed[(re.sub(r"^\^|\+\$$", "", pattern), request["flags"])] += 1
    failing[cause] += 1
subjects = collections.Counter()
for request in singles:
    subjects["property-escapes-generated"] += 1
print("disagreeing checks by cause:")
for (category, cause), count in sorted(causes.items(), key=lambda item: (-item[1], item[0])):
    print(f"  {count:7}  {category:28} {cause}")
print(f"  {len(singles):7}  property-escapes-generated   wrong verdict on a range subject; its code points, asked one by one:")
for cause, count in failing.most_common():
    print(f"           {count:7} code points: {cause}")
print("code points of Unicode 14 whose verdict differs, by regex (first 25):")
for (pattern, flags), count in changed.most_common(25):
    print(f"  {count:7}  /{pattern}/{flags}")
