#!/usr/bin/env python3
"""End-to-end check of the test262 data through the real `ecma-regex --jsonl` process.

    python3 Tools/test262-extract/pipe-check.py [path/to/ecma-regex]

Writes every request line (`ecma-regex test262 --emit-requests`), pipes the file through
`ecma-regex --jsonl` as a separate process, judges each answer line against node's verdict, prints
agreement per category, and compares the set of disagreeing ids with
`Specs/regex/test262/known-disagreements.txt`. Exits 1 when they differ. Python standard library only.
"""
import collections
import json
import os
import subprocess
import sys
import tempfile
# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
tool = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "debug", "ecma-regex")
data = os.path.join(root, "Specs", "regex", "test262")

with tempfile.TemporaryDirectory() as scratch:
    requests = os.path.join(scratch, "requests.jsonl")
    subprocess.run([tool, "test262", "--emit-requests", requests, data], check=True, stdout=subprocess.DEVNULL)
    with open(requests, "rb") as source:
        answers = subprocess.run([tool, "--jsonl"], stdin=source, stdout=subprocess.PIPE, check=True).stdout
    with open(requests, encoding="utf-8") as f:
        request_lines = f.read().split("\n")[:-1]

answer_lines = answers.decode("utf-8").split("\n")[:-1]
if len(answer_lines) != len(request_lines):
    sys.exit(f"{len(request_lines)} requests but {len(answer_lines)} answers")

tally = collections.defaultdict(lambda: [0, 0])
disagreeing = set()
for request_text, answer_text in zip(request_lines, answer_lines):
    request = json.loads(request_text)
    answer = json.loads(answer_text)
    expect = request["expect"]
    if expect == "syntax":
        agrees = answer.get("error", {}).get("kind") == "syntax"
    else:
        agrees = answer.get("match") is expect
    row = tally[request["category"]]
    row[0] += 1
    row[1] += agrees
    if not agrees:
        disagreeing.add(request["id"])

known = set()
with open(os.path.join(data, "known-disagreements.txt"), encoding="utf-8") as f:
    for line in f:
        line = line.strip()
        if line and not line.startswith("#"):
            known.add(line.split()[0])

print(f"{'category':28} {'checks':>8} {'agree':>8} {'disagree':>9}")
for category in sorted(tally):
    total, agreed = tally[category]
    print(f"{category:28} {total:8} {agreed:8} {total - agreed:9}")
total = sum(t for t, _ in tally.values())
agreed = sum(a for _, a in tally.values())
print(f"{'total':28} {total:8} {agreed:8} {total - agreed:9}")
unexpected = disagreeing - known
stale = known - disagreeing
print(f"through the process: {len(disagreeing)} disagreements; not in the known list: {len(unexpected)}; listed but agreeing: {len(stale)}")
sys.exit(0 if not unexpected and not stale else 1)
