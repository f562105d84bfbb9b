// Generates Specs/regex/worst-case/worst-case.jsonl: hostile patterns against long inputs (the unit
// repeated so that the whole input, suffix included, is at most 8, 64, 1,024 or 65,536 UTF-16 code units,
// JavaScript's length, so the 64k tier stays within the 64 KiB the worst-case target covers), with node's
// verdict, or "limit" where node's `test` needs more than a second (each case runs in a child process
// that times its own `test` and is killed after 6 s). Run once with node 24 (V8 13.6, the oracle; see
// generate.js); the tests never need node.
//
//   node Tools/regex-corpus/worst-case.js
'use strict';
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const lengths = [8, 64, 1024, 65536];
// [family, pattern, flags, unit, suffix, mode, patternRepeat]
const families = [
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', '', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', 'i', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', 'm', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', 's', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', 'u', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', 'v', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', 'isu', 'a', ''],
  ['lookahead-unanchored', '(?=.*\\d)(?=.*[A-Z])', '', 'a', '1'],
  ['lookahead-anchored', '^(?=.*\\d)(?=.*[A-Z]).{8,}$', '', 'a', '1Z'],
  ['lookahead-whole', '(?=.*\\d)(?=.*[A-Z]).{8,}', 'u', 'a', '', 'whole'],
  ['lookahead-nested', '(?=(?=(?=(?=.*z).*y).*x).*w)', '', 'a', ''],
  ['lookahead-nested', '^(?=.*(?=.*(?=.*a)b)c)', '', 'a', ''],
  ['lookahead-nested', '^(?=.*(?=.*(?=.*a)b)c)', 'iu', 'a', ''],
  ['counted-repeat', 'a{65535}', '', 'a', ''],
  ['counted-repeat', '\\d{60000}', 'u', '1', ''],
  ['counted-repeat', 'a{100000}', '', 'a', ''],
  ['counted-repeat', '(?:ab){30000}', 'i', 'ab', ''],
  ['nested-quantifier', '(a+)+$', '', 'a', '!'],
  ['nested-quantifier', '^(a|a)*$', '', 'a', '!'],
  ['nested-quantifier', '^(\\w+\\s?)*$', '', 'ab ', '!'],
  ['nested-quantifier', '(x+x+)+y', 'i', 'x', ''],
  ['nested-quantifier', '(a*)*b', 'v', 'a', ''],
  ['nested-quantifier', '(a+)+', 'm', 'a', '!', 'whole'],
  ['overlapping-alternation', '^(a|ab|abc)*d', 'i', 'abc', ''],
  ['overlapping-alternation', '^(?:\\p{L}|\\p{N}|x)*$', 'iu', '\u00e9', '!'],
  ['back-reference', '^(a+)\\1*b', '', 'a', ''],
  ['back-reference', '(\\w+)\\s+\\1\\b', 'i', 'ab ', ''],
  ['lookbehind', '(?<=a+b*)c', '', 'a', ''],
  ['lookbehind', '(?<![a-z]+)\\d', 'u', 'a', '1'],
  ['class-strings', '^[\\q{aa|a}]*b', 'v', 'a', ''],
  ['class-strings', '^\\p{RGI_Emoji}+$', 'v', '\u{1F44D}', '!'],
  ['cap-length', '\\S', 'isu', 'a', '', undefined, 16384],
  ['cap-length', '.', 'isu', 'a', '', undefined, 32768],
  ['cap-length', '[^]', 'is', 'a', '', undefined, 10922],
  ['cap-length', '\\W', 'iv', 'a', '', undefined, 16384],
  ['cap-length', '\\D', 'i', 'a', '', undefined, 16384],
  // The limit families, also in corpus/limits.jsonl with node's times.
  ['lookahead-quadratic', '^.*(?=.*\\d).*$', '', 'x', 'Aa1!'],
  ['lookahead-quadratic', '^.*(?=.*\\d).*$', '', 'x', 'Aa!'],
  ['password-rule', '^.*(?=.{8,})(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@#$%^&+=]).*$', '', 'x', 'Aa1@'],
  ['password-rule', '^.*(?=.{8,})(?=.*\\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[@#$%^&+=]).*$', '', 'x', 'Aa1'],
  ['backref-loop', '^(?:(\\d+)\\1?)+$', '', '1', 'x'],
  ['nested-quantifier', '^(?:a*)*$', '', 'a', '!'],
  ['nested-quantifier', '^(a+)+$', '', 'a', '!'],
  ['nested-quantifier', '^(\\w+\\s?)*$', '', 'a', '!'],
  ['nested-quantifier', '^(a|a?)+$', '', 'a', '!'],
  ['counted-repeat', '(.*a){20}', '', 'a', ''],
  ['counted-repeat', '(.*a){20}', '', 'a', 'b'],
  ['linear-alternation', '^(a|bc)*$', '', 'bc', ''],
  ['linear-alternation', '^(a|bc)*$', '', 'a', '!'],
  ['linear-alternation', '^(?:a|bc)*$', '', 'bc', ''],
  ['linear-alternation', '^(?:ab|a)*$', '', 'ab', ''],
  ['linear-alternation', '^(?:ab|a)*$', '', 'a', '!'],
  // A pattern longer than the old 32,768-unit cap (46,280 units; the real schema's has 46,277).
  ['cap-length', '(?:ab|cd)?', '', 'ab', '', undefined, 4628],
];

function runNode(c) {
  const script = `
    const c = ${JSON.stringify(c)};
    const pattern = c.pattern.repeat(c.patternRepeat || 1);
    const input = c.unit.repeat(c.count) + c.suffix;
    let re;
    try {
      // Whole-value mode as in corpus/whole.jsonl: the pattern compiles on its own, and a match starting
      // at index 0 ends at the end of the value.
      new RegExp(pattern, c.flags);
      re = c.mode === 'whole' ? new RegExp('(?:' + pattern + ')(?![\\\\s\\\\S])', c.flags + 'y') : new RegExp(pattern, c.flags);
    } catch (e) { process.stdout.write('"syntax"'); process.exit(0); }
    const started = process.hrtime.bigint();
    const verdict = re.test(input);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(JSON.stringify(ms > 1000 ? 'limit' : verdict));
  `;
  const result = spawnSync(process.execPath, ['-e', script], { timeout: 6000, encoding: 'utf8' });
  if (result.error || result.status !== 0 || result.signal) return 'limit';
  return JSON.parse(result.stdout);
}

const lines = [];
for (const [family, pattern, flags, unit, suffix, mode, patternRepeat] of families) {
  const counts = patternRepeat ? [8] : lengths.map((length) => Math.max(1, Math.floor((length - suffix.length) / unit.length)));
  for (const count of counts) {
    const c = { pattern, flags, unit, count, suffix };
    if (patternRepeat) c.patternRepeat = patternRepeat;
    if (mode) c.mode = mode;
    c.family = family;
    c.expect = runNode(c);
    lines.push(JSON.stringify(c));
    process.stderr.write(`${family} /${pattern}/${flags} ${count}: ${c.expect}\n`);
  }
}
const out = path.join(__dirname, '..', '..', 'Specs', 'regex', 'worst-case', 'worst-case.jsonl');
fs.writeFileSync(out, lines.join('\n') + '\n');
