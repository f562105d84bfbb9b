#!/usr/bin/env node
'use strict';
// Turns the probe's JSON into Swift:
//   node Tools/regex-tables/unicode-tables-emit.js /tmp/unicode-data.json [/tmp/pcre2-case.json]
// writes Sources/ECMARegex/Unicode/UnicodeTableData.swift and PropertyNameTable.swift. With the PCRE2
// case measurement (pcre2-case-probe.py) it also writes PCRE2CaseDifferences.swift.
// Compact encoding (decoded lazily by UnicodeTables.swift): numbers are base-32 digit strings, most
// significant first; a non-final digit is one of NONFINAL, the final digit one of FINAL. Every table
// (properties, case mappings, properties of strings) is then packed by text-pack.js.
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);

const fs = require('fs');
const path = require('path');
const { pack } = require('./text-pack.js');

const NONFINAL = 'abcdefghijklmnopqrstuvwxyz012345';
const FINAL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ6789+/';
function encodeNumber(value) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`cannot encode ${value}`);
  const digits = [];
  do { digits.unshift(value % 32); value = Math.floor(value / 32); } while (value > 0);
  return digits.map((d, i) => (i === digits.length - 1 ? FINAL : NONFINAL)[d]).join('');
}
const zigzag = (n) => (n >= 0 ? 2 * n : -2 * n - 1);

// Ranges as (gap since the previous range's end, length - 1) pairs.
function encodeRanges(ranges) {
  let next = 0;
  let out = '';
  for (const [low, high] of ranges) {
    out += encodeNumber(low - next) + encodeNumber(high - low);
    next = high + 1;
  }
  return out;
}
// A mapping as (gap since the previous key + 1, zigzag(value - key)) pairs.
function encodeMapping(pairs) {
  let previous = -1;
  let out = '';
  for (const [key, value] of pairs) {
    out += encodeNumber(key - previous - 1) + encodeNumber(zigzag(value - key));
    previous = key;
  }
  return out;
}
// Strings as (length, zigzag deltas of each code point from the previous one, across strings).
function encodeStrings(strings) {
  let previous = 0;
  let out = '';
  for (const string of strings) {
    out += encodeNumber(string.length);
    for (const c of string) { out += encodeNumber(zigzag(c - previous)); previous = c; }
  }
  return out;
}

const root = path.resolve(__dirname, '..', '..');
const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const names = JSON.parse(fs.readFileSync(path.join(__dirname, 'property-names.json'), 'utf8'));
const version = data.unicode.split('.').length === 2 ? `${data.unicode}.0` : data.unicode;

// General_Category groups are unions of their values; checked here, derived at run time.
const GROUPS = {
  C: ['Cc', 'Cf', 'Cn', 'Co', 'Cs'], L: ['Ll', 'Lm', 'Lo', 'Lt', 'Lu'], LC: ['Ll', 'Lt', 'Lu'],
  M: ['Mc', 'Me', 'Mn'], N: ['Nd', 'Nl', 'No'], P: ['Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps'],
  S: ['Sc', 'Sk', 'Sm', 'So'], Z: ['Zl', 'Zp', 'Zs'],
};
const union = (lists) => {
  const all = lists.flat().map((r) => [...r]).sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [low, high] of all) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high); else merged.push([low, high]);
  }
  return merged;
};
for (const [group, members] of Object.entries(GROUPS)) {
  const derived = union(members.map((m) => data.properties[`generalCategory:${m}`]));
  if (JSON.stringify(derived) !== JSON.stringify(data.properties[`generalCategory:${group}`])) {
    throw new Error(`gc group ${group} is not the union of ${members}`);
  }
}

// Properties: every stored set, except derived ones (gc groups; scx equal to sc is written "=").
const lines = [];
let rangeCount = 0;
let storedProperties = 0;
for (const [key, ranges] of Object.entries(data.properties).sort()) {
  const [kind, name] = key.split(':');
  if (kind === 'generalCategory' && GROUPS[name]) continue;
  if (kind === 'scriptExtensions' && JSON.stringify(ranges) === JSON.stringify(data.properties[`script:${name}`])) {
    lines.push(`${key} =`);
    continue;
  }
  lines.push(`${key} ${encodeRanges(ranges)}`);
  rangeCount += ranges.length;
  storedProperties++;
}

// Simple case folding: one representative per /^c$/iu class. The classes are node's; the member that
// stands for the class follows CaseFolding.txt: the member most others lower-case to, the upper-case
// member for Cherokee (whose folding goes to the capital letters), U+FB06 for U+FB05, else the lowest.
const classes = new Map();
for (const [c, members] of data.unicodeClasses) classes.set(members.join(','), members);
const lowerOf = (c) => {
  const lower = [...String.fromCodePoint(c).toLowerCase()];
  return lower.length === 1 ? lower[0].codePointAt(0) : c;
};
const fold = [];
for (const members of classes.values()) {
  if (members.length < 2) continue;
  let representative;
  const cherokee = members.filter((m) => m >= 0x13a0 && m <= 0x13ff);
  if (cherokee.length > 0) representative = Math.min(...cherokee);
  else if (members.includes(0xfb06)) representative = 0xfb06;
  else {
    let best = -1;
    for (const m of members) {
      const count = members.filter((x) => lowerOf(x) === m).length;
      if (count > best || (count === best && m < representative)) { best = count; representative = m; }
    }
  }
  for (const m of members) if (m !== representative) fold.push([m, representative]);
}
fold.sort((a, b) => a[0] - b[0]);

// Properties of strings: RGI_Emoji is the union of the other six (checked), so it is derived.
const strings = data.stringProperties;
const parts = ['Basic_Emoji', 'Emoji_Keycap_Sequence', 'RGI_Emoji_Modifier_Sequence', 'RGI_Emoji_Flag_Sequence',
  'RGI_Emoji_Tag_Sequence', 'RGI_Emoji_ZWJ_Sequence'];
{
  const all = new Set(parts.flatMap((p) => strings[p].map((s) => s.join(','))));
  const rgi = new Set(strings.RGI_Emoji.map((s) => s.join(',')));
  if (all.size !== rgi.size || [...all].some((s) => !rgi.has(s))) throw new Error('RGI_Emoji is not the union of its parts');
}
const stringLines = parts.map((p) => `${p} ${encodeStrings(strings[p])}`);
const stringCount = parts.reduce((n, p) => n + strings[p].length, 0);

const wrap = (text) => text.replace(/\\/g, '\\\\');
const header = (what) => `// GENERATED by Tools/regex-tables/unicode-tables-emit.js from node ${data.node} (V8 ${data.v8}, Unicode ${version}); do not edit.
// ${what}
`;
const dataSwift = `${header('Rerun: see Tools/regex-tables/README.md. Decoded by UnicodeTables.swift.')}
/// The measured Unicode data behind \`UnicodeTables\`, compactly encoded (see the generator).
enum UnicodeTableData {
    /// The Unicode version of node's RegExp data the tables were measured from.
    static let unicodeVersion = "${version}"

    /// Counts, for tests and documentation: stored property sets, their ranges, case-folding pairs,
    /// non-\`u\` canonicalisation pairs, strings of the properties of strings (RGI_Emoji derived).
    static let counts = (properties: ${storedProperties}, ranges: ${rangeCount}, foldings: ${fold.length}, legacy: ${data.legacy.length}, strings: ${stringCount})

    /// General_Category groups, derived as unions of their values.
    static let generalCategoryGroups: [String: [String]] = [
${Object.entries(GROUPS).map(([g, m]) => `        "${g}": [${m.map((x) => `"${x}"`).join(', ')}],`).join('\n')}
    ]

    /// One line per property, "kind:name encoded-ranges"; "=" for Script_Extensions equal to Script.
    /// Packed (repeated runs written as \`~distance length\`; \`UnicodeTables.unpack\`).
    static let properties = """
${pack(lines.map(wrap).join('\n'), encodeNumber)}
"""

    /// Simple case folding (u/v Canonicalize) for every code point it changes, as an encoded mapping.
    /// Packed as \`properties\`.
    static let simpleCaseFolding = """
${pack(encodeMapping(fold), encodeNumber)}
"""

    /// Non-\`u\` Canonicalize for every UTF-16 unit it changes, as an encoded mapping. Packed as
    /// \`properties\`.
    static let canonicalizeWithoutUnicode = """
${pack(encodeMapping(data.legacy), encodeNumber)}
"""

    /// Properties of strings, one line each, "name encoded-strings". Packed as \`properties\`.
    static let propertiesOfStrings = """
${pack(stringLines.join('\n'), encodeNumber)}
"""
}
`;
fs.writeFileSync(path.join(root, 'Sources/ECMARegex/Unicode/UnicodeTableData.swift'), dataSwift);

// PropertyNameTable.swift: the names node accepts (from property-names.json, each checked by the probe).
// One string per table, one line per canonical name: "canonical key key …" (every key that selects it,
// the canonical name itself included when it is a key). A string literal is stored as its bytes; a
// dictionary literal of Strings compiled into an array of String values plus code and a relocation per
// string in every app.
const nameLines = (table) => {
  const groups = new Map();
  for (const [key, value] of Object.entries(table)) {
    if (/\s/.test(key) || /\s/.test(value)) throw new Error(`property name with white space: ${key}`);
    if (!groups.has(value)) groups.set(value, []);
    groups.get(value).push(key);
  }
  return [...groups].map(([value, keys]) => [value, ...keys].join(' ')).join('\n');
};
const namesSwift = `${header('Names from Tools/regex-tables/property-names.json; the probe checked that node accepts each and that every alias selects its canonical set.')}
/// The exact (case-sensitive) property names ECMAScript accepts, mapped to the canonical names that
/// \`UnicodeProperty\` carries and \`UnicodeTables\` knows. Each table is stored as text, one line per
/// canonical name followed by every name that selects it, and decoded on first use
/// (\`PropertyNameTable.decode(_:)\`).
enum PropertyNameTable {
    /// General_Category values and aliases (for \`\\p{X}\`, \`gc=X\`, \`General_Category=X\`) to the short name.
    static let generalCategories = decode("""
${nameLines(names.generalCategories)}
""")

    /// Script values and aliases (for \`sc=\`, \`Script=\`, \`scx=\`, \`Script_Extensions=\`) to the long name.
    static let scripts = decode("""
${nameLines(names.scripts)}
""")

    /// Binary properties and aliases to their long name.
    static let binaryProperties = decode("""
${nameLines(names.binaryProperties)}
""")

    /// Properties of strings (valid only with the \`v\` flag, never negated).
    static let propertiesOfStrings: Set<String> = [
${names.propertiesOfStrings.map((n) => `        "${n}",`).join('\n')}
    ]
}
`;
fs.writeFileSync(path.join(root, 'Sources/ECMARegex/Unicode/PropertyNameTable.swift'), namesSwift);

// PCRE2CaseDifferences.swift: where PCRE2 10.42's caseless classes differ from ECMAScript's (measured by
// pcre2-case-probe.py with the engine's compile options).
if (process.argv[3]) {
  const skew = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
  const toRanges = (list) => {
    const ranges = [];
    for (const c of list) {
      const last = ranges[ranges.length - 1];
      if (last && c === last[1] + 1) last[1] = c; else ranges.push([c, c]);
    }
    return ranges;
  };
  const literal = (ranges) => ranges.map(([a, b]) => `0x${a.toString(16).toUpperCase()}...0x${b.toString(16).toUpperCase()}`).join(', ');
  const skewSwift = `// GENERATED by Tools/regex-tables/unicode-tables-emit.js from pcre2-case-probe.py (libpcre2 ${skew.pcre2},
// Unicode ${skew.pcre2Unicode} data) against node ${data.node} (Unicode ${version}); do not edit.

/// The code points whose caseless class in PCRE2 differs from ECMAScript's \`Canonicalize\` class
/// (each set is closed under ECMAScript's classes). The emitter never lets PCRE2 fold these. Valid only for
/// the PCRE2 Unicode version measured (\`measuredUnicodeVersion\`); with another library the emitter
/// trusts none of PCRE2's Unicode data (\`PCRE2Library\`). Only in builds with the PCRE2 backend.
#if PCRE2_BACKEND
enum PCRE2CaseDifferences {
    /// The Unicode version of the PCRE2 library these measurements (and \`PCRE2PropertyDifferences\`) hold for.
    static let measuredUnicodeVersion = "${skew.pcre2Unicode}"

    /// With \`u\`/\`v\` (simple case folding): ${skew.unicode.length} code points.
    static let unicode = CodePointSet(normalized: [
        ${literal(toRanges(skew.unicode))},
    ])

    /// Without \`u\`/\`v\` (the toUpperCase rule, UTF-16 units): ${skew.legacy.length} units.
    static let withoutUnicode = CodePointSet(normalized: [
        ${literal(toRanges(skew.legacy))},
    ])
}
#endif
`;
  fs.writeFileSync(path.join(root, 'Sources/ECMARegex/Unicode/PCRE2CaseDifferences.swift'), skewSwift);

  // PCRE2PropertyDifferences.swift: for every property PCRE2 10.42 can spell, what its built-in set lacks
  // (added) and what it has too many (removed) against node's, surrogates aside (never in a subject).
  const withoutSurrogates = (ranges) => {
    const out = [];
    for (const [low, high] of ranges) {
      if (high < 0xd800 || low > 0xdfff) out.push([low, high]);
      else {
        if (low < 0xd800) out.push([low, 0xd7ff]);
        if (high > 0xdfff) out.push([0xe000, high]);
      }
    }
    return out;
  };
  const minus = (a, b) => {
    // a − b for sorted disjoint range lists.
    const out = [];
    let j = 0;
    for (let [low, high] of a) {
      while (j < b.length && b[j][1] < low) j++;
      let k = j;
      while (k < b.length && b[k][0] <= high) {
        if (b[k][0] > low) out.push([low, b[k][0] - 1]);
        low = Math.max(low, b[k][1] + 1);
        k++;
      }
      if (low <= high) out.push([low, high]);
    }
    return out;
  };
  const differenceLines = [];
  let corrections = 0;
  for (const [key, runs] of Object.entries(skew.properties).sort()) {
    const pcre2 = union([withoutSurrogates(runs)]);
    const ours = withoutSurrogates(data.properties[key]);
    const added = minus(ours, pcre2);
    const removed = minus(pcre2, ours);
    corrections += added.length + removed.length;
    differenceLines.push(`${key} ${encodeRanges(added)}|${encodeRanges(removed)}`);
  }
  const differencesSwift = `// GENERATED by Tools/regex-tables/unicode-tables-emit.js from pcre2-case-probe.py (libpcre2 ${skew.pcre2},
// Unicode ${skew.pcre2Unicode} property data) against node ${data.node} (Unicode ${version}); do not edit.

/// For every property PCRE2 10.42 can spell, how its built-in set differs from the tables' (surrogates
/// aside): one line "kind:name added|removed", each an encoded range list as in \`UnicodeTableData\`.
/// ${differenceLines.length} properties, ${corrections} correcting ranges in all. Only in builds with the
/// PCRE2 backend.
#if PCRE2_BACKEND
enum PCRE2PropertyDifferences {
    static let lines = """
${differenceLines.join('\n')}
"""
}
#endif
`;
  fs.writeFileSync(path.join(root, 'Sources/ECMARegex/Unicode/PCRE2PropertyDifferences.swift'), differencesSwift);
  console.error(`PCRE2 knows ${differenceLines.length} properties; ${corrections} correcting ranges`);
}

console.error(`Unicode ${version}: ${Object.keys(data.properties).length} property sets (${storedProperties} stored, ${rangeCount} ranges), `
  + `${fold.length} foldings, ${data.legacy.length} non-u canonicalisations, ${stringCount} strings; `
  + `data file ${dataSwift.length} bytes`);
