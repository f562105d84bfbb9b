#!/usr/bin/env node
'use strict';
// Runs the corpus (Specs/regex/corpus) and the test262 facts (Specs/regex/test262) through JavaScriptCore
// (`jsc`, Debian's libjavascriptcoregtk-4.0-bin: the Safari engine family) and writes where JSC answers
// differently from node 24, the corpus' oracle:
//   Specs/regex/jsc/disagreements.tsv   one line per family: source, family, count, one example
// The cases themselves are run by jsc-run.js inside jsc; this script only groups them. A family is the
// corpus file and row (or the limits family), or the test262 file's category and kind.
//   node Tools/regex-corpus/jsc-compare.js [path/to/jsc]
// Needed only to regenerate the TSV (and the table in Sources/ECMARegex/ECMARegex.docc/Dialects.md).
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..', '..');
const jsc = process.argv[2] || 'jsc';
const version = spawnSync('dpkg-query', ['-W', '-f', '${Version}', 'libjavascriptcoregtk-4.0-bin'], { encoding: 'utf8' }).stdout || 'unknown';
const sources = [
  ...fs.readdirSync(path.join(root, 'Specs/regex/corpus')).filter((f) => f.endsWith('.jsonl')).sort().map((f) => ['corpus', path.join(root, 'Specs/regex/corpus', f)]),
  ...fs.readdirSync(path.join(root, 'Specs/regex/test262')).filter((f) => f.endsWith('.jsonl') && f !== 'property-escapes-generated.jsonl').sort()
    .map((f) => ['test262', path.join(root, 'Specs/regex/test262', f)]),
];
const families = new Map();
let total = 0;
for (const [source, file] of sources) {
  const result = spawnSync(jsc, [path.join(__dirname, 'jsc-run.js'), '--', file], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 600000 });
  if (result.status !== 0) throw new Error(`jsc failed on ${file}: ${result.stderr || result.error}`);
  for (const line of result.stdout.split('\n')) {
    if (!line) continue;
    const [category, row, family, pattern, flags, input, node, got, mode] = JSON.parse(line);
    const name = source === 'corpus' ? (family ? `limits/${family}` : `${category}/${row}`) : `${category}/${family}`;
    const key = `${source}\t${name}\t${node} -> ${got}`;
    const entry = families.get(key) || { count: 0, example: [pattern, flags, input, mode] };
    entry.count++;
    families.set(key, entry);
    total++;
  }
  process.stderr.write(`${path.basename(file)} done\n`);
}
const show = (s) => JSON.stringify(s).slice(1, -1).replace(/\t/g, '\\t');
const lines = [`# JavaScriptCore (libjavascriptcoregtk-4.0-bin ${version}) against node ${process.version} (V8 ${process.versions.v8}), made by Tools/regex-corpus/jsc-compare.js`,
  '# source\tfamily\tnode -> jsc\tcases\texample pattern\tflags\texample input\tmode'];
for (const [key, e] of [...families.entries()].sort((a, b) => a[0] < b[0] ? -1 : 1)) {
  const [pattern, flags, input, mode] = e.example;
  lines.push(`${key}\t${e.count}\t${show(pattern.length > 120 ? pattern.slice(0, 120) + '…' : pattern)}\t${flags}\t${show(input)}\t${mode}`);
}
fs.mkdirSync(path.join(root, 'Specs/regex/jsc'), { recursive: true });
fs.writeFileSync(path.join(root, 'Specs/regex/jsc/disagreements.tsv'), lines.join('\n') + '\n');
console.log(`${total} cases where jsc differs from node, in ${families.size} families`);
