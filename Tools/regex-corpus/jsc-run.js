// Runs corpus files through JavaScriptCore's RegExp and prints every case where its answer differs from
// the corpus' (node 24's) verdict, one JSON array per line: [category, row, family, pattern, flags,
// input, node, jsc]. Run by jsc-compare.js under `jsc` (Debian's libjavascriptcoregtk-4.0-bin):
//   jsc Tools/regex-corpus/jsc-run.js -- FILE.jsonl...
// Only the `jsc` shell's own functions are used: readFile, print, arguments.
'use strict';
function answer(pattern, flags, input, mode) {
  let re;
  try {
    new RegExp(pattern, flags);
    re = mode === 'whole' ? new RegExp('(?:' + pattern + ')(?![\\s\\S])', flags + 'y') : new RegExp(pattern, flags);
  } catch (e) {
    return e instanceof SyntaxError ? 'syntax' : 'error: ' + e.name;
  }
  try {
    re.lastIndex = 0;
    return re.test(input);
  } catch (e) {
    return 'error: ' + e.name + ': ' + e.message;
  }
}
for (const file of arguments) {
  for (const line of readFile(file).split('\n')) {
    if (!line) continue;
    const c = JSON.parse(line);
    if (c.slow) continue; // node needed more than 100 ms: not run here
    if (c.pattern === undefined) continue; // test262 `ranges` lines (property sets) are not run here
    const row = c.row || c.test || '';
    const family = c.family || c.kind || '';
    let inputs;
    if (c.inputCodePoints) {
      inputs = [];
      for (const [first, last] of c.inputCodePoints) for (let cp = first; cp <= last; cp++) inputs.push(String.fromCodePoint(cp));
    } else {
      inputs = [c.input + (c.unit ? c.unit.repeat(c.count) : '') + (c.suffix || '')];
    }
    for (const input of inputs) {
      const got = answer(c.pattern, c.flags, input, c.mode);
      if (got !== c.expect) print(JSON.stringify([c.category, row, family, c.pattern, c.flags, input.length > 200 ? `(${input.length} units)` : input, c.expect, got, c.mode || 'search']));
    }
  }
}
