'use strict';
// The difference catalogue: one entry per known difference between ECMAScript RegExp and PCRE2 10.42
// (row ids L1…V1, grouped by the section comments below: dot and line terminators, classes, escapes, …),
// plus rows for flags (F), syntax only one side accepts (S) and hostile patterns (R).
// Each group: the row id, the dialects it applies to, the patterns (ECMAScript source text) and the
// inputs. The generator crosses them and asks node for every verdict.

const P = require('./pools');
const r = String.raw;

const BASIC = ['', 'u', 'v'];
const WITH_I = ['i', 'ui', 'vi'];
const WITH_M = ['m', 'um', 'vm'];
const WITH_S = ['s', 'us', 'vs'];
const ALL = [...BASIC, ...WITH_I, ...WITH_M, ...WITH_S, 'ims', 'uims', 'vims'];
const NO_V = ['', 'u', 'i', 'ui', 'm', 'um', 's', 'us'];

const TERMINATOR_INPUTS = [
  '', 'a', 'ab', 'abc', '\u00e9', '\u{1f600}', 'a\u{1f600}b',
  ...P.LINE_TERMINATORS, '\u0085', '\u000b', '\f',
  ...[...P.LINE_TERMINATORS, '\u0085', '\u000b', '\f', '\r\n'].map((t) => `a${t}b`),
  'abc\n', 'abc\r', 'abc\r\n', 'abc\u2028', 'abc\u2029', 'abc\u0085', '\nabc', '\r\n', 'a\n', '\n\n', 'xabc',
];

const SPACE_INPUTS = ['a', 'ab', ' a', '\u{1f600}', ...P.WHITE_SPACE, ...P.NEAR_WHITE_SPACE, 'a\u00a0b', '\u00a0\u00a0'];
const CASE_INPUTS = [...P.CASE_FOLD, 'ss', 'SS', 'kK', 'sS', 'AbC', 'aBc', '\u00df\u1e9e'];

const groups = [
  // 2.1 dot, line terminators, ^ and $
  { row: 'L1', flags: [...BASIC, ...WITH_I, ...WITH_M], patterns: [r`^.$`, r`.`, r`^..$`, r`a.b`, r`^.+$`, r`^.*$`, r`^[.]$`], inputs: TERMINATOR_INPUTS },
  { row: 'L2', flags: [...WITH_S, 'is', 'ms', 'uis', 'ums', 'vms'], patterns: [r`^.$`, r`^..$`, r`a.b`, r`^.+$`, r`^(?:.)*$`], inputs: TERMINATOR_INPUTS },
  { row: 'L3', flags: [...BASIC, ...WITH_I, ...WITH_S], patterns: [r`^abc$`, r`abc$`, r`c$`, r`$`, r`^$`, r`\n$`, r`$a`, r`(?:c|$)$`], inputs: TERMINATOR_INPUTS },
  { row: 'L4', flags: [...BASIC, ...WITH_I, ...WITH_S], patterns: [r`^abc`, r`^`, r`^b`, r`a^b`, r`^\n`, r`(?:^|a)b`], inputs: TERMINATOR_INPUTS },
  { row: 'L5', flags: [...WITH_M, 'im', 'ms', 'uims'], patterns: [r`^b`, r`^$`, r`^\n`, r`^\r`, r`^a$`, r`(?:^|x)b`, r`.^b`, r`^^b`, r`\n^`, r`^(?:a|b)`], inputs: TERMINATOR_INPUTS },
  { row: 'L6', flags: [...WITH_M, 'im', 'ms', 'uims'], patterns: [r`a$`, r`$\n`, r`a$\r`, r`^$`, r`c$`, r`$$`, r`a$.`, r`(?:a|b)$`, r`$\n^`], inputs: TERMINATOR_INPUTS },

  // 2.2 \s \d \w \b
  { row: 'C1', flags: [...BASIC, ...WITH_I, 'm', 's'], patterns: [r`^\s$`, r`^\S$`, r`\s`, r`^\s+$`, r`^[\s]$`, r`^[^\s]$`, r`^[\S]$`, r`^[a\S]$`, r`^[^a\S]$`, r`^[\s\S]$`, r`^[^\s\S]$`, r`^[\S\d]$`, r`^[^\S\n]$`, r`a\sb`], inputs: SPACE_INPUTS },
  { row: 'C2', flags: [...BASIC, ...WITH_I], patterns: [r`^\d$`, r`^\D$`, r`^[\d]$`, r`^[^\d]$`, r`\d+`, r`^[\D]$`, r`^[\D5]$`, r`^\d+$`], inputs: ['0', '5', '9', 'a', '', '12', '1a', ...P.OTHER_DIGITS, '\u00b2', '\u2163', '\u{1f600}'] },
  { row: 'C3', flags: [...BASIC, ...WITH_I], patterns: [r`^\w$`, r`^\W$`, r`^[\w]$`, r`^[^\w]$`, r`^[\W]$`, r`^[a\W]$`, r`^[^\W]$`, r`^\w+$`, r`^[\w\s]$`], inputs: ['a', 'z', 'A', 'Z', '0', '_', '-', '$', ' ', '\u00e9', '\u00ff', '\u{1f600}', '\u017f', '\u212a', 'k', 'K', 's', 'S', '\u0130', '\u0131', '\u212b', '\u0663', '\u00b5'] },
  { row: 'C4', flags: [...BASIC, ...WITH_I, 'm'], patterns: [r`a\b`, r`\bk`, r`\Bs`, r`^\b$`, r`a\B`, r`\b`, r`\B`, r`^\B$`, r`\b\u017f`, r`\bK\b`, r`s\b`, r`\b.\b`], inputs: ['aK', 'a ', 'a\u017f', '\u017f', 'K', 'ab', '', 'a', '\u00e9', 'a\u{1f600}', 'k', 's ', ' s', '\u212a ', 'a\u212a', '-', ' ', 'sK'] },

  // 2.3 escapes
  { row: 'E1', flags: [...BASIC, ...WITH_I], patterns: [r`^\u0041$`, r`^\u00e9$`, r`^\uD83D\uDE00$`, r`^\uD83D`, r`\uDE00$`, r`^[\uD83D\uDE00]$`, r`^\u004$`, r`^\u$`, r`^\uZZZZ$`, r`^\u212A$`, r`^\uD801\uDC00$`, r`^[\uD83D\uDE00-\uD83D\uDE02]$`, r`\uD83D`, r`^\u{41}$`], inputs: ['A', 'a', '\u00e9', '\u00c9', '\u{1f600}', '\u{1f601}', '\u{1f603}', 'u', 'u004', 'uZZZZ', 'k', 'K', '\u212a', '\u{10400}', '\u{10428}', '\u{1f600}x', 'x\u{1f600}'] },
  { row: 'E2', flags: [...BASIC, 'i', 'ui'], patterns: [r`^\u{3}$`, r`^\u{41}$`, r`^\u{1F600}$`, r`^\u{110000}$`, r`^\u{0}$`, r`^\u{}$`, r`^\u{10FFFF}$`, r`^\u{0000000041}$`, r`^[\u{1F600}-\u{1F602}]$`, r`^\u{D83D}$`, r`^\u{2,3}$`], inputs: ['uuu', 'u', 'uu', 'A', 'a', '\u{1f600}', '\u{1f601}', '\u0000', '\u{10ffff}', 'u'.repeat(41), 'u{}', '' ] },
  { row: 'E3', flags: [...BASIC, 'i'], patterns: [r`^\x41$`, r`^\x4$`, r`^\x{41}$`, r`^\xG$`, r`^\x$`, r`^\x4g$`, r`^\xe9$`, r`^[\x41-\x43]+$`, r`^\x0a$`], inputs: ['A', 'a', 'x4', 'x'.repeat(41), 'xG', 'x', 'x4g', '\u00e9', '\u00c9', 'ABC', 'abc', '\n'] },
  { row: 'E4', flags: [...BASIC, 'i'], patterns: [r`^\cJ$`, r`^\cj$`, r`^\c1$`, r`^[\c1]$`, r`^[\c_]$`, r`\c$`, r`^\c$`, r`^[\c]$`, r`^\c*$`, r`^\cA$`, r`^[\cA-\cC]$`, r`^\c_$`, r`^[\c*]$`, r`^\c\u0041$`], inputs: ['\n', '\\c1', '\u0011', '\u001f', '\\c', 'c', '\\', '\u0001', '\u0002', '\\cJ', '\\c_', '*', '\\\\c', '', 'J', '\\cA'] },
  { row: 'E5', flags: [...BASIC, 'i'], patterns: [r`^\0$`, r`^\00$`, r`^\01$`, r`^\400$`, r`^\377$`, r`^\8$`, r`^\9$`, r`^\1$`, r`(a)\1`, r`(a)\2`, r`^\1(a)$`, r`^\11(a)$`, r`^[\1]$`, r`^[\0]$`, r`^\0a$`, r`^\07$`, r`^\18$`, r`^(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10$`, r`^(a)\10$`, r`^[\8]$`], inputs: ['\u0000', '\u0001', ' 0', '\u00ff', '8', '9', 'aa', 'a', '\u0009', '\u0000a', '\u0007', '\u00010', '\u00018', 'abcdefghijj', 'abcdefghija0', 'a\u0008', 'aA', '\u00010a', '\ta'] },
  { row: 'E6', flags: [...BASIC, 'i'], patterns: [r`^\a$`, r`^\e$`, r`^\h$`, r`^\Q$`, r`^\j$`, r`^\L$`, r`^\-$`, r`^\/$`, r`^\.$`, r`^\%$`, r`^\K$`, r`^\A$`, r`^\z$`, r`^\Z$`, r`^\G$`, r`^\R$`, r`^\X$`, r`^\N$`, r`^\E$`, r`^\o$`, r`^\g$`, r`^\é$`, r`^\😀$`, r`^\_$`, r`a\Kb`, r`^\y$`, r`^\m$`, r`^\U$`, r`^\ $`], inputs: ['a', 'e', 'h', 'Q', 'j', 'L', '-', '/', '.', '%', 'K', 'A', 'z', 'Z', 'G', 'R', 'X', 'N', 'E', 'o', 'g', '\u00e9', '\u{1f600}', '_', 'ab', 'b', 'y', 'm', 'U', ' ', '\u0007', '\u001b', '\n', '\t', 'H', 'k'] },
  { row: 'E7', flags: [...BASIC, 'i'], patterns: [r`^\v$`, r`^[\v]$`, r`^\v+$`, r`^[^\v]$`], inputs: ['\u000b', '\n', '\r', '\u0085', '\u2028', '\u2029', 'v', '\f', 'V', '\u000b\u000b'] },
  { row: 'E8', flags: [...BASIC, 'i'], patterns: [r`^\k$`, r`\k<a>`, r`(?<a>x)\k<a>`, r`^\k<a>$`, r`(?<a>.)\k`, r`^\k<a>(?<a>b)$`, r`^(?<a>.)\k<a>$`, r`(?<a>x)\k<b>`, r`^\k<1>$`], inputs: ['k', 'k<a>', 'xx', 'x', 'b', 'bb', 'aa', 'xX', 'k<1>', 'K'] },
  { row: 'E9', flags: BASIC, patterns: [r`^\p{L}$`, r`^\P{L}$`, r`^\pL$`, r`^\p$`, r`^\p{Lu}$`, r`^\p{Letter}$`, r`^\p{Script=Greek}$`, r`^\p{sc=Grek}$`, r`^\p{}$`, r`^\p{L}+$`, r`^\P$`], inputs: ['p{L}', 'a', 'P{L}', 'pL', '\u03b1', 'A', '1', 'p', 'P', 'p{Lu}', 'p{}', 'ab', '\u00e9'] },
  { row: 'E10', flags: [...BASIC, 'i'], patterns: [r`^[\B]$`, r`^[\c]$`, r`^[\-]$`, r`^[\b]$`, r`^[\k]$`, r`^[\p]$`, r`^[\8]$`, r`^[\a]$`, r`^[\e]$`, r`^[\z]$`, r`^[\^]$`, r`^[\]]$`, r`^[\/]$`], inputs: ['B', 'b', '\\', 'c', '-', '\u0008', 'k', 'p', '8', 'a', 'e', 'z', '^', ']', '/', '\u0007'] },

  // 2.4 character classes
  { row: 'K1', flags: [...BASIC, 'i', 'ui', 's'], patterns: [r`[]`, r`^[]$`, r`a[]`, r`[]a]`, r`^[]a]$`, r`[]*`, r`^[]*$`, r`a|[]`], inputs: ['', 'a', ']', 'a]', 'b', '\n'] },
  { row: 'K2', flags: [...BASIC, 'i', 'm', 's'], patterns: [r`^[^]$`, r`[^]`, r`^[^]*$`, r`^[^]{2}$`, r`^[^]+?$`], inputs: ['\n', 'a', '\u{1f600}', '', '\u2028', 'ab', '\r\n', '\u0000'] },
  { row: 'K3', flags: [...BASIC, 'i'], patterns: [r`[[:alpha:]]`, r`^[[:alpha:]]$`, r`^[[]$`, r`^[a[]$`, r`[[.a.]]`, r`[[=a=]]`, r`^[[a]]$`, r`^[[:digit:]]+$`, r`^[[]]$`], inputs: ['b', '[', ':', 'a]', 'a', '[a]', '[]', '1', 'p]', '.', '=', 'a]]'] },
  { row: 'K4', flags: [...BASIC, 'i'], patterns: [r`^[\d-z]$`, r`^[a-\d]$`, r`^[\w-.]$`, r`^[\s-a]$`, r`^[a-z-0]$`, r`^[z-a]$`, r`^[\d-\w]$`, r`^[-a]$`, r`^[a-]$`, r`^[%--]$`, r`^[--0]$`], inputs: ['-', 'z', '5', 'a', 'm', '.', ' ', '0', 'Z', '/', '%', ',', '_'] },
  { row: 'K5', flags: [...BASIC, 'i'], patterns: [r`^[😀]$`, r`^[😀a]$`, r`^[^😀]$`, r`^[😀-😂]$`, r`^[😁]$`, r`^[😀]+$`, r`^[^a]$`, r`^[^a]{2}$`, r`[😀]`], inputs: ['\u{1f600}', '\u{1f601}', '\u{1f602}', 'a', '\u{1f600}\u{1f600}', 'b', '\u{1f600}a', '\u{10400}'] },
  { row: 'K6', flags: [...WITH_I, ''], patterns: [r`^[^x]$`, r`^[^k]$`, r`^[^s]$`, r`^[^ß]$`, r`^[^\u212A]$`, r`^[^a-z]$`, r`^[^σ]$`], inputs: ['x', 'X', 'k', 'K', '\u212a', 's', 'S', '\u017f', '\u00df', '\u1e9e', '\u03c3', '\u03a3', '\u03c2', 'b', '1'] },

  // 2.5 backreferences and captures
  { row: 'B1', flags: [...BASIC, 'i'], patterns: [r`(a)|\1b`, r`^\1(a)$`, r`^(?:(a)|b)\1$`, r`(a)?\1b`, r`^(a)?\1$`, r`^(?:(a)|(b))\1\2$`, r`^(?<x>a)?\k<x>b$`, r`(b)|x\1+y`, r`(b)|x\1{2}y`, r`(b)|x\1*y`, r`^\1+(a)$`, r`^(?:(a)|b)\1+$`, r`(?<n>b)|x\k<n>+y`, r`(b)|x\1+?y`], inputs: ['b', 'a', 'ab', 'bb', 'aa', 'aab', '', 'xy', 'xby', 'xbby', 'baa'] },
  { row: 'B2', flags: [...BASIC, 'i'], patterns: [r`^(?:(a)|b)+\1$`, r`^(?:(a)|b)*\1$`, r`^((a)|b)+\2$`, r`^(a|b){2}\1$`, r`^(?:(a)|b){2}\1$`, r`^(?:(a)|(b))+\1\2$`], inputs: ['ab', 'aba', 'abb', 'ba', 'baa', 'aa', 'abab', 'b', 'bab'] },
  { row: 'B3', flags: [...BASIC], patterns: [r`^(?:(?=(a)))*\1b`, r`^(?:(?=(a)))?\1b`, r`(?=(a))*\1b`, r`^(?:(a)|)*\1b$`, r`^(?:()|a)*\1b`], inputs: ['ab', 'b', 'aab', 'aa', 'aaab'] },
  { row: 'B4', flags: [...BASIC], patterns: [r`(?<=\1(a))b`, r`(?<=(a)\1)b`, r`(?<=(a))\1`, r`(?<=(a))b\1`, r`(?<!\1(a))b`, r`(?<=(?<x>a))\k<x>`], inputs: ['aab', 'ab', 'aa', 'aba', 'b', 'bab'] },
  { row: 'B5', flags: [...WITH_I], patterns: [r`^(a)\1$`, r`^(\u017f)\1$`, r`^(k)\1$`, r`^(.)\1$`, r`^(ß)\1$`, r`^(σ)\1$`], inputs: ['aA', 'aa', '\u017fs', '\u017fS', 'ss', 'kK', 'k\u212a', 'kk', '\u00df\u1e9e', '\u03c3\u03a3', '\u03c3\u03c2', '\u00e9\u00c9'] },

  // 2.6 named groups
  { row: 'N1', flags: BASIC, patterns: [r`(?<$x>a)\k<$x>`, r`(?<ñ>a)\k<ñ>`, r`(?<\u0061>a)\k<a>`, r`(?<a_very_long_group_name_that_exceeds_32_code_units>a)\k<a_very_long_group_name_that_exceeds_32_code_units>`, r`(?<1a>x)`, r`(?<a>x)(?<b>y)\k<b>`, r`(?<𐐀>a)\k<𐐀>`, r`(?<\u{10400}>a)\k<𐐀>`, r`(?<a-b>a)`, r`(?<>a)`, r`(?<_>a)\k<_>`], inputs: ['aa', 'a', 'xyy', 'xy', 'x'] },
  { row: 'N2', flags: BASIC, patterns: [r`(?<a>x)|(?<a>y)`, r`(?<a>x)(?<a>y)`, r`(?:(?<a>x)|(?<a>y))\k<a>`, r`(?<a>x)|(?<A>y)`, r`(?<a>x)(?<b>(?<a>y))`, r`(?<a>x)|(?<b>y)\k<a>`], inputs: ['x', 'y', 'xx', 'xy'] },
  { row: 'N3', flags: BASIC, patterns: [r`\k<a>(?<a>b)`, r`^\k<a>(?<a>b)$`, r`^(?<a>\k<a>b)$`], inputs: ['b', 'bb', ''] },

  // 2.7 lookbehind
  { row: 'LB1', flags: [...BASIC, 'i'], patterns: [r`(?<=a+)b`, r`(?<=a*)b`, r`(?<=ab(c|de))x`, r`(?<=ab(?:c|de))x`, r`(?<=a{1,3})b`, r`(?<!a+)b`, r`(?<!a*)b`, r`(?<=a?)b`, r`(?<=^a*)b`, r`(?<=\d{2,})x`], inputs: ['ab', 'b', 'aab', 'abcx', 'abdex', 'cb', 'aaaab', '12x', '1x', 'x'] },
  { row: 'LB2', flags: [...BASIC, 'i', 'm'], patterns: [r`(?<=a|bc)d`, r`(?<!a|bc)d`, r`(?<=^|,)x`, r`(?<=\n)b`, r`(?<=\s)x`, r`(?<=[😀])x`, r`(?<=😀)x`], inputs: ['ad', 'bcd', 'cd', 'xd', 'd', 'x', ',x', 'a,x', 'a\nb', ' x', '\u00a0x', '\u{1f600}x', 'ax'] },
  { row: 'LB3', flags: BASIC, patterns: [r`(?<=a)*b`, r`(?<!a)+b`, r`(?<=a){2}b`, r`(?<=a)?b`], inputs: ['ab', 'b'] },
  { row: 'LB4', flags: BASIC, patterns: [r`(?=a)*a`, r`(?=a){2}a`, r`(?!a)+b`, r`^(?=a)?b`, r`^(?=(a))?a\1`], inputs: ['a', 'b', 'aa', 'ab'] },

  // 2.8 quantifiers
  { row: 'Q1', flags: BASIC, patterns: [r`a{`, r`^a{$`, r`^a{1$`, r`^a{,3}$`, r`^a{1, 2}$`, r`^x{a}$`, r`{1}`, r`^{$`, r`^}$`, r`^]$`, r`a{1,2`, r`^a{2}$`, r`^a{2,}$`, r`^a{0}$`, r`^{}$`, r`^a{ 2}$`, r`^a{2,3}?$`], inputs: ['a{', 'a{1', 'a{,3}', 'a{1, 2}', 'x{a}', '{', '}', ']', 'aa', 'a', 'aaa', '', '{}', 'a{ 2}', 'a{1,2'] },
  { row: 'Q2', flags: BASIC, patterns: [r`a++`, r`a*+`, r`a?+`, r`a{2}+`, r`^a+?$`, r`^a*?b$`, r`^a??b$`, r`^a{1,2}?b$`], inputs: ['aa', 'a', 'b', 'ab', 'aab'] },
  { row: 'Q3', flags: BASIC, patterns: [r`a**`, r`x{2}{3}`, r`a{2,1}`, r`*a`, r`+`, r`?`, r`a|*`, r`^*`, r`$+`, r`\b*`, r`(?:)*`, r`()+`], inputs: ['a', 'xx', ''] },
  { row: 'Q4', flags: ['', 'u', 'v'], patterns: [r`^a{70000}$`, r`^a{65536}$`, r`^a{0,70000}$`, r`^a{65535}$`, r`^(?:ab){40000}$`, r`^a{2147483648}$`, r`^a{99999999999999999999}`, r`^a{70000,}$`], inputs: ['a', 'aa', ''] },
  { row: 'Q4', flags: ['u'], patterns: [r`^a{70000}$`, r`^a{65536}$`, r`^a{0,70000}$`, r`^a{2147483648}$`, r`^a{65536,}`], inputs: ['a'.repeat(65536), 'a'.repeat(70000)] },
  { row: 'Q5', flags: [...BASIC, 'i'], patterns: [r`^(a|ab)(c|bcd)(d*)$`, r`^a*?b`, r`(a|ab)c`, r`^(?:a|ab)+$`, r`^(?:a|ab)+?c$`, r`^(a+)(a*)$`], inputs: ['abcd', 'aab', 'abc', 'ab', 'aabab', 'abac', 'aaa'] },

  // 2.9 case-insensitive matching
  ...['s', 'k', '\u00df', '\u1e9e', '\u00e9', '\u03c3', '\u03a3', '\u03c2', '\u03b8', '\u03d1', '\u03a9', '\u03c9', '\u00c5', '\u{10400}', '\u{10428}', '\u01c5', '\u00b5', '\u0130', '\u0131', 'i', '\u03b9', '\u1f80', '\u1fb3', '\uab70', '\u212a', '\u017f'].map((c) => (
    { row: 'I1', flags: ['ui', 'vi'], patterns: [`^${c}$`, `^[${c}]$`, `^[^${c}]$`, `^${c}+$`], inputs: CASE_INPUTS })),
  { row: 'I1', flags: ['ui', 'vi'], patterns: [r`^[a-z]$`, r`^[A-Z]+$`, r`^[^a-z]$`, r`^[k-l]$`, r`^[r-t]$`, r`^[\u212A]$`, r`^[\u0370-\u03ff]$`, r`^[\u{10400}-\u{1040f}]$`], inputs: CASE_INPUTS },
  ...['s', 'k', '\u00df', '\u1e9e', '\u00e9', '\u03c3', '\u03b8', '\u03a9', '\u00c5', '\u01c5', '\u00b5', '\u0130', '\u03b9', '\u1f80', '\u1fb3', '\u212a', '\u017f'].map((c) => (
    { row: 'I2', flags: ['i'], patterns: [`^${c}$`, `^[${c}]$`, `^[^${c}]$`], inputs: CASE_INPUTS })),
  { row: 'I2', flags: ['i'], patterns: [r`^[a-z]$`, r`^[A-Z]+$`, r`^[^a-z]$`, r`^[k-l]$`, r`^[r-t]$`, r`^[\u212A]$`, r`^[\u0370-\u03ff]$`, r`^[\u00c0-\u00ff]$`], inputs: CASE_INPUTS },
  { row: 'I3', flags: ['i', 'ui', ''], patterns: [r`^𐐀$`, r`^𐐨$`, r`^[𐐀]$`, r`^\uD801\uDC00$`, r`^\u{10400}$`], inputs: ['\u{10400}', '\u{10428}', 'a'] },
  { row: 'I4', flags: ['ui', 'vi', 'u', 'v'], patterns: [r`^\p{Lu}$`, r`^\P{Lu}$`, r`^\p{Ll}$`, r`^\P{Ll}$`, r`^[\p{Lu}]$`, r`^[^\p{Lu}]$`, r`^\p{L}$`, r`^\p{Lowercase}$`, r`^\p{ASCII}$`, r`^\P{ASCII}$`, r`^\p{Script=Greek}$`, r`^\p{Nd}$`, r`^\p{Lt}$`, r`^\p{Script=Latin}$`, r`^\p{ASCII_Hex_Digit}$`, r`^\P{Nd}$`], inputs: ['a', 'A', 'K', '\u212a', '\u017f', 's', '\u03c3', '\u03a3', '1', '\u00e9', '\u01c5', '\u01c4', '\u00b5', '\u0345', '\u{10400}', 'f', 'F'] },
  { row: 'I1-skew', flags: ['ui', 'vi', 'i'], patterns: P.SKEW.map((c) => `^${c}$`), inputs: P.SKEW },

  // 2.10 property escapes
  { row: 'P1', flags: ['u', 'v'], patterns: [r`^\p{Letter}$`, r`^\p{digit}$`, r`^\p{gc=Lu}$`, r`^\p{General_Category=Lu}$`, r`^\p{General_Category=Letter}$`, r`^\p{Lowercase_Letter}$`, r`^\p{punct}$`, r`^\p{cntrl}$`, r`^\p{Combining_Mark}$`, r`^\p{Cased_Letter}$`, r`^\p{LC}$`, r`^\p{Nd}+$`, r`^\P{L}$`, r`^[\p{L}\p{Nd}]+$`, r`^[^\p{L}]$`, r`^\p{Zs}$`, r`^\p{Cf}$`, r`^\p{Co}$`, r`^\p{Cs}$`, r`^\p{Cn}$`, r`^\p{Mn}$`, r`^\p{Sc}$`, r`^\p{So}$`],
    inputs: ['a', 'A', '1', '\u0663', '\u03b1', '\u0416', '\u4e2d', '\u{1f600}', '_', ' ', '\u2028', '(', '\u2201', '\u0378', '\u00e9', '\u01c5', '\u00ad', '#', '$', '\u0301', '\u00a0', '\ue000', '\u0000', '\u00b2', '\u2163', '\u20ac'] },
  { row: 'P2', flags: ['u', 'v'], patterns: [r`^\p{Script=Latin}$`, r`^\p{sc=Grek}$`, r`^\p{scx=Grek}$`, r`^\p{Script_Extensions=Latin}$`, r`^\p{Script=Han}+$`, r`^\p{sc=Zyyy}$`, r`^\p{Script=Inherited}$`, r`^\p{scx=Deva}$`, r`^\p{Script=Cyrillic}$`, r`^\p{sc=Arab}$`, r`^\p{Script=Kawi}$`, r`^\p{Script=Nag_Mundari}$`, r`^\p{Script=Unknown}$`],
    inputs: ['a', 'A', '\u03b1', '\u0416', '\u4e2d', '\u0627', '\u0915', '\u0964', '1', ' ', '\u0301', '\u0378', '\u{1f600}', '\u00e9', '\u3001'] },
  { row: 'P3', flags: ['u', 'v'], patterns: [r`^\p{Assigned}$`, r`^\P{Assigned}$`, r`^\p{Any}$`, r`^\P{Any}$`, r`^\p{ASCII}$`, r`^\p{Alphabetic}$`, r`^\p{White_Space}$`, r`^\p{Emoji}$`, r`^\p{Emoji_Presentation}$`, r`^\p{Changes_When_NFKC_Casefolded}$`, r`^\p{Bidi_Mirrored}$`, r`^\p{Hex_Digit}$`, r`^\p{ID_Start}$`, r`^\p{ID_Continue}$`, r`^\p{Uppercase}$`, r`^\p{Math}$`, r`^\p{Dash}$`, r`^\p{Noncharacter_Code_Point}$`, r`^\p{Default_Ignorable_Code_Point}$`, r`^\p{Extended_Pictographic}$`, r`^\p{Ideographic}$`, r`^\p{Variation_Selector}$`, r`^\p{AHex}$`, r`^\p{Alpha}$`],
    inputs: ['a', 'A', '1', 'f', 'F', '\u03b1', '\u4e2d', '\u{1f600}', '\u263a', '#', ' ', '\u2028', '\u0085', '(', '\u2201', '\u2140', '\u0378', '\u00ad', '-', '\u2013', '+', '\ufdd0', '\ufe0f', '\u00aa', '\u0301', '\u00c0'] },
  { row: 'P4', flags: ['u', 'v', ''], patterns: [r`^\p{lu}$`, r`^\p{L_u}$`, r`^\p{Greek}$`, r`^\p{L&}$`, r`^\p{Xan}$`, r`^\pL$`, r`^\p{Bidi_Class=L}$`, r`^\p{bc=L}$`, r`^\p{letter}$`, r`^\p{Script=greek}$`, r`^\p{gc=L}$`, r`^\p{ Lu}$`, r`^\p{Lu }$`, r`^\p{Block=Basic_Latin}$`, r`^\p{InGreek}$`, r`^\p{IsGreek}$`],
    inputs: ['a', 'A', '\u03b1', 'p{lu}'] },
  { row: 'P5', flags: ['v', 'u', 'vi'], patterns: [r`^\p{RGI_Emoji}$`, r`^\p{Basic_Emoji}$`, r`^\p{Emoji_Keycap_Sequence}$`, r`^\p{RGI_Emoji_Flag_Sequence}$`, r`^\P{RGI_Emoji}$`, r`^[^\p{RGI_Emoji}]$`, r`^[\p{RGI_Emoji}--\q{😀}]$`],
    inputs: ['\u{1f600}', '\u{1f1eb}\u{1f1f7}', '#\ufe0f\u20e3', 'a', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}'] },

  // 2.11 the v flag
  { row: 'V1', flags: ['v', 'vi', 'u', ''], patterns: [r`^[\w--\d]$`, r`^[\p{L}&&\p{ASCII}]$`, r`^[\q{abc|d}]$`, r`^[[a-z]--[aeiou]]$`, r`^[a-z-]$`, r`^[\w-]$`, r`^[(]$`, r`^[^-]$`, r`^[a&&b]$`, r`^[a&&&b]$`, r`^[a--b&&c]$`, r`^[\q{}]$`, r`^[^\q{ab}]$`, r`^[^\q{a}]$`, r`^[[^a]&&[a-c]]$`, r`^[a!!b]$`, r`^[\d&&[0-4]]+$`, r`^[\q{abc|d}a-c]+$`, r`^[[a-c][x-z]]$`, r`^[a-c--b]$`, r`^[\q{ab|c}--\q{c}]$`, r`^[\|]$`, r`^[a||b]$`, r`^[\&\&]$`, r`^[a&]$`, r`^[\q{😀|ab}]$`, r`^[^[^a]]$`, r`^[\S--\s]$`, r`^[\s--[\n\r]]+$`, r`^[\D&&\W]$`],
    inputs: ['a', 'b', 'c', '1', '5', '\u00e9', 'abc', 'd', 'e', '-', '(', '\u{1f600}', 'A', '012', '!', 'ab', 'x', '|', '&', '\n', ' ', '\t', '%'] },

  // 2.12 flags
  { row: 'F1', flags: ['g', 'y', 'gi', 'd', 'uv', 'x', 'ii', 'dim', 'imsu', 'imsv', 'gu', 'yv', 'D', 'U', 'n', 'l', 'du', 'dv', 'sd', 'mm'], patterns: [r`a`, r`^a$`, r`b`], inputs: ['a', 'b', 'A', 'ba'] },
  { row: 'F2', flags: BASIC, patterns: [r`(?i:a)b`, r`(?-i:a)b`, r`(?i)a`, r`(?m:^a)`, r`(?s:.)`], inputs: ['a', 'Ab', 'ab'] },

  // 2.13 syntax accepted by one side only
  { row: 'S1', flags: [...BASIC, 'i'], patterns: [r`(?>a)`, r`(?i)a`, r`(?#c)a`, r`(?|a)`, r`(?P<n>a)`, r`(?P<n>a)(?P=n)`, r`(?'n'a)`, r`(?R)`, r`(?1)`, r`(a)(?1)`, r`(*UTF)a`, r`(*FAIL)`, r`(*LIMIT_MATCH=1)a`, r`\Qa\E`, r`a\A`, r`a\z`, r`a\Z`, r`\Ga`, r`a\R`, r`\X`, r`\h`, r`\N`, r`\o{101}`, r`\e`, r`a\Kb`, r`\pL`, r`\x{41}`, r`(?C)a`, r`(?(1)a|b)`, r`(a)(?(1)a|b)`, r`\g1`, r`(a)\g{1}`, r`\cZ`, r`[[:^alpha:]]`],
    inputs: ['a', 'A', 'aa', 'b', 'ab', 'Qa', 'aE'] },
  { row: 'S2', flags: [...BASIC], patterns: [r`(`, r`)`, r`a)`, r`(a`, r`[a`, r`a]`, '\\', 'a\\', r`(?<a>`, r`(?:`, r`(?=`, r`(?<=`, r`(?<!a`, r`(?`, r`(?a)`, r`a||b`, r`|`, r`()`, r`(?:)`, r`[]]`, r`[b-a]`, r`[\b-a]`, r`a{2,1}`, r`\u{FFFFFFFF}`, r`(?<a>x)\k<b>`, r`\k<b>(?<a>x)`, r`^*$`, r`(?!)`, r`(?=)`, r`[\s-\d]`, r`[a-\s]`, r`a{1}{2}`, r`(?<=)`, r`(?<!)`, r`\1(a)`, r`(?<a>a)\k`, r`\k`, r`[\k<a>]`, r`\c`, r`/`, r`a/b`],
    inputs: ['a', '', 'b]'] },

  // 2.14 hostile patterns, on inputs small enough for node
  { row: 'R1', flags: ['', 'u'], patterns: [r`^(a+)+$`, r`^(a|aa)+$`, r`^(a*)*b$`, r`(x+x+)+y`, r`^(\w+\s?)*$`, r`^(a|a?)+$`, r`^([a-z]+)*[0-9]$`, r`^(?:a+)+b`],
    inputs: ['a'.repeat(10), 'a'.repeat(18) + '!', 'x'.repeat(16), 'a'.repeat(14) + 'b', 'word word word word word !', 'abcdefghijklmnopq!', 'a'.repeat(19) + '1'] },
];

module.exports = { groups };
