"""What a Swift source file's text says about where its code runs on Apple platforms.

The index store records only the code compiled for Linux, so every occurrence it lists sits in the
active Linux branch of each `#if`. For such a position this module answers, per Apple platform:

  - is the code compiled there at all (`#if` conditions evaluated for that platform, three-valued:
    a condition it cannot decide counts as possibly true, so the code is checked);
  - is it in a context that cannot run there (`@available(iOS, unavailable)`, `@available(*,
    unavailable)` on an enclosing declaration);
  - the lowest OS version it can run on: the package minimum, raised by an enclosing
    `if #available(...)`, the rest of a scope after `guard #available(...) else { ... }`, the else
    branch of `if #unavailable(...)`, or `@available(...)` on an enclosing declaration.

It is a scanner, not a parser: it tokenizes (strings, comments and raw strings are opaque),
matches brackets, and recognizes those few shapes. Known limits are in README.md.
"""

import re

APPLE = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
DEAD = "dead"  # a floor value: the code cannot run on that platform

# Names `os()` accepts, per platform.
_OS_NAMES = {"macOS": {"macOS", "OSX"}, "iOS": {"iOS"}, "tvOS": {"tvOS"}, "watchOS": {"watchOS"},
             "visionOS": {"visionOS", "xrOS"}}
_APPLE_DOMAIN = {"macOS": "macOS", "OSX": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS",
                 "visionOS": "visionOS", "xrOS": "visionOS"}

# canImport() per platform: modules known to exist on every Apple platform, on some, or on none.
_EVERY_APPLE = {"Darwin", "os", "Foundation", "Dispatch", "Combine", "SwiftUI", "Observation", "Synchronization",
                "Accessibility", "CoreFoundation", "ObjectiveC", "Security", "Network", "OSLog", "CryptoKit",
                "_Concurrency", "Swift", "_StringProcessing", "RegexBuilder", "UniformTypeIdentifiers"}
_SOME_APPLE = {"UIKit": {"iOS", "tvOS", "visionOS", "watchOS"}, "AppKit": {"macOS"}, "WatchKit": {"watchOS"},
               "Cocoa": {"macOS"}}
_NO_APPLE = {"Glibc", "Musl", "Bionic", "Android", "WASILibc", "ucrt", "WinSDK", "CRT", "FoundationNetworking",
             "FoundationXML", "FoundationEssentials", "FoundationInternationalization", "SwiftGlibc"}

_TOKEN = re.compile(r"""
    (?P<newline>\n)
  | (?P<space>[ \t\r\f]+)
  | (?P<linecomment>//[^\n]*)
  | (?P<blockcomment>/\*)
  | (?P<string>\#*"(?:"")?)
  | (?P<directive>\#(?:if|elseif|else|endif|sourceLocation|error|warning)\b)
  | (?P<pound>\#[A-Za-z_]\w*)
  | (?P<attribute>@[A-Za-z_]\w*)
  | (?P<ident>`[^`\n]*`|[A-Za-z_\x80-\xff][\w\x80-\xff]*)
  | (?P<number>[0-9][\w.]*)
  | (?P<punct>[()\[\]{},;:])
  | (?P<other>.)
""", re.VERBOSE)


_STRING_OPENER = re.compile(r'#*"(?:"")?')


class Token:
    __slots__ = ("kind", "text", "line", "column", "bol")

    def __init__(self, kind, text, line, column, bol):
        self.kind, self.text, self.line, self.column, self.bol = kind, text, line, column, bol

    def __repr__(self):
        return f"{self.text!r}@{self.line}:{self.column}"


def _skip_string(text, start, opener):
    """Returns the offset just past the string literal whose opening delimiter `opener` starts at start."""
    hashes = len(opener) - len(opener.lstrip("#"))
    multiline = opener.endswith('"""')
    close = ('"""' if multiline else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    i = start + len(opener)
    depth = 0  # parentheses inside an interpolation
    while i < len(text):
        if depth == 0:
            if text.startswith(escape + "(", i):
                depth = 1
                i += len(escape) + 1
                continue
            if text.startswith(escape, i):
                i += len(escape) + 1
                continue
            if text.startswith(close, i):
                return i + len(close)
            if text[i] == "\n" and not multiline:
                return i  # unterminated: stop at the line's end
            i += 1
        else:
            # Inside `\( ... )`: code, which may hold strings of its own.
            c = text[i]
            m = _STRING_OPENER.match(text, i) if c in '"#' else None
            if m:
                i = _skip_string(text, i, m.group(0))
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            i += 1
    return i


def tokenize(text):
    """Tokens of Swift source `text` (decoded as Latin-1, so columns are UTF-8 byte columns as in the
    index). Comments, whitespace and string contents are dropped; a string is one `string` token."""
    tokens = []
    line, line_start, i = 1, 0, 0
    bol = True  # first token on its line
    n = len(text)
    while i < n:
        m = _TOKEN.match(text, i)
        kind = m.lastgroup
        if kind == "newline":
            line, line_start, bol = line + 1, m.end(), True
            i = m.end()
            continue
        if kind in ("space", "linecomment"):
            i = m.end()
            continue
        if kind == "blockcomment":
            depth, j = 1, m.end()
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    if text[j] == "\n":
                        line, line_start = line + 1, j + 1
                    j += 1
            i = j
            continue
        column = i - line_start + 1
        if kind == "string":
            end = _skip_string(text, i, m.group(0))
            tokens.append(Token("string", '""', line, column, bol))
            newlines = text.count("\n", i, end)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", i, end) + 1
            i, bol = end, False
            continue
        if kind == "directive":
            # The rest of the line is the condition (a trailing comment dropped).
            end = text.find("\n", m.end())
            end = n if end < 0 else end
            rest = re.sub(r"//.*$", "", text[m.end():end]).strip()
            tokens.append(Token("directive", m.group(0) + ("\0" + rest if rest else ""), line, column, bol))
            i, bol = end, False
            continue
        tokens.append(Token(kind, m.group(0), line, column, bol))
        i, bol = m.end(), False
    return tokens


# --- #if conditions -------------------------------------------------------------------------------

class _Cond:
    """Parses a compilation condition; evaluate(platform) gives True, False or None (cannot tell)."""

    def __init__(self, text, flags):
        self.tokens = re.findall(r"&&|\|\||!|\(|\)|,|>=|<|[A-Za-z_][\w.]*|[0-9][\w.]*|\S", text)
        self.flags = flags  # custom flags known for the build: name -> bool
        self.text = text

    def evaluate(self, platform):
        self.i, self.platform = 0, platform
        value = self._or()
        if self.i != len(self.tokens):
            return None
        return value

    def _peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def _or(self):
        value = self._and()
        while self._peek() == "||":
            self.i += 1
            right = self._and()
            value = True if (value is True or right is True) else (False if value is False and right is False else None)
        return value

    def _and(self):
        value = self._not()
        while self._peek() == "&&":
            self.i += 1
            right = self._not()
            value = False if (value is False or right is False) else (True if value is True and right is True else None)
        return value

    def _not(self):
        if self._peek() == "!":
            self.i += 1
            value = self._not()
            return None if value is None else not value
        return self._primary()

    def _primary(self):
        token = self._peek()
        if token is None:
            return None
        self.i += 1
        if token == "(":
            value = self._or()
            if self._peek() == ")":
                self.i += 1
            return value
        if self._peek() == "(":
            depth, start = 0, self.i + 1
            while self.i < len(self.tokens):
                t = self.tokens[self.i]
                depth += t == "("
                depth -= t == ")"
                self.i += 1
                if depth == 0:
                    break
            return self._function(token, self.tokens[start:self.i - 1])
        if token == "true":
            return True
        if token == "false":
            return False
        return self.flags.get(token)

    def _function(self, name, args):
        arg = args[0] if args else ""
        p = self.platform
        if name == "os":
            return arg in _OS_NAMES[p]
        if name == "canImport":
            module = arg.split(".")[0]
            if module in _EVERY_APPLE:
                return True
            if module in _SOME_APPLE:
                return p in _SOME_APPLE[module]
            if module in _NO_APPLE:
                return False
            return None
        if name == "arch":
            return None if arg in ("arm64", "x86_64", "arm64e", "arm64_32", "armv7k") else False
        if name in ("compiler", "swift", "hasFeature", "hasAttribute", "_endian"):
            return True if name != "_endian" else arg == "little"
        if name == "_runtime":
            return arg == "_ObjC"
        if name == "targetEnvironment":
            return None if arg in ("simulator", "macCatalyst") else False
        return None


def compiled_lines(tokens, flags):
    """For each Apple platform, the set of `(start_line, end_line)` spans that are not compiled there."""
    skipped = {p: [] for p in APPLE}
    stack = []  # per open #if: {"start", "results": [per platform: list of previous values], "active": {p: bool}}
    for t in tokens:
        if t.kind != "directive":
            continue
        keyword, _, condition = t.text.partition("\0")
        if keyword == "#if":
            stack.append({p: {"seen_true": False, "clause_start": t.line, "compiled": None} for p in APPLE})
            _open_clause(stack[-1], t.line, condition, flags)
        elif keyword in ("#elseif", "#else") and stack:
            _close_clause(stack[-1], t.line, skipped)
            _open_clause(stack[-1], t.line, condition if keyword == "#elseif" else "true", flags)
        elif keyword == "#endif" and stack:
            _close_clause(stack.pop(), t.line, skipped)
    return skipped


def _open_clause(state, line, condition, flags):
    cond = _Cond(condition, flags)
    for p, s in state.items():
        value = cond.evaluate(p)
        s["compiled"] = not s["seen_true"] and value is not False
        s["clause_start"] = line
        s["seen_true"] = s["seen_true"] or value is True


def _close_clause(state, line, skipped):
    for p, s in state.items():
        if not s["compiled"]:
            skipped[p].append((s["clause_start"], line))


# --- availability regions -------------------------------------------------------------------------

_DECL_KEYWORDS = {"func", "var", "let", "init", "deinit", "subscript", "struct", "class", "enum", "extension",
                  "actor", "protocol", "typealias", "associatedtype", "case", "macro", "operator", "precedencegroup"}
_BODY_DECLS = {"func", "init", "deinit", "subscript", "struct", "class", "enum", "extension", "actor", "protocol"}
_MODIFIERS = {"public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override",
              "mutating", "nonmutating", "nonisolated", "convenience", "required", "lazy", "weak", "unowned",
              "indirect", "dynamic", "optional", "isolated", "consuming", "borrowing", "distributed", "prefix",
              "postfix", "infix", "class"}


def parse_version(text):
    parts = [int(x) for x in re.findall(r"\d+", text)[:3]]
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts)


def _specs(tokens, start, end):
    """The platform specs inside a paren group tokens[start:end] (exclusive of the parens), as
    {platform: version or DEAD}, and whether the spec list made the whole context unavailable."""
    # Split on commas.
    items, current = [], []
    for t in tokens[start:end]:
        if t.text == ",":
            items.append(current)
            current = []
        else:
            current.append(t)
    items.append(current)
    result = {}
    if not items or not items[0]:
        return result
    first = items[0][0].text
    if len(items[0]) == 1:
        # Long form: @available(P, introduced: V), @available(P, unavailable), @available(*, ...).
        domains = APPLE if first == "*" else ((_APPLE_DOMAIN[first],) if first in _APPLE_DOMAIN else ())
        for item in items[1:]:
            if not item:
                continue
            if item[0].text == "unavailable":
                for d in domains:
                    result[d] = DEAD
            elif item[0].text == "introduced" and first != "*":
                version = "".join(t.text for t in item[2:])
                for d in domains:
                    result[d] = parse_version(version)
        return result
    # Short form: P V, P V, *
    for item in items:
        if len(item) >= 2 and item[0].text in _APPLE_DOMAIN:
            result[_APPLE_DOMAIN[item[0].text]] = parse_version("".join(t.text for t in item[1:]))
    return result


class Region:
    __slots__ = ("start", "end", "floors", "why")

    def __init__(self, start, end, floors, why):
        self.start, self.end, self.floors, self.why = start, end, floors, why

    def __repr__(self):
        return f"Region({self.start}-{self.end} {self.floors} {self.why})"


def _match_brackets(tokens):
    match, stack = {}, []
    pairs = {")": "(", "]": "[", "}": "{"}
    for i, t in enumerate(tokens):
        if t.kind != "punct":
            continue
        if t.text in "([{":
            stack.append(i)
        elif t.text in pairs:
            # Tolerate a mismatch (an unusual #if shape): pop to the nearest matching opener.
            k = len(stack) - 1
            while k >= 0 and tokens[stack[k]].text != pairs[t.text]:
                k -= 1
            if k >= 0:
                match[stack[k]] = i
                match[i] = stack[k]
                del stack[k:]
    return match


def _pos(t, end=False):
    return (t.line, t.column + (len(t.text) if end else 0))


def regions(tokens):
    """The availability regions of a file: each a span of positions (line, column) with the floors
    {platform: version or DEAD} its guard or attribute establishes."""
    match = _match_brackets(tokens)
    enclosing = []  # enclosing[i]: index of the innermost `{` open at token i, or -1
    stack = []
    for i, t in enumerate(tokens):
        enclosing.append(stack[-1] if stack else -1)
        if t.text == "{" and t.kind == "punct" and i in match:
            stack.append(i)
        elif t.text == "}" and t.kind == "punct" and stack and match.get(i) == stack[-1]:
            stack.pop()
    out = []
    n = len(tokens)

    def skip_group(i):
        return match.get(i, i) + 1 if tokens[i].text in "([{" and tokens[i].kind == "punct" else i + 1

    for i, t in enumerate(tokens):
        if t.kind == "pound" and t.text in ("#available", "#unavailable") and i + 1 < n and tokens[i + 1].text == "(":
            close = match.get(i + 1)
            if close is None:
                continue
            floors = _specs(tokens, i + 2, close)
            floors = {p: v for p, v in floors.items() if v != DEAD}
            # The statement: the nearest if/guard/while before, at the same depth.
            k = i - 1
            while k >= 0 and tokens[k].text not in ("if", "guard", "while", "{", "}", ";"):
                k = match[k] - 1 if tokens[k].text in (")", "]") and k in match else k - 1
            keyword = tokens[k].text if k >= 0 else ""
            # The body: the first `{` after the condition list, at the same depth.
            j = close + 1
            while j < n and not (tokens[j].text == "{" and tokens[j].kind == "punct"):
                j = skip_group(j) if tokens[j].text in ("(", "[") else j + 1
            if j >= n or j not in match:
                continue
            body_end = match[j]
            available = t.text == "#available"
            if keyword in ("if", "while"):
                if available:
                    out.append(Region(_pos(t), _pos(tokens[body_end], True), floors, f"if #available on line {t.line}"))
                elif body_end + 1 < n and tokens[body_end + 1].text == "else":
                    chain_end = _else_chain_end(tokens, body_end + 1, match)
                    out.append(Region(_pos(tokens[body_end + 1]), _pos(tokens[chain_end], True), floors,
                                      f"else of if #unavailable on line {t.line}"))
            elif keyword == "guard":
                if available:
                    scope = enclosing[k]
                    scope_end = match.get(scope) if scope >= 0 else None
                    end = _pos(tokens[scope_end]) if scope_end is not None else (10**9, 0)
                    out.append(Region(_pos(tokens[body_end], True), end, floors, f"guard #available on line {t.line}"))
                else:
                    out.append(Region(_pos(tokens[j]), _pos(tokens[body_end], True), floors,
                                      f"else of guard #unavailable on line {t.line}"))
        elif t.kind == "attribute" and t.text == "@available" and i + 1 < n and tokens[i + 1].text == "(":
            close = match.get(i + 1)
            if close is None:
                continue
            floors = _specs(tokens, i + 2, close)
            if not floors:
                continue
            end = _declaration_end(tokens, close + 1, match)
            if end is not None:
                out.append(Region(_pos(t), _pos(tokens[end], True), floors, f"@available on line {t.line}"))
    return out


def _else_chain_end(tokens, i, match):
    """tokens[i] is `else`; returns the index of the last `}` of its (possibly else-if) chain."""
    n = len(tokens)
    while i < n and tokens[i].text == "else":
        j = i + 1
        while j < n and tokens[j].text != "{":
            j = match.get(j, j) + 1 if tokens[j].text in ("(", "[") else j + 1
        if j >= n or j not in match:
            return n - 1
        end = match[j]
        if j == i + 1 or end + 1 >= n or tokens[end + 1].text != "else":
            return end
        i = end + 1
    return i


def _declaration_end(tokens, i, match):
    """The index of the last token of the declaration whose attributes start before tokens[i]."""
    n = len(tokens)
    # Further attributes and modifiers.
    while i < n:
        t = tokens[i]
        if t.kind == "attribute":
            i += 1
            if i < n and tokens[i].text == "(" and not tokens[i].bol:
                i = match.get(i, i) + 1
        elif t.text in _MODIFIERS and not (t.text == "class" and i + 1 < n and tokens[i + 1].kind == "ident"
                                            and tokens[i + 1].text not in _DECL_KEYWORDS | _MODIFIERS):
            i += 1
            if i < n and tokens[i].text == "(" and not tokens[i].bol:  # private(set)
                i = match.get(i, i) + 1
        else:
            break
    if i >= n or tokens[i].text not in _DECL_KEYWORDS:
        return None
    keyword = tokens[i].text
    i += 1
    last = i - 1
    while i < n:
        t = tokens[i]
        if t.kind == "punct" and t.text in ("(", "["):
            last = match.get(i, i)
            i = last + 1
            continue
        if t.kind == "punct" and t.text == "{":
            last = match.get(i, n - 1)
            if keyword in _BODY_DECLS:
                return last
            i = last + 1
            continue
        if t.kind == "punct" and t.text in ("}", ";"):
            return last
        if t.bol and (t.text in _DECL_KEYWORDS or t.text in _MODIFIERS or t.kind in ("attribute", "directive")):
            return last
        last = i
        i += 1
    return last


# --- the question ---------------------------------------------------------------------------------

class SourceFile:
    def __init__(self, path, flags):
        with open(path, "rb") as f:
            text = f.read().decode("latin-1")
        tokens = tokenize(text)
        self.skipped = compiled_lines(tokens, flags)
        self.regions = regions(tokens)

    def compiled_nowhere(self, line, minimums):
        """Whether no Apple platform compiles this line (`#if os(Linux)`, a trait that is off)."""
        return all(any(a < line < b for a, b in self.skipped[p]) for p in APPLE if p in minimums)

    def floors(self, line, column, minimums):
        """{platform: (floor version or DEAD, reason)} at a position, starting from the package minimums."""
        result = {}
        for p in APPLE:
            if p not in minimums:
                continue
            if any(a < line < b for a, b in self.skipped[p]):
                result[p] = (DEAD, "not compiled (#if)")
                continue
            floor, why = minimums[p], "declared minimum"
            for r in self.regions:
                if p in r.floors and r.start <= (line, column) <= r.end:
                    v = r.floors[p]
                    if v == DEAD:
                        floor, why = DEAD, r.why
                        break
                    if v > floor:
                        floor, why = v, r.why
            result[p] = (floor, why)
        return result
