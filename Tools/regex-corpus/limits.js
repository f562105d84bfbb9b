'use strict';
// The `limits` slice of the corpus: long patterns, deep nesting and long subjects, where the engine must
// answer wherever node answers. Every case gets node's verdict and the
// time node's `test` took, measured in a child process of its own (`nodeMs`, the fastest of three calls on
// fresh RegExp objects; start-up excluded); a case node needs more than 100 ms for is marked `slow`.
// Where plain node does not finish within 10 s (exponential backtracking in V8's irregexp), the verdict
// comes from the same node with V8's linear-time fallback
// (`--enable-experimental-regexp-engine-on-excessive-backtracks`), marked `oracle: "v8-linear"` and
// `slow`, without `nodeMs`. A case neither answers is left out (printed).
//
// Timings vary from run to run, so the generator keeps a case's committed measurement (nodeMs, slow,
// oracle) when the committed file already holds the same case: regenerating gives the same file. Pass
// `--retime` to generate.js to measure every case again.
//
// Subjects are written compactly: `input`, then `unit` repeated `count` times, then `suffix` (see
// Specs/regex/README.md); every subject is at most 65,536 UTF-16 units.
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);

const fs = require('fs');
const { spawnSync } = require('child_process');
const { Random } = require('./prng');

const SLOW_MS = 100;
const TIMEOUT_MS = 10000;

function fullInput(c) { return c.input + (c.unit ?? '').repeat(c.count ?? 0) + (c.suffix ?? ''); }

// A realistic long pattern: a SchemaStore-style enumeration of identifiers, anchored, exactly `length`
// UTF-16 units long.
function enumerationPattern(length, seed) {
  const rand = new Random(seed);
  const words = ['api', 'app', 'auth', 'cloud', 'data', 'edge', 'event', 'file', 'gateway', 'host', 'identity', 'job', 'key', 'log',
    'metric', 'node', 'object', 'policy', 'queue', 'role', 'secret', 'service', 'stack', 'task', 'token', 'user', 'vault', 'zone'];
  const names = [];
  let size = '^(?:)$'.length;
  while (true) {
    const parts = [];
    const n = rand.range(2, 4);
    for (let i = 0; i < n; i++) parts.push(rand.pick(words));
    let name = parts.join(rand.pick(['-', '_', ':', '/'])) + (rand.chance(0.5) ? String(rand.int(1000)) : '');
    const added = name.length + (names.length ? 1 : 0);
    if (size + added >= length) {
      const room = length - size - (names.length ? 1 : 0);
      if (room < 4) { names[names.length - 1] += 'x'.repeat(room + (names.length ? 1 : 0)); } else { names.push(('z' + name).slice(0, room)); }
      break;
    }
    names.push(name);
    size += added;
  }
  const pattern = '^(?:' + names.join('|') + ')$';
  return { pattern, names };
}

// A realistic long character class: the letters' ranges written as \u{…} escapes (as generated
// identifier patterns are), in a `u` pattern of at most `length` units (every range of \p{L} fits in
// about 10,600).
function classPattern(length) {
  const ranges = [];
  let start = -1;
  const letter = /\p{L}/u;
  for (let cp = 0; cp <= 0x10ffff && ranges.length < 100000; cp++) {
    const is = cp < 0xd800 || cp > 0xdfff ? letter.test(String.fromCodePoint(cp)) : false;
    if (is && start < 0) start = cp;
    if (!is && start >= 0) { ranges.push([start, cp - 1]); start = -1; }
  }
  const hex = (cp) => '\\u{' + cp.toString(16).toUpperCase() + '}';
  let body = '';
  for (const [a, b] of ranges) {
    const item = a === b ? hex(a) : hex(a) + '-' + hex(b);
    if ('^[_'.length + body.length + item.length + ']+$'.length > length) break;
    body += item;
  }
  return '^[_' + body + ']+$';
}

function definitions() {
  const cases = [];
  const add = (family, pattern, flags, input, unit, count, suffix) => {
    const c = { pattern, flags, input };
    if (unit !== undefined && count) { c.unit = unit; c.count = count; }
    if (suffix) c.suffix = suffix;
    c.family = family;
    cases.push(c);
  };

  // Pattern length: a 46,277-unit SchemaStore-style enumeration (the length of a real schema's
  // pattern), and a 65,536-unit class of letter ranges.
  {
    const { pattern, names } = enumerationPattern(46277, 20250620);
    for (const input of [names[0], names[Math.floor(names.length / 2)], names[names.length - 1], names[1] + 'x', '', 'api']) {
      add('pattern-length', pattern, '', input);
    }
    add('pattern-length', pattern, 'i', names[3].toUpperCase());
    const letters = classPattern(65536);
    for (const input of ['abc', 'Ωμέγα_名前', 'a1', 'x'.repeat(64), '\u{10400}\u{10428}']) add('pattern-length', letters, 'u', input);
  }

  // Nesting: groups nested 201 and more deep (201 is one past the old cap of 200).
  for (const depth of [201, 256, 1000, 5000]) {
    for (const [open, close, flags] of [['(', ')', ''], ['(?:', ')', 'u'], ['(?=', ')', '']]) {
      for (const input of ['a', 'b']) add('nesting', open.repeat(depth) + 'a' + close.repeat(depth), flags, input);
    }
  }
  for (const depth of [201, 1000]) for (const input of ['a', 'b']) add('nesting', '['.repeat(depth) + 'a' + ']'.repeat(depth), 'v', input);

  // Quadratic lookahead: retried at every start on a long value.
  for (const n of [1500, 4096, 16384, 65532]) {
    add('lookahead-quadratic', String.raw`^.*(?=.*\d).*$`, '', 'Aa1!', 'x', n);
    add('lookahead-quadratic', String.raw`^.*(?=.*\d).*$`, '', 'Aa!', 'x', n);
    add('lookahead-quadratic', String.raw`.*(?=.*\d)`, 'u', 'Aa!', 'x', n, '1');
  }

  // A common password rule at 804, 1,004 and 4,096 characters (the value meets the rule, or lacks the
  // special character).
  const rule = String.raw`^.*(?=.{8,})(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@#$%^&+=]).*$`;
  for (const n of [804, 1004, 4096]) {
    add('password-rule', rule, '', 'Aa1@', 'x', n - 4);
    add('password-rule', rule, '', 'Aa1', 'x', n - 3);
    add('password-rule', rule, '', '', 'x', n - 4, 'Aa1@');
  }

  // A back-reference in a loop.
  const backref = String.raw`^(?:(\d+)\1?)+$`;
  for (const n of [18, 20, 22, 24]) { add('backref-loop', backref, '', '', '1', n - 1, 'x'); add('backref-loop', backref, '', '', '12', n / 2); }
  for (const n of [18, 64, 1024]) add('backref-loop', backref, '', '', '1', n);

  // Nested quantifiers on `a…a!` (and `a…a`), from 20 units up to 64 KiB.
  for (const pattern of [String.raw`^(?:a*)*$`, String.raw`^(a+)+$`, String.raw`^(\w+\s?)*$`, String.raw`^(a|a?)+$`]) {
    for (const n of [20, 590, 3169, 3206, 10294, 65535]) {
      add('nested-quantifier', pattern, '', '', 'a', n, '!');
      add('nested-quantifier', pattern, '', '', 'a', n);
    }
  }

  // Counted repeats of a backtracking group.
  for (const n of [19, 20, 30, 40]) add('counted-repeat', '(.*a){20}', '', '', 'a', n);
  add('counted-repeat', '(.*a){20}', '', '', 'a', 40, 'b');

  // Linear alternations on long values.
  for (const [pattern, unit] of [['^(a|bc)*$', 'a'], ['^(a|bc)*$', 'bc'], ['^(?:a|bc)*$', 'bc'], ['^(?:a|bc)*$', 'a'], ['^(?:ab|a)*$', 'ab'], ['^(?:ab|a)*$', 'a']]) {
    for (const length of [10294, 25000, 34999, 65536]) {
      const n = Math.floor(length / unit.length);
      add('linear-alternation', pattern, '', '', unit, n);
      add('linear-alternation', pattern, '', '', unit, Math.floor((length - 1) / unit.length), '!');
    }
  }
  return cases;
}

const CHILD = `
  const c = JSON.parse(process.argv[1]);
  const input = c.input + (c.unit ?? '').repeat(c.count ?? 0) + (c.suffix ?? '');
  let verdict, best = Infinity;
  try {
    for (let i = 0; i < 3; i++) {
      const re = new RegExp(c.pattern, c.flags);
      const started = process.hrtime.bigint();
      const v = re.test(input);
      best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
      if (verdict !== undefined && v !== verdict) throw new Error('unstable');
      verdict = v;
      if (best > ${SLOW_MS}) break;
    }
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: (e && e.name) + ': ' + (e && e.message) }));
    process.exit(0);
  }
  process.stdout.write(JSON.stringify({ verdict, ms: best }));
`;

function runChild(c, extraArgs) {
  const result = spawnSync(process.execPath, [...extraArgs, '-e', CHILD, JSON.stringify(c)], { timeout: TIMEOUT_MS, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.error || result.status !== 0 || result.signal) return undefined;
  return JSON.parse(result.stdout);
}

function keyOf(c) { return JSON.stringify([c.pattern, c.flags, c.input, c.unit ?? '', c.count ?? 0, c.suffix ?? '']); }

// Reads the committed limits.jsonl (if any) into a map from case to its measured fields.
function previousMeasurements(file) {
  const map = new Map();
  if (!fs.existsSync(file)) return map;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const c = JSON.parse(line);
    map.set(keyOf(c), c);
  }
  return map;
}

// The limits cases with node's verdicts: [{pattern, flags, input, unit?, count?, suffix?, expect, nodeMs?, slow?, oracle?, family}].
function generate(previousFile, retime, log) {
  const previous = retime ? new Map() : previousMeasurements(previousFile);
  const out = [];
  const perFamily = new Map();
  for (const c of definitions()) {
    const family = c.family;
    const question = { pattern: c.pattern, flags: c.flags, input: c.input, unit: c.unit, count: c.count, suffix: c.suffix };
    let expect, nodeMs, oracle;
    const old = previous.get(keyOf(c));
    if (old) {
      expect = old.expect; nodeMs = old.nodeMs; oracle = old.oracle;
    } else {
      let syntax = false;
      try { new RegExp(c.pattern, c.flags); } catch (e) {
        if (!(e instanceof SyntaxError)) { log(`left out: ${family} /${c.pattern.slice(0, 40)}/${c.flags}: ${e.name}: ${e.message}`); continue; }
        syntax = true;
      }
      if (syntax) {
        expect = 'syntax';
      } else {
        const plain = runChild(question, []);
        if (plain && plain.verdict !== undefined) { expect = plain.verdict; nodeMs = Math.round(plain.ms * 100) / 100; }
        if (!plain || plain.verdict === undefined) {
          const linear = runChild(question, ['--enable-experimental-regexp-engine-on-excessive-backtracks']);
          if (linear && linear.verdict !== undefined) { expect = linear.verdict; oracle = 'v8-linear'; }
          else { log(`left out: ${family} /${c.pattern.slice(0, 40)}/${c.flags} on ${fullInput(c).length} units: ${plain ? plain.error : 'timeout'}`); continue; }
        }
      }
    }
    const line = { pattern: c.pattern, flags: c.flags, input: c.input };
    if (c.unit !== undefined) { line.unit = c.unit; line.count = c.count; }
    if (c.suffix) line.suffix = c.suffix;
    line.expect = expect;
    if (nodeMs !== undefined) line.nodeMs = nodeMs;
    if (expect !== 'syntax' && (nodeMs === undefined || nodeMs > SLOW_MS)) line.slow = true;
    if (oracle) line.oracle = oracle;
    const n = (perFamily.get(family) || 0);
    perFamily.set(family, n + 1);
    line.family = family;
    line.row = `${family}-${n}`;
    out.push(line);
    log(`${line.row}: /${c.pattern.length > 40 ? c.pattern.slice(0, 40) + '…' : c.pattern}/${c.flags} on ${fullInput(c).length} units: ${expect}` +
      (nodeMs !== undefined ? ` in ${nodeMs} ms` : '') + (oracle ? ` (${oracle})` : ''));
  }
  return out;
}

module.exports = { generate, fullInput, SLOW_MS };
