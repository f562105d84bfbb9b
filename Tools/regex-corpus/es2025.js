'use strict';
// The `es2025` slice of the corpus: syntax and semantics that ES2025 added or fixed and that node 24
// (V8 13.6) implements, where node 20 (V8 11.3) threw or answered against the specification.
//   D1  duplicate named capture groups in different alternatives, `\k<name>` across alternatives
//   D2  duplicate names that stay early errors (the same name twice in one alternative)
//   M1  pattern modifiers (?i:…), (?-i:…), (?ims-…:…), with and without u/v
//   M2  modifier early errors: (?ii:…), (?i-i:…), (?-:…), unknown letters, the inline form (?i)
//   V2  v-flag set operations and complements under i (ES2025's MaybeSimpleCaseFolding)
//   X1  the d flag (indices) with the new syntax: only `test`'s verdict is in the corpus format
// Each group: the row, the flags it runs in, the patterns and the inputs; generate.js crosses them and
// asks node for every verdict.

const r = String.raw;

const NAMED_FLAGS = ['', 'u', 'v', 'i', 'ui', 'vi', 'd', 'dv'];
const MODIFIER_FLAGS = ['', 'u', 'v', 'i', 'ui', 'vi', 'm', 's', 'ims', 'uims', 'vims'];

const groups = [
  {
    row: 'D1', flags: NAMED_FLAGS,
    patterns: [
      r`(?<year>\d{4})-\d{2}|\d{2}-(?<year>\d{4})`,
      r`^(?:(?<year>\d{4})-\d{2}|\d{2}-(?<year>\d{4}))$`,
      r`(?:(?<x>a)|(?<x>b))\k<x>`,
      r`^(?:(?<x>a)|(?<x>b))\k<x>$`,
      r`^(?:(?<x>a)|(?<x>b)|c)\k<x>$`,
      r`^\k<x>(?:(?<x>a)|(?<x>b))$`,
      r`(?<a>x)|(?<a>y)`,
      r`(?<a>x)|(?<b>y)|(?<a>z)`,
      r`^(?:(?<a>x)|(?<a>y))|(?<a>z)$`,
      r`^(?:(?:(?<a>a)|(?<a>b))\k<a>)+$`,
      r`^(?:(?<n>a)|b(?<n>c))+\k<n>$`,
      r`^(?<=(?<c>a)|(?<c>b))\k<c>`,
      r`(?<=(?:(?<c>a)|(?<c>b))\k<c>)$`,
      r`^(?:(?<p>[a-z]+)@|(?<p>\d+)#)\k<p>$`,
      r`^(?:(?<s>\p{Lu})|(?<s>\d))\k<s>$`,
      r`(?<a>x)|(?:(?<a>y)|(?<b>z))\k<b>`,
    ],
    inputs: ['', 'a', 'b', 'c', 'aa', 'bb', 'ab', 'ba', 'aA', 'Bb', 'abab', 'aabb', 'abba', 'ca', 'acc', 'abcc', 'abca', 'x', 'y', 'z', 'zz',
      '2024-05', '05-2024', '05-05', '2024-2024', 'ab@ab', 'ab@AB', '12\x2312', '12\x2313', 'A', 'AA', 'Aa', '11', '\u{1f600}'],
  },
  {
    row: 'D2', flags: ['', 'u', 'v', 'i'],
    patterns: [
      r`(?<a>x)(?<a>y)`, r`(?<a>x)(?:(?<a>y)|z)`, r`(?:(?<a>x)|y)(?<a>z)`, r`((?<a>x)|(?<a>y))(?<a>z)`,
      r`(?<a>x)|(?:(?<a>y)(?<a>z))`, r`(?<a>(?<a>x))|y`, r`(?<a>x)|(?<a>y)(?<a>z)`, r`(?:(?<a>x)|(?<a>y))\k<b>`,
      r`(?<a>x)|\k<a>(?<a>y)`, r`(?<a>a)|(?<A>b)`, r`(?<\u0061>x)|(?<a>y)`, r`(?<\u0061>x)(?<a>y)`,
    ],
    inputs: ['x', 'y', 'z', 'xy'],
  },
  {
    row: 'M1', flags: MODIFIER_FLAGS,
    patterns: [
      r`(?i:a)b`, r`^(?i:a)b$`, r`^(?-i:a)b$`, r`^(?i:[a-z]+)$`, r`^(?i:[^a])$`, r`^(?i:\w)$`, r`^(?i:\W)$`, r`(?i:\b)`,
      r`^(?i:ſ)$`, r`^(?i:\u212a)$`, r`^(?i:k)$`, r`^(?i:ß)$`, r`^(?i:\u{10400})$`,
      r`^(?m:^a)`, r`(?m:a$)`, r`^(?-m:a$)`, r`(?s:.)`, r`^(?s:.)$`, r`^(?-s:.)$`, r`^(?ims:^a.b$)`, r`(?ims-:a.b)`,
      r`^(?i-m:a$)`, r`^(?i-s:a.)$`, r`^(?s-i:a.)$`, r`^(?m-is:^a.$)`,
      r`^(?i:(?-i:a)b)$`, r`^(?-i:(?i:a)b)$`, r`^(?i:a(?-i:b)c)$`,
      r`^(a)(?i:\1)$`, r`^(?i:(a))\1$`, r`^(?i:(a)\1)$`, r`^(?<=(?i:a))b`, r`(?<=(?i:a)b)c`, r`^(?i:(?=A))a`,
      r`^(?i:\p{Lu})$`, r`^(?i:\P{Lu})$`, r`^(?i:[\p{Lu}])$`, r`^(?i:[^\p{Ll}])$`,
      r`^(?i:a)*$`, r`^(?i:a|b)+$`, r`^(?:(?i:a)|b)+$`, r`^(?i:a){2}$`, r`^(?i:(?<n>a))\k<n>$`,
    ],
    inputs: ['', 'a', 'A', 'b', 'B', 'ab', 'Ab', 'AB', 'aB', 'aA', 'Aa', 'AA', 'aa', 'abc', 'aBc', 'AbC', 'k', 'K', 's', 'S', '\u017f', '\u212a',
      '\u00df', '\u1e9e', 'ss', '\u{10400}', '\u{10428}', '1', '_', ' ', 'a\nb', 'a\n', '\na', 'x\na', 'a\u2028', 'aAaA', 'abAB', 'bc', 'aBC'],
  },
  {
    row: 'M2', flags: ['', 'u', 'v', 'i'],
    patterns: [
      r`(?ii:a)`, r`(?i-i:a)`, r`(?-:a)`, r`(?mm-s:a)`, r`(?-ss:a)`, r`(?i-m-s:a)`, r`(?g:a)`, r`(?y:a)`, r`(?u:a)`, r`(?v:a)`,
      r`(?d:a)`, r`(?x:a)`, r`(?iI:a)`, r`(?I:a)`, r`(?i)a`, r`(?-i)a`, r`(?i-:a)`, r`(?i:)`, r`(?-i:)`, r`(?ims-:a)`,
      r`(?-ims:a)`, r`(?im-s:a)`, r`(?i-ms:a)`, r`(?is-mi:a)`, r`(?i :a)`, r`(?i`, r`(?i:a`, r`(?i-`, r`(?:i:a)`,
    ],
    inputs: ['a', 'A'],
  },
  {
    row: 'V2', flags: ['iv', 'v'],
    patterns: [
      r`[\p{Lu}--\q{b}]`, r`^[\p{Lu}--\q{b}]$`, r`[B&&\q{B}]`, r`^[B&&\q{B}]$`, r`^[\p{Ll}&&\p{Lu}]$`, r`^[\p{L}--[a-z]]$`,
      r`^[^\p{Lu}]$`, r`^[[a-z]--\q{B}]$`, r`^[\q{AB}--\q{ab}]$`, r`^[\w--\q{K}]$`, r`^[[a-z]&&[A-Z]]$`, r`^[\p{Lu}--B]$`,
      r`^[^\q{a}]$`, r`^[^[a-z]--b]$`, r`^[\q{ab|c}--\q{AB}]$`, r`^[\q{ß}&&\q{ẞ}]$`, r`^[\p{Lowercase}--\p{Uppercase}]$`,
      r`^[\P{Lu}--a]$`, r`^\P{Lu}$`, r`^[^\P{Lu}]$`, r`^[\p{Lu}&&[a-z]]$`, r`^[[A-Z]--\p{Ll}]$`, r`^[\u212a--k]$`, r`^[k--\u212a]$`,
      r`^[\p{ASCII}--\p{Lu}]+$`, r`^(?i:[\p{Lu}--\q{b}])$`, r`^(?-i:[\p{Lu}--\q{b}])$`,
    ],
    inputs: ['', 'a', 'A', 'b', 'B', 'c', 'C', 'k', 'K', '\u212a', 'ab', 'AB', 'Ab', 's', '\u017f', '\u00df', '\u1e9e', '1', '_', 'z', 'Z', 'ABC', 'abc'],
  },
  {
    row: 'X1', flags: ['d', 'dv', 'di', 'dui'],
    patterns: [r`(?<x>a)|(?<x>b)`, r`^(?i:(?<x>a))|(?<x>b)$`, r`(?<x>a)(?<y>b)?`, r`(?<=(?<x>a))b`],
    inputs: ['a', 'b', 'ab', 'A', 'B', ''],
  },
];

module.exports = { groups };
