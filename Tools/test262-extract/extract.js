#!/usr/bin/env node
'use strict';
// Derives Specs/regex/test262/*.jsonl from a test262 checkout by running the in-scope tests in
// node (24, the oracle) and recording what node's RegExp does. See README.md for the method and the line format.
//
//   node Tools/test262-extract/extract.js TEST262_DIR [OUT_DIR]
//
// TEST262_DIR holds test262's `test/` tree and LICENSE (e.g. made with `git archive`).
// OUT_DIR defaults to Specs/regex/test262 in this repository.
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { instrument } = require('./instrument.js');
const standins = require('./standins.js');
const { parseFrontmatter, categoryOf } = require('./files.js');
const { scanLiteral, scanAllLiterals } = require('./literal.js');
const { extractPropertyEscapes } = require('./property-escapes.js');
const { Tally } = require('./tally.js');
const { hasLoneSurrogate } = require('./text.js');

const repoRoot = path.resolve(__dirname, '..', '..');
const test262 = path.resolve(process.argv[2] || '');
const outDir = path.resolve(process.argv[3] || path.join(repoRoot, 'Specs/regex/test262'));
if (!process.argv[2] || !fs.existsSync(path.join(test262, 'test'))) {
  console.error('usage: node Tools/test262-extract/extract.js TEST262_DIR [OUT_DIR]');
  process.exit(2);
}

const roots = ['test/built-ins/RegExp', 'test/annexB/built-ins/RegExp', 'test/language/literals/regexp'];
function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (entry.name.endsWith('.js') && !entry.name.includes('_FIXTURE')) out.push(full);
  }
  return out;
}
const files = roots.flatMap((root) => listFiles(path.join(test262, root))).sort();

const tally = new Tally();
const cases = new Map(); // category -> Map(key -> case)
const rangeCases = [];
const nodeOutcomes = []; // per file: {test, category, baseline, instrumented}

function addCase(category, c, test) {
  if (!cases.has(category)) cases.set(category, new Map());
  const bucket = cases.get(category);
  const key = JSON.stringify([c.pattern, c.flags, c.input, c.expect]);
  if (bucket.has(key)) { tally.count(category, c.kind, 'merged with an identical case'); return; }
  bucket.set(key, { pattern: c.pattern, flags: c.flags, input: c.input, expect: c.expect, category, kind: c.kind, test });
  tally.count(category, c.kind, 'kept');
}

/** Runs a test file in a fresh realm; returns 'pass' or the failure text. */
function runFile(source, meta, record) {
  const context = vm.createContext({});
  if (record) instrument(vm, context, record);
  const realms = [];
  const host = {
    createRealm() {
      const other = vm.createContext({});
      if (record) instrument(vm, other, record);
      vm.runInContext(standins, other);
      const $262 = vm.runInContext('({ global: globalThis, evalScript: function (s) { return (0, eval)(s); } })', other);
      $262.createRealm = host.createRealm;
      realms.push(other);
      return $262;
    },
  };
  vm.runInContext(standins, context);
  const $262 = vm.runInContext('var $262 = { global: globalThis, evalScript: function (s) { return (0, eval)(s); } }; $262', context);
  $262.createRealm = host.createRealm;
  const prefix = meta.flags.includes('onlyStrict') ? '"use strict";\n' : '';
  try {
    vm.runInContext(prefix + source, context, { timeout: 20000 });
    return 'pass';
  } catch (e) {
    return 'fail: ' + (e && e.constructor ? e.constructor.name : typeof e) + ' ' + String(e && e.message).slice(0, 160);
  }
}

const stripGY = (flags) => flags.replace(/[gy]/g, '');
function nodeThrowsSyntax(pattern, flags) {
  try { new RegExp(pattern, flags); return false; } catch (e) { return e instanceof SyntaxError; }
}

function mapRecord(category, rec, test) {
  switch (rec.kind) {
    case 'exec': {
      if (rec.flags.includes('y')) return tally.count(category, 'exec', 'dropped: sticky (y) evaluation, the engine answers test() from index 0 only');
      if (rec.flags.includes('g') && rec.lastIndex !== 0) return tally.count(category, 'exec', 'dropped: global (g) evaluation at lastIndex ≠ 0');
      if (hasLoneSurrogate(rec.source) || hasLoneSurrogate(rec.input)) return tally.count(category, 'exec', 'dropped: lone surrogate in pattern or input (not representable in a Swift String / the JSON-lines protocol)');
      const flags = stripGY(rec.flags);
      // Verified in a fresh regex of the host realm: same verdict and index as recorded.
      const replay = new RegExp(rec.source, flags).exec(rec.input);
      if ((replay === null) !== (rec.index === null) || (replay !== null && replay.index !== rec.index)) {
        return tally.count(category, 'exec', 'dropped: a fresh regex in node answers differently (state outside pattern, flags and input)');
      }
      return addCase(category, { pattern: rec.source, flags, input: rec.input, expect: rec.index !== null, kind: 'exec' }, test);
    }
    case 'compile': {
      if (hasLoneSurrogate(rec.source)) return tally.count(category, 'compile', 'dropped: lone surrogate in pattern');
      const flags = stripGY(rec.flags);
      return addCase(category, { pattern: rec.source, flags, input: '', expect: new RegExp(rec.source, flags).test(''), kind: 'compile' }, test);
    }
    case 'syntax': {
      if (hasLoneSurrogate(rec.pattern)) return tally.count(category, 'syntax', 'dropped: lone surrogate in pattern');
      if (!nodeThrowsSyntax(rec.pattern, rec.flags)) return tally.count(category, 'syntax', 'dropped: does not throw when replayed');
      let flags = rec.flags;
      if (/[gy]/.test(flags) && nodeThrowsSyntax(rec.pattern, stripGY(flags))) flags = stripGY(flags);
      return addCase(category, { pattern: rec.pattern, flags, input: '', expect: 'syntax', kind: 'syntax' }, test);
    }
    case 'exec-threw': return tally.count(category, 'exec', 'dropped: exec threw (a conversion in the test threw)');
    case 'syntax-unrecordable': return tally.count(category, 'syntax', 'dropped: SyntaxError from a non-string pattern or flags argument');
    default: throw new Error('unknown record kind ' + rec.kind);
  }
}

for (const file of files) {
  const test = path.relative(path.join(test262, 'test'), file);
  const source = fs.readFileSync(file, 'utf8');
  const meta = parseFrontmatter(source);
  const category = categoryOf(test, meta);

  if (category === 'early-errors') {
    if (!(meta.negative && meta.negative.phase === 'parse' && meta.negative.type === 'SyntaxError')) throw new Error('unexpected negative test ' + test);
    let nodeRejects = false;
    try { new vm.Script(source); } catch (e) { nodeRejects = e instanceof SyntaxError || (e && e.name === 'SyntaxError'); }
    nodeOutcomes.push({ test, category, baseline: nodeRejects ? 'pass' : 'fail: node parses the file', instrumented: 'n/a' });
    const literal = scanLiteral(source);
    if (!nodeRejects) { tally.count(category, 'syntax', 'dropped: node parses the file (fails there too)'); continue; }
    if (literal.error) { tally.count(category, 'syntax', 'dropped: ' + literal.error); continue; }
    if (hasLoneSurrogate(literal.pattern)) { tally.count(category, 'syntax', 'dropped: lone surrogate in pattern'); continue; }
    if (!nodeThrowsSyntax(literal.pattern, literal.flags)) {
      tally.count(category, 'syntax', 'dropped: new RegExp(body, flags) compiles (the error is in the literal grammar, not the pattern)');
      continue;
    }
    addCase(category, { pattern: literal.pattern, flags: literal.flags, input: '', expect: 'syntax', kind: 'literal' }, test);
    continue;
  }

  if (category === 'property-escapes' && test.startsWith('built-ins/RegExp/property-escapes/generated/') && !test.includes('/strings/')) {
    const records = [];
    const result = extractPropertyEscapes(source, test, vm, instrument, (rec) => records.push({ ...rec }));
    for (const rec of records) mapRecord(category, rec, test);
    nodeOutcomes.push({ test, category, baseline: result.outcome, instrumented: 'n/a' });
    for (const r of result.cases) rangeCases.push(r);
    for (const [reason, n] of result.tally) tally.count('property-escapes-generated', 'ranges', reason, n);
    continue;
  }

  let parses = true;
  try { new vm.Script(source); } catch (e) { parses = !(e instanceof SyntaxError || (e && e.name === 'SyntaxError')); }
  if (!parses) {
    // Node 20 cannot parse the file (it uses a regex feature V8 11.3 lacks): nothing runs, but each
    // literal of the file is still a fact about node: it throws SyntaxError, or it compiles.
    nodeOutcomes.push({ test, category, baseline: 'fail: node cannot parse the file', instrumented: 'n/a' });
    for (const literal of scanAllLiterals(source)) {
      if (hasLoneSurrogate(literal.pattern)) { tally.count(category, 'literal', 'dropped: lone surrogate in pattern'); continue; }
      if (nodeThrowsSyntax(literal.pattern, literal.flags)) {
        let flags = literal.flags;
        if (/[gy]/.test(flags) && nodeThrowsSyntax(literal.pattern, stripGY(flags))) flags = stripGY(flags);
        addCase(category, { pattern: literal.pattern, flags, input: '', expect: 'syntax', kind: 'literal' }, test);
      } else {
        const flags = stripGY(literal.flags);
        addCase(category, { pattern: literal.pattern, flags, input: '', expect: new RegExp(literal.pattern, flags).test(''), kind: 'compile' }, test);
      }
    }
    continue;
  }

  const baseline = runFile(source, meta, null);
  const records = [];
  const instrumented = runFile(source, meta, (rec) => records.push({ ...rec }));
  nodeOutcomes.push({ test, category, baseline, instrumented });
  for (const rec of records) mapRecord(category, rec, test);
}

// Cases that test one pattern on many single code points (e.g. a loop over every BMP code unit)
// become one line with the code points as ranges; the checker tests each code point on its own.
function compressed(list) {
  const single = (c) => c.kind === 'exec' && [...c.input].length === 1;
  const groups = new Map();
  for (const c of list) {
    if (!single(c)) continue;
    const key = JSON.stringify([c.pattern, c.flags, c.expect]);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  const out = [];
  const emitted = new Set();
  for (const c of list) {
    if (!single(c)) { out.push(c); continue; }
    const key = JSON.stringify([c.pattern, c.flags, c.expect]);
    const group = groups.get(key);
    if (group.length < 8) { out.push(c); continue; }
    if (emitted.has(key)) continue;
    emitted.add(key);
    const points = group.map((g) => g.input.codePointAt(0)).sort((a, b) => a - b);
    const ranges = [];
    for (const p of points) {
      const last = ranges[ranges.length - 1];
      if (last && p === last[1] + 1) last[1] = p; else ranges.push([p, p]);
    }
    out.push({ pattern: c.pattern, flags: c.flags, inputCodePoints: ranges, expect: c.expect, category: c.category,
               kind: 'exec-code-points', test: c.test, count: points.length });
  }
  return out;
}

// Output.
fs.mkdirSync(outDir, { recursive: true });
const categories = ['built-ins', 'annexB', 'literals', 'property-escapes', 'unicodeSets', 'early-errors'];
const written = {};
for (const category of categories) {
  const bucket = cases.get(category) || new Map();
  const lines = compressed([...bucket.values()]).map((c) => JSON.stringify(c));
  fs.writeFileSync(path.join(outDir, category + '.jsonl'), lines.join('\n') + (lines.length ? '\n' : ''));
  written[category] = lines.length;
}
fs.writeFileSync(path.join(outDir, 'property-escapes-generated.jsonl'),
  rangeCases.map((c) => JSON.stringify(c)).join('\n') + '\n');
written['property-escapes-generated'] = rangeCases.length;
fs.writeFileSync(path.join(outDir, 'node-outcomes.tsv'),
  'test\tcategory\tnode (stand-in harness)\tnode instrumented\n' +
  nodeOutcomes.map((o) => [o.test, o.category, o.baseline, o.instrumented].map((s) => String(s).replace(/[\t\n\r]/g, ' ')).join('\t')).join('\n') + '\n');
fs.copyFileSync(path.join(test262, 'LICENSE'), path.join(outDir, 'LICENSE'));

// Report.
console.log('files: ' + files.length);
const outcomeSummary = {};
for (const o of nodeOutcomes) {
  const k = o.category + ' ' + (o.baseline === 'pass' ? 'pass' : 'fail') + (o.instrumented === 'n/a' ? '' : (o.instrumented === o.baseline ? '' : ' (instrumented run differs)'));
  outcomeSummary[k] = (outcomeSummary[k] || 0) + 1;
}
console.log('node outcomes per category:', outcomeSummary);
console.log('cases written:', written);
tally.print();
