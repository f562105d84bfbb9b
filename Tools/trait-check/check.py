#!/usr/bin/env python3
"""Which platforms and traits bring in PCRE2, read from `swift package dump-package`.

Fails unless, for every target:
  - with the default traits, no Apple platform (iOS, macOS, tvOS, watchOS, visionOS) depends on
    CPCRE2 or gets the PCRE2_BACKEND compilation condition, and Linux gets both where it gets either;
  - with the opt-in PCRE2OnMacOS trait, macOS gets both and no other Apple platform gets either;
  - a target that links CPCRE2 also gets PCRE2_BACKEND, ECMARegex gets the two together, and no
    target gets PCRE2_BACKEND where ECMARegex has no PCRE2 (code under `#if PCRE2_BACKEND` imports
    CPCRE2 or reaches ECMARegex's PCRE2 code).

Usage: check.py [DUMP.json]   (default: runs `swift package dump-package` in the repository)
       check.py --self-test   also proves that known-bad manifests are refused
"""
import copy
import json
import subprocess
import sys
from pathlib import Path
# --help / -h: the docstring, without doing anything.
if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0)

APPLE = ["macos", "ios", "tvos", "watchos", "visionos"]
ALL = APPLE + ["linux"]
ROOT = Path(__file__).resolve().parents[2]


def dump():
    out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def enabled_traits(package, chosen):
    """The traits in force when an app asks for `chosen` (None: the defaults), with what they enable."""
    traits = {t["name"]: t for t in package.get("traits", [])}
    pending = list(traits["default"]["enabledTraits"]) if chosen is None else list(chosen)
    seen = set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        pending += traits.get(name, {}).get("enabledTraits", [])
    return seen


def applies(condition, platform, traits):
    if condition is None:
        return True
    platforms = condition.get("platformNames") or []
    wanted = condition.get("traits") or []
    return (not platforms or platform in platforms) and (not wanted or any(t in traits for t in wanted))


def pcre2_links(target, platform, traits):
    for dep in target.get("dependencies", []):
        for kind in ("target", "byName", "product"):
            if kind in dep and dep[kind][0] == "CPCRE2":
                condition = dep[kind][-1] if isinstance(dep[kind][-1], dict) else None
                if applies(condition, platform, traits):
                    return True
    return False


def pcre2_defined(target, platform, traits):
    for setting in target.get("settings", []) or []:
        define = setting.get("kind", {}).get("define", {})
        if define.get("_0") == "PCRE2_BACKEND" and applies(setting.get("condition"), platform, traits):
            return True
    return False


def problems(package):
    found = []
    default = enabled_traits(package, None)
    opt_in = enabled_traits(package, ["PCRE2OnMacOS"])
    if "PCRE2" not in default:
        found.append("the default traits do not enable PCRE2 (Linux would lose its fast path)")
    engine = next(t for t in package["targets"] if t["name"] == "ECMARegex")
    for target in package["targets"]:
        name = target["name"]
        for platform in ALL:
            for label, traits in (("default traits", default), ("PCRE2OnMacOS", opt_in)):
                links = pcre2_links(target, platform, traits)
                defined = pcre2_defined(target, platform, traits)
                wanted = (platform == "linux" and label == "default traits") or (platform == "macos" and label == "PCRE2OnMacOS")
                if (links or defined) and platform in APPLE and not wanted:
                    found.append(f"{name} brings in PCRE2 on {platform} with {label}")
                # Code under `#if PCRE2_BACKEND` imports CPCRE2 or reaches ECMARegex's PCRE2 code.
                if links and not defined:
                    found.append(f"{name} on {platform} with {label}: links CPCRE2 without PCRE2_BACKEND")
                if defined and not pcre2_links(engine, platform, traits):
                    found.append(f"{name} on {platform} with {label}: PCRE2_BACKEND where ECMARegex has no PCRE2")
                if target is engine and links != defined:
                    found.append(f"ECMARegex on {platform} with {label}: CPCRE2 dependency {links}, PCRE2_BACKEND {defined}")
    if not pcre2_links(engine, "linux", default):
        found.append("ECMARegex does not link PCRE2 on Linux with the default traits")
    if not pcre2_links(engine, "macos", opt_in):
        found.append("ECMARegex does not link PCRE2 on macOS with PCRE2OnMacOS")
    return found


def report(package):
    found = problems(package)
    users = [t["name"] for t in package["targets"] if pcre2_links(t, "linux", enabled_traits(package, None))]
    for line in found:
        print(f"trait-check: {line}", file=sys.stderr)
    if not found:
        print(f"trait-check: ok: PCRE2 on Linux by default and on macOS only with PCRE2OnMacOS, "
              f"never on iOS, tvOS, watchOS or visionOS ({len(users)} targets: {', '.join(users)})")
    return not found


def self_test(package):
    """Known-bad manifests must be refused."""
    def mutate(fn):
        bad = copy.deepcopy(package)
        fn(bad)
        return bad

    def ecma(p):
        return next(t for t in p["targets"] if t["name"] == "ECMARegex")

    def old_condition(p):       # PCRE2 on macOS under the default trait, without the opt-in
        for dep in ecma(p)["dependencies"]:
            dep["target"][1]["platformNames"] = ["linux", "macos"]
            dep["target"][1]["traits"] = ["PCRE2"]

    def unconditional(p):
        ecma(p)["dependencies"] = [{"byName": ["CPCRE2", None]}]

    def define_without_dependency(p):
        ecma(p)["dependencies"] = []

    def default_opt_in(p):
        next(t for t in p["traits"] if t["name"] == "default")["enabledTraits"] = ["PCRE2", "PCRE2OnMacOS"]

    ok = True
    for name, fn in [("old-condition", old_condition), ("unconditional", unconditional),
                     ("define-without-dependency", define_without_dependency), ("default-opt-in", default_opt_in)]:
        refused = problems(mutate(fn))
        if refused:
            print(f"trait-check: ok   {name} refused ({refused[0]})")
        else:
            print(f"trait-check: FAIL {name} was accepted", file=sys.stderr)
            ok = False
    return ok


def main(argv):
    args = [a for a in argv if a != "--self-test"]
    package = json.loads(Path(args[0]).read_text()) if args else dump()
    ok = report(package)
    if "--self-test" in argv:
        ok = self_test(package) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
