'use strict';
// Reads a file of property-escapes/generated without building its multi-megabyte strings: the file
// runs in a vm realm where `buildString` returns its argument (the code point description) and
// `testPropertyEscapes` records the regex, the description and the expression. Each description is
// normalised to sorted, merged code point ranges; every regex is then verified in node on the full
// string, as the test does, and on the string without surrogates, which is what the checker can
// send (a Swift String holds no lone surrogates). Other RegExp use in the file (`Any.js` tests
// `\P{Any}` on "") runs instrumented like any other test.

const { hasLoneSurrogate } = require('./text.js');

function normalise(description) {
  const ranges = description.ranges.map((r) => [r[0], r[1]]);
  for (const c of description.loneCodePoints) ranges.push([c, c]);
  ranges.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push(r);
  }
  return merged;
}

function withoutSurrogates(ranges) {
  const out = [];
  let removed = 0;
  for (const [a, b] of ranges) {
    if (b < 0xd800 || a > 0xdfff) { out.push([a, b]); continue; }
    removed += Math.min(b, 0xdfff) - Math.max(a, 0xd800) + 1;
    if (a < 0xd800) out.push([a, 0xd7ff]);
    if (b > 0xdfff) out.push([0xe000, b]);
  }
  return { ranges: out, removed };
}

function stringOf(ranges) {
  const parts = [];
  for (const [a, b] of ranges) {
    let batch = [];
    for (let c = a; c <= b; c++) {
      batch.push(c);
      if (batch.length === 8192) { parts.push(String.fromCodePoint(...batch)); batch = []; }
    }
    parts.push(String.fromCodePoint(...batch));
  }
  return parts.join('');
}

function extractPropertyEscapes(source, test, vm, instrument, record) {
  const calls = [];
  const context = vm.createContext({});
  instrument(vm, context, record);
  vm.runInContext('function assert(ok, message) { if (ok !== true) throw new Error(message); }', context);
  context.buildString = (args) => ({ description: { loneCodePoints: [...args.loneCodePoints], ranges: args.ranges.map((r) => [r[0], r[1]]) } });
  context.testPropertyEscapes = (regExp, string, expression) => calls.push({ source: regExp.source, flags: regExp.flags, description: string.description, expression });
  vm.runInContext(source, context);

  // Group the regexes by the string they are tested on.
  const groups = new Map();
  for (const call of calls) {
    const key = JSON.stringify(call.description) + '\u0000' + call.flags;
    if (!groups.has(key)) groups.set(key, { description: call.description, flags: call.flags, patterns: [] });
    // Some files test one regex twice on the same string (an alias equal to the name); once is enough.
    if (!groups.get(key).patterns.includes(call.source)) groups.get(key).patterns.push(call.source);
  }
  const cases = [];
  const tally = new Map();
  const bump = (reason, n = 1) => tally.set(reason, (tally.get(reason) || 0) + n);
  let outcome = 'pass';
  for (const group of groups.values()) {
    const ranges = normalise(group.description);
    // The suite's own order: its ranges put low surrogates before high ones so none pair up.
    const full = String.fromCodePoint(...group.description.loneCodePoints) + stringOf(group.description.ranges);
    const { ranges: sendable, removed } = withoutSurrogates(ranges);
    const subject = stringOf(sendable);
    if (hasLoneSurrogate(subject)) throw new Error('surrogate left in ' + test);
    const patterns = [];
    for (const pattern of group.patterns) {
      const re = new RegExp(pattern, group.flags);
      if (!re.test(full)) { outcome = 'fail: ' + pattern; bump('dropped: node does not match the full string'); continue; }
      if (sendable.length > 0 && !new RegExp(pattern, group.flags).test(subject)) { bump('dropped: node does not match the string without surrogates'); continue; }
      if (sendable.length === 0) { bump('dropped: every code point is a surrogate (nothing the protocol can carry)'); continue; }
      patterns.push(pattern);
      bump('kept (one regex over one range set)');
    }
    if (patterns.length === 0) continue;
    const codePoints = sendable.reduce((n, [a, b]) => n + b - a + 1, 0);
    cases.push({ patterns, flags: group.flags, ranges: sendable, expect: true, category: 'property-escapes-generated', kind: 'ranges', test,
                 codePoints, surrogatesLeftOut: removed });
    // The same regexes with the v flag (the suite's files use u only; \p{…} means the same set
    // under v), each verified in node on the full string and on the one without surrogates.
    if (group.flags === 'u') {
      const vPatterns = patterns.filter((pattern) => new RegExp(pattern, 'v').test(full) && new RegExp(pattern, 'v').test(subject));
      bump('v-flag variants kept (verified in node)', vPatterns.length);
      bump('v-flag variants dropped (node disagrees with its own u answer)', patterns.length - vPatterns.length);
      if (vPatterns.length > 0) {
        cases.push({ patterns: vPatterns, flags: 'v', ranges: sendable, expect: true, category: 'property-escapes-generated', kind: 'ranges', test,
                     codePoints, surrogatesLeftOut: removed, note: 'the file tests these regexes with u; node verified them with v' });
      }
    }
  }
  return { cases, tally, outcome };
}

module.exports = { extractPropertyEscapes };
