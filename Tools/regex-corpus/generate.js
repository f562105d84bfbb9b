#!/usr/bin/env node
'use strict';
// Regenerates the differential corpus in Specs/regex/corpus/ from node's own RegExp (V8).
//   node Tools/regex-corpus/generate.js [OUTPUT_DIR]
// Deterministic: a seeded PRNG, no clock, no environment. The Swift tests read the committed files;
// node is needed only to regenerate them. See Specs/regex/README.md for the line format.
// --help / -h: the header comment above, without doing anything (issue #18).
if (process.argv.slice(2).some((a) => a === '-h' || a === '--help')) {
  const lines = require('fs').readFileSync(__filename, 'utf8').split('\n');
  const head = [];
  for (const line of lines.slice(lines[0].startsWith('#!') ? 1 : 0)) {
    if (line.startsWith('//')) head.push(line.replace(/^\/\/ ?/, ''));
    else if (line.trim() === "'use strict';" && head.length === 0) continue;
    else break;
  }
  console.log(head.join('\n'));
  process.exit(0);
}

const fs = require('fs');
const path = require('path');
const { Random } = require('./prng');
const catalogue = require('./catalogue');
const credential = require('./credential');
const random = require('./random');
const unicode = require('./unicode');
const P = require('./pools');

const root = path.resolve(__dirname, '..', '..');
const outDir = path.resolve(process.argv[2] || path.join(root, 'Specs', 'regex', 'corpus'));

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
  files.get(category).push(escapeInvisible(JSON.stringify(line)));
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

fs.mkdirSync(outDir, { recursive: true });
for (const f of fs.readdirSync(outDir)) if (f.endsWith('.jsonl')) fs.unlinkSync(path.join(outDir, f));
let total = 0;
for (const [category, lines] of [...files.entries()].sort()) {
  fs.writeFileSync(path.join(outDir, `${category}.jsonl`), lines.join('\n') + '\n');
  const s = stats.get(category);
  total += s.cases;
  console.log(`${category}.jsonl: ${s.cases} cases (${s.match} match, ${s.cases - s.match - s.syntax} no match, ${s.syntax} syntax)`);
}
console.log(`dropped ${oracleInconsistent} v-flag cases where node contradicts itself on [^] (see oracleIsConsistent)`);
console.log(`total: ${total} cases; node ${process.version}, V8 ${process.versions.v8}, Unicode ${process.versions.unicode}`);
