#!/usr/bin/env node
'use strict';
// Measures node's (V8's) Unicode data for ECMAScript regexes and writes it as JSON facts:
//   node Tools/regex-tables/unicode-tables-probe.js TEST262_GIT_DIR > /tmp/unicode-data.json
// TEST262_GIT_DIR is a (bare) clone of tc39/test262; only the candidate strings of the properties of
// strings are read from it (test/built-ins/RegExp/property-escapes/generated/strings/*.js), and only the
// strings node itself accepts are kept. Everything else is asked of node's RegExp:
// - every property name in property-names.json: the code points c with /^\p{X}$/u.test(c);
// - case: for every code point that has a case mapping, the code points /^c$/iu and (BMP) /^c$/i match.
// The output records process.versions.unicode; unicode-tables-emit.js turns it into Swift.
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const names = JSON.parse(fs.readFileSync(path.join(__dirname, 'property-names.json'), 'utf8'));
const test262 = process.argv[2];
if (!test262) throw new Error('usage: unicode-tables-probe.js TEST262_GIT_DIR');

// Two probe strings that hold every non-surrogate code point once, in order, plus the index maps.
const segments = [[0, 0xd7ff], [0xe000, 0x10ffff]].map(([low, high]) => {
  const parts = [];
  const indexToCodePoint = [];
  for (let c = low; c <= high; c++) {
    const s = String.fromCodePoint(c);
    parts.push(s);
    indexToCodePoint.push(c);
    if (s.length === 2) indexToCodePoint.push(-1);
  }
  return { text: parts.join(''), indexToCodePoint };
});

// The code points matching `body` (a \p{…} escape) as sorted, merged [low, high] pairs.
function rangesOf(body) {
  const found = [];
  const run = new RegExp(`${body}+`, 'gu');
  for (const segment of segments) {
    for (const match of segment.text.matchAll(run)) {
      const first = segment.indexToCodePoint[match.index];
      const lastIndex = match.index + match[0].length - 1;
      const last = segment.indexToCodePoint[lastIndex] === -1
        ? segment.indexToCodePoint[lastIndex - 1] : segment.indexToCodePoint[lastIndex];
      found.push([first, last]);
    }
  }
  const single = new RegExp(`^${body}$`, 'u');
  for (let c = 0xd800; c <= 0xdfff; c++) {
    if (single.test(String.fromCharCode(c))) found.push([c, c]);
  }
  found.sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [low, high] of found) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}

const canonical = (table) => [...new Set(Object.values(table))].sort();
const properties = {};
for (const name of canonical(names.generalCategories)) properties[`generalCategory:${name}`] = rangesOf(`\\p{gc=${name}}`);
for (const name of canonical(names.scripts)) {
  properties[`script:${name}`] = rangesOf(`\\p{sc=${name}}`);
  properties[`scriptExtensions:${name}`] = rangesOf(`\\p{scx=${name}}`);
}
for (const name of canonical(names.binaryProperties)) properties[`binary:${name}`] = rangesOf(`\\p{${name}}`);

// Every alias must select the same set as its canonical name.
for (const [kind, table, escape] of [
  ['generalCategory', names.generalCategories, (n) => `\\p{${n}}`],
  ['script', names.scripts, (n) => `\\p{Script=${n}}`],
  ['scriptExtensions', names.scripts, (n) => `\\p{Script_Extensions=${n}}`],
  ['binary', names.binaryProperties, (n) => `\\p{${n}}`],
]) {
  for (const [alias, name] of Object.entries(table)) {
    if (JSON.stringify(rangesOf(escape(alias))) !== JSON.stringify(properties[`${kind}:${name}`])) {
      throw new Error(`alias ${alias} differs from ${name}`);
    }
  }
}

// Case. Candidates: every code point whose lower or upper case differs, and the images.
const candidates = new Set();
for (let c = 0; c <= 0x10ffff; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const s = String.fromCodePoint(c);
  const lower = s.toLowerCase();
  const upper = s.toUpperCase();
  if (lower !== s || upper !== s) {
    candidates.add(c);
    for (const image of [lower, upper]) if ([...image].length === 1) candidates.add(image.codePointAt(0));
  }
}
const candidateList = [...candidates].sort((a, b) => a - b);
const candidateText = candidateList.map((c) => String.fromCodePoint(c)).join('');
const escapeOf = (c) => `\\u{${c.toString(16)}}`;

// u/v: the classes of /^c$/iu (Canonicalize = simple case folding).
const unicodeClasses = new Map();
for (const c of candidateList) {
  const matches = [...candidateText.matchAll(new RegExp(escapeOf(c), 'giu'))].map((m) => m[0].codePointAt(0));
  unicodeClasses.set(c, matches.sort((a, b) => a - b));
}
// No flag: UTF-16 units, Canonicalize = toUpperCase of one unit if that is one unit and does not map
// non-ASCII to ASCII. Computed from toUpperCase and checked against /^x$/i on every BMP candidate.
function canonicalizeWithoutUnicode(unit) {
  const upper = String.fromCharCode(unit).toUpperCase();
  if (upper.length !== 1) return unit;
  const mapped = upper.charCodeAt(0);
  if (unit >= 128 && mapped < 128) return unit;
  return mapped;
}
const legacy = [];
const bmpCandidates = candidateList.filter((c) => c <= 0xffff);
for (let unit = 0; unit <= 0xffff; unit++) {
  const mapped = canonicalizeWithoutUnicode(unit);
  if (mapped !== unit) legacy.push([unit, mapped]);
}
for (const c of bmpCandidates) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const re = new RegExp(`^\\u${c.toString(16).padStart(4, '0')}$`, 'i');
  for (const d of bmpCandidates) {
    const expected = canonicalizeWithoutUnicode(c) === canonicalizeWithoutUnicode(d);
    if (re.test(String.fromCharCode(d)) !== expected) throw new Error(`non-u Canonicalize differs at ${c} ${d}`);
  }
}

// The value of a double-quoted JavaScript string literal's body (escapes \xHH, \uHHHH, \u{H…}, \c).
function unescapeLiteral(body) {
  return body.replace(/\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]+)\}|u([0-9A-Fa-f]{4})|(.))/g, (_, x, braced, u, other) => {
    if (x !== undefined) return String.fromCharCode(parseInt(x, 16));
    if (braced !== undefined) return String.fromCodePoint(parseInt(braced, 16));
    if (u !== undefined) return String.fromCharCode(parseInt(u, 16));
    return other;
  });
}

// Properties of strings: test262's candidates, kept when node accepts them.
const stringProperties = {};
for (const name of names.propertiesOfStrings) {
  const source = execFileSync('git', ['-C', test262, 'show',
    `HEAD:test/built-ins/RegExp/property-escapes/generated/strings/${name}.js`], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const list = source.split('matchStrings:')[1].split(']')[0];
  const strings = [...list.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unescapeLiteral(m[1]));
  const re = new RegExp(`^\\p{${name}}$`, 'v');
  const kept = strings.filter((s) => re.test(s));
  stringProperties[name] = kept.map((s) => [...s].map((c) => c.codePointAt(0)));
  // Nothing else: no single code point outside the list matches.
  for (const segment of segments) {
    for (const match of segment.text.matchAll(new RegExp(`\\p{${name}}`, 'gv'))) {
      if (!kept.includes(match[0])) throw new Error(`${name} matches ${match[0].codePointAt(0).toString(16)} outside the list`);
    }
  }
}

process.stdout.write(JSON.stringify({
  unicode: process.versions.unicode,
  node: process.versions.node,
  v8: process.versions.v8,
  properties,
  unicodeClasses: [...unicodeClasses.entries()],
  legacy,
  stringProperties,
}) + '\n');
