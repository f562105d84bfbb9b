'use strict';
// Grammar-based random patterns. Most are valid in some dialect; a share carries a deliberate
// mutation (a stray bracket, brace or escape) so that validity is compared too. Nesting and
// repetition are small and inputs are short, so node (which has no backtracking limit) stays fast.

const ALPHABET = ['a', 'b', 'c', 'A', 'B', '1', '2', ' ', '_', '-', '.', '\n', '\r', '\u2028', '\u00a0', '\u00e9', '\u00c9',
  '\u017f', 's', 'S', 'k', 'K', '\u212a', '\u00df', '\u03c3', '\u03a3', '\u{1f600}', '\u{10400}', '\u{10428}', '\t', '\ufeff', '\u0085'];

const LITERALS = ['a', 'b', 'c', 'A', 'B', '1', '2', ' ', '_', '-', 's', 'k', '\u00e9', '\u00df', '\u03c3', '\u{1f600}', '\u{10400}', 'K'];
const ESCAPES = [
  '\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\b', '\\B', '\\n', '\\r', '\\t', '\\v', '\\f', '\\0',
  '\\u00e9', '\\u0041', '\\x41', '\\x2D', '\\u{1F600}', '\\uD83D\\uDE00', '\\cJ', '\\.', '\\-', '\\/', '\\*', '\\u2028', '\\u017F', '\\u212A',
  '\\p{L}', '\\P{L}', '\\p{Lu}', '\\p{Nd}', '\\p{Script=Greek}', '\\p{ASCII}', '\\p{White_Space}',
];
const CLASS_ITEMS = ['a', 'b', 'c', 'a-c', 'A-Z', 'a-z', '0-9', '\\d', '\\w', '\\s', '\\S', '\\W', '\\D', '_', ' ', '\\-', '.', '\u00e9', '\u{1f600}', '\\n', '\\u2028', 'k', 's', '\\u212A', '\\p{L}', '\\p{Lu}', '\\b'];
const MUTATIONS = ['(', ')', '[', ']', '{', '}', '{2', '\\', '*', '+?+', '\\k', '\\c', '\\x4', '\\u{', '(?<', '(?', '\\8', '|*', '\\p{Foo}', '[z-a]', '(?i)', '\\a', '\\1'];

const FLAGS = ['', '', '', 'u', 'u', 'u', 'v', 'i', 'ui', 'vi', 'm', 'um', 's', 'us', 'ims', 'uims', 'vms'];

class PatternBuilder {
  constructor(rand) { this.rand = rand; this.groups = 0; this.names = []; this.lookbehind = 0; }

  atom(depth) {
    const rand = this.rand;
    const roll = rand.int(100);
    if (roll < 28) return rand.pick(LITERALS);
    if (roll < 48) return rand.pick(ESCAPES);
    if (roll < 54) return '.';
    if (roll < 68) return this.charClass();
    if (roll < 72) return rand.pick(['^', '$']);
    if (roll < 76 && this.groups > 0) {
      return rand.chance(0.8) ? `\\${1 + rand.int(this.groups)}` : (this.names.length ? `\\k<${rand.pick(this.names)}>` : '\\1');
    }
    if (depth >= 3) return rand.pick(LITERALS);
    const kind = rand.int(10);
    // Quantifiers inside a lookbehind are kept rare: PCRE2 10.42 needs fixed-length lookbehind, so
    // most of them make the engine refuse the pattern and the case tests less.
    if (kind >= 8) this.lookbehind++;
    const inner = this.alternation(depth + 1);
    if (kind >= 8) this.lookbehind--;
    if (kind < 3) { this.groups++; return `(${inner})`; }
    if (kind < 5) return `(?:${inner})`;
    if (kind < 6) { this.groups++; const name = `n${this.names.length}`; this.names.push(name); return `(?<${name}>${inner})`; }
    if (kind < 7) return `(?=${inner})`;
    if (kind < 8) return `(?!${inner})`;
    if (kind < 9) return `(?<=${inner})`;
    return `(?<!${inner})`;
  }

  charClass() {
    const rand = this.rand;
    const n = rand.range(0, 3);
    let body = '';
    for (let i = 0; i < n; i++) body += rand.pick(CLASS_ITEMS);
    return rand.chance(0.3) ? `[^${body}]` : `[${body}]`;
  }

  quantifier() {
    const rand = this.rand;
    const q = rand.pick(['*', '+', '?', '{2}', '{1,3}', '{0,2}', '{2,}', '{0}']);
    return rand.chance(0.25) ? `${q}?` : q;
  }

  term(depth) {
    let a = this.atom(depth);
    const quantifiable = !/^(\^|\$|\\b|\\B)$/.test(a) && !a.startsWith('(?<=') && !a.startsWith('(?<!');
    if (quantifiable && this.rand.chance(this.lookbehind > 0 ? 0.04 : 0.3)) a += this.quantifier();
    return a;
  }

  sequence(depth) {
    const n = this.rand.range(1, depth === 0 ? 5 : 3);
    let s = '';
    for (let i = 0; i < n; i++) s += this.term(depth);
    return s;
  }

  alternation(depth) {
    let s = this.sequence(depth);
    while (this.rand.chance(depth === 0 ? 0.25 : 0.2)) s += '|' + this.sequence(depth);
    return s;
  }
}

function randomPattern(rand) {
  const builder = new PatternBuilder(rand);
  let p = builder.alternation(0);
  if (rand.chance(0.12)) {
    const points = [...p]; // insert between code points, never inside a surrogate pair
    points.splice(rand.int(points.length + 1), 0, rand.pick(MUTATIONS));
    p = points.join('');
  }
  return p;
}

function randomInput(rand) {
  const n = rand.range(0, 8);
  let s = '';
  for (let i = 0; i < n; i++) s += rand.pick(ALPHABET);
  return s;
}

// A string built from the pattern's own literal characters, so that a good share of cases match.
function inputFromPattern(pattern, rand) {
  const chars = [...pattern].filter((c) => !'\\()[]{}?*+|^$.<>=!:'.includes(c));
  if (chars.length === 0) return randomInput(rand);
  let s = '';
  const n = rand.range(1, 8);
  for (let i = 0; i < n; i++) s += rand.chance(0.8) ? rand.pick(chars) : rand.pick(ALPHABET);
  return s;
}

// Dense patterns: a two-letter alphabet, so that every short input is interesting and backtracking,
// quantifier, capture and backreference semantics are compared exhaustively on small strings.
function densePattern(rand, depth = 0) {
  const groups = { count: 0 };
  const atom = (d) => {
    const roll = rand.int(100);
    if (roll < 30) return rand.pick(['a', 'b']);
    if (roll < 38) return rand.pick(['.', '[ab]', '[^a]', '[]', '[^]', '\\w', '\\W']);
    if (roll < 44) return rand.pick(['^', '$', '\\b', '\\B']);
    if (roll < 56 && groups.count > 0) return `\\${1 + rand.int(groups.count)}`;
    if (d >= 3) return rand.pick(['a', 'b']);
    const inner = alt(d + 1);
    const kind = rand.int(8);
    if (kind < 4) { groups.count++; return `(${inner})`; }
    if (kind < 6) return `(?:${inner})`;
    if (kind < 7) return `(?=${inner})`;
    return `(?!${inner})`;
  };
  const term = (d) => {
    let a = atom(d);
    // Groups holding captures are rarely quantified: a backreference into a quantified group is
    // refused by the engine (capture reset, catalogue B2), which makes the case test less.
    const holdsCapture = /\((?!\?)/.test(a);
    if (!/^(\^|\$|\\b|\\B)$/.test(a) && rand.chance(holdsCapture ? 0.08 : 0.4)) {
      a += rand.pick(['*', '+', '?', '{2}', '{0,2}', '{1,}', '{2,3}']) + (rand.chance(0.3) ? '?' : '');
    }
    return a;
  };
  const seq = (d) => { let s = ''; const n = rand.range(1, 3); for (let i = 0; i < n; i++) s += term(d); return s; };
  const alt = (d) => { let s = seq(d); while (rand.chance(0.3)) s += '|' + seq(d); return s; };
  return alt(depth);
}

const DENSE_INPUTS = ['', 'a', 'b', 'aa', 'ab', 'ba', 'bb', 'aaa', 'aab', 'aba', 'abb', 'baa', 'bab', 'bba', 'bbb', 'abab', 'A', 'aB', 'a\nb'];
const DENSE_FLAGS = ['', 'u', 'i', 'v', 'm', 's', 'ui'];

module.exports = { randomPattern, randomInput, inputFromPattern, FLAGS, densePattern, DENSE_INPUTS, DENSE_FLAGS };
