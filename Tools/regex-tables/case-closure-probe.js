// For each ECMAScript property, the code points that `i` adds (u mode) to \p{X} and to \P{X}.
const names = require('./names.json');
const C = new Set();
for (let c = 0; c <= 0x10FFFF; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const s = String.fromCodePoint(c);
  const lo = s.toLowerCase(), up = s.toUpperCase();
  if (lo !== s || up !== s) {
    C.add(c);
    for (const t of [lo, up]) if ([...t].length === 1) C.add(t.codePointAt(0));
  }
}
const cands = [...C].sort((a, b) => a - b);
const props = [];
for (const n of new Set(names.gc.map(x => x[1]))) props.push(['generalCategory', n, `gc=${n}`]);
const bin = {}; for (const [k, v] of Object.entries(require('./binmap.json'))) bin[v] = k;
for (const long of new Set(Object.values(require('./binmap.json')))) if (!['Any', 'ASCII', 'Assigned', 'Changes_When_NFKC_Casefolded', 'Bidi_Mirrored'].includes(long)) props.push(['binary', long, long]);
for (const n of new Set(names.sc.map(x => x[1]))) { props.push(['script', n, `sc=${n}`]); props.push(['scriptExtensions', n, `scx=${n}`]); }
const toRanges = a => { const r = []; for (const c of a) { if (r.length && r[r.length - 1][1] === c - 1) r[r.length - 1][1] = c; else r.push([c, c]); } return r; };
const out = [];
for (const [kind, name, expr] of props) {
  const p = new RegExp(`^\\p{${expr}}$`, 'u'), pi = new RegExp(`^\\p{${expr}}$`, 'ui');
  const n = new RegExp(`^\\P{${expr}}$`, 'u'), ni = new RegExp(`^\\P{${expr}}$`, 'ui');
  const pos = [], neg = [];
  for (const c of cands) { const s = String.fromCodePoint(c); if (pi.test(s) && !p.test(s)) pos.push(c); if (ni.test(s) && !n.test(s)) neg.push(c); }
  if (pos.length || neg.length) out.push({ kind, name, pos: toRanges(pos), neg: toRanges(neg) });
}
console.log(JSON.stringify(out));
