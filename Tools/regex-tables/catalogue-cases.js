// Catalogue rows as [id, pattern, flags, inputs[], override?]. node gives each verdict; `override`
// marks deliberate refusals ("unsupported") or budgets ("limit"). Back-references PCRE2 cannot reproduce,
// variable-length lookbehinds and the g/y flags take node's verdict: the portable matcher answers them.
// --help / -h: the header comment above, without doing anything.
require('../help.js')(__filename);
const C = [];
const add = (id, pattern, flags, inputs, override) => C.push({ id, pattern, flags, inputs, override });
const LT = ['\n', '\r', '\u2028', '\u2029', '\u0085', 'a', ''];
for (const f of ['', 'u', 'v', 's', 'us', 'vs']) add('L1/L2', '^.$', f, [...LT, '😀', '\u00e9']);
for (const f of ['', 'u']) add('L1', '^..$', f, ['😀', 'ab']);
add('L3', '^abc$', '', ['abc', 'abc\n', 'abc\r']);
add('L3', 'c$', 'u', ['abc\n', 'abc']);
add('L4', '^b', '', ['ab', 'b', 'a\nb']);
for (const f of ['m', 'mu']) {
  add('L5', '^b', f, ['a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', 'a\u0085b', 'a\u000bb', 'ab']);
  add('L5', '^$', f, ['a\n', '', 'a']);
  add('L5', '^\\n', f, ['\r\n']);
  add('L6', 'a$', f, ['a\nb', 'a\rb', 'a\u2028', 'a\u000b', 'a\u0085', 'ab', 'a']);
}
const WS = ['\t', '\n', '\u000b', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', '\u200b', 'a', '\u0001', '\u2013'];
for (const f of ['', 'u', 'v', 'i']) { add('C1', '^\\s$', f, WS); add('C1', '^\\S$', f, WS); }
for (const f of ['', 'u', 'v']) add('C1', '^[a\\S]$', f, ['a', '\u00a0', 'b', ' ']);
add('C1', '^[^a\\S]$', '', ['a', '\u00a0', 'b', ' ']);
add('C1', '^[^a\\S]$', 'u', ['a', '\u00a0', 'b', ' ']);
for (const f of ['', 'u', 'i', 'ui']) {
  add('C2', '^\\d+$', f, ['0123', '\u0663', '\u07c0', '\u09e6', 'x']);
  add('C2', '^\\D$', f, ['0', '\u0663', 'x']);
}
for (const f of ['', 'i', 'u', 'ui', 'vi']) {
  add('C3', '^\\w$', f, ['a', 'Z', '_', '0', '\u017f', '\u212a', '\u00e9', '-']);
  add('C3', '^\\W$', f, ['a', '\u017f', '\u212a', '\u00e9', '-']);
  add('C3', '^[\\w]$', f, ['\u017f', '\u212a', 'k']);
  add('C4', 'a\\b', f, ['a', 'aK', 'a\u212a', 'a\u017f', 'ab', 'a-']);
  add('C4', 'a\\B', f, ['a', 'aK', 'a\u212a', 'ab', 'a-']);
}
add('C4', '\\bé', 'u', ['é', 'aé']);
add('E1', '^\\u0041$', '', ['A']);
add('E1', '^\\uD83D\\uDE00$', 'u', ['😀']);
add('E1', '^\\uD83D\\uDE00$', '', ['😀']);
add('E1', '^\\uD83D', '', ['😀', 'a']);
add('E1', '\\uD83D', 'u', ['😀', 'a']);
add('E1', '^[\\uD83D\\uDE00]$', 'u', ['😀']);
add('E1', '^[\\uD83D\\uDE00]$', '', ['😀', 'a']);
add('E2', '^\\u{1F600}$', 'u', ['😀']);
add('E2', '^\\u{3}$', '', ['uuu', '\u0003']);
add('E2', '^\\u{41}$', 'u', ['A']);
add('E3', '^\\x4$', '', ['x4']);
add('E3', '^\\x{41}$', '', ['A', 'x'.repeat(41)]);
add('E3', '^\\x41$', 'u', ['A']);
add('E4', '^\\cJ$', '', ['\n']);
add('E4', '^\\cj$', 'u', ['\n']);
add('E4', '^\\c1$', '', ['\\c1', '\u0011']);
add('E4', '^[\\c1]$', '', ['\u0011', 'c', '1']);
add('E4', '^[\\c_]$', '', ['\u001f']);
add('E4', '^\\c$', '', ['\\c']);
add('E4', '^[\\c]$', '', ['\\', 'c']);
add('E4', '^[\\c*]+$', '', ['\\c*']);
add('E5', '^\\0$', '', ['\0']);
add('E5', '^\\0$', 'u', ['\0']);
add('E5', '^\\400$', '', [' 0', '\u0100']);
add('E5', '^\\101$', '', ['A']);
add('E5', '^\\8$', '', ['8']);
add('E5', '^\\1$', '', ['\u0001']);
add('E5', '^(a)\\1$', '', ['aa', 'a\u0001']);
add('E5', '^(a)\\2$', '', ['a\u0002']);
add('E5', '^\\18(a)$', '', ['\u00018a', 'a']);
add('E5', '^(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10$', '', ['abcdefghijj', 'abcdefghija0']);
add('E5', '^(a)\\11$', '', ['a\t']);
add('E5', '^[\\1]$', '', ['\u0001']);
add('E5', '^[\\8]$', '', ['8']);
add('E5', '^[\\0]$', 'u', ['\0']);
add('E5', '^\\07$', '', ['\u0007']);
for (const e of ['a', 'e', 'h', 'Q', 'K', 'z', 'A', 'Z', 'G', 'R', 'X', 'N', 'E', 'L', 'j', 'o', 'g', 'C', 'U', 'l'])
  add('E6', '^\\' + e + '$', '', [e, '\u0007', '\u001b', ' ']);
add('E6', '^\\-$', '', ['-']);
add('E6', '^\\/$', 'u', ['/']);
add('E6', '^a\\Kb$', '', ['ab', 'aKb']);
add('E6', '\\Qa', '', ['Qa', 'a']);
add('E7', '^\\v$', '', ['\u000b', '\n', '\u0085']);
add('E7', '^\\v$', 'u', ['\u000b', '\n']);
add('E8', '^\\k$', '', ['k']);
add('E8', '^\\k<a>$', '', ['k<a>']);
add('E8', '^(?<a>x)\\k<a>$', '', ['xx', 'x']);
add('E8', '^\\k<a>(?<a>x)$', 'u', ['x']);
add('E9', '^\\p{L}$', '', ['p{L}', 'a']);
add('E9', '^\\P$', '', ['P']);
add('E10', '^[\\B]$', '', ['B']);
add('E10', '^[\\-]$', '', ['-']);
add('E10', '^[\\-]$', 'u', ['-']);
add('E10', '^[\\b]$', '', ['\b', 'b']);
add('E10', '^[\\b]$', 'v', ['\b']);
add('K1', '[]', '', ['', 'a']);
add('K1', '^[]a]$', '', ['a', ']a']);
add('K1', '[]', 'v', ['a']);
add('K2', '^[^]$', '', ['\n', 'a', '😀']);
add('K2', '^[^]$', 'u', ['\n', '😀']);
add('K3', '^[[:alpha:]]$', '', ['b', ':', '[']);
add('K3', '^[[:alpha:]]+$', '', ['[:alph]', ':]']);
add('K3', '^[[.a.]]$', '', ['a]', '.]']);
add('K4', '^[\\d-z]+$', '', ['1-z', 'a']);
add('K4', '^[a-\\d]+$', '', ['a-1', 'b']);
add('K4', '^[\\w-.]+$', '', ['a-.', '%']);
add('K5', '^[😀]$', '', ['😀', '\ud83d'.length ? 'a' : '']);
add('K5', '^[😀]$', 'u', ['😀']);
add('K5', '^[😀]{2}$', '', ['😀']);
add('K5', '^😀{2}$', '', ['😀😀', '😀\ude00'.slice(0, 2)]);
add('K5', '^😀{2}$', 'u', ['😀😀']);
add('K6', '^[^x]$', 'i', ['X', 'x', 'y']);
add('K6', '^[^k]$', 'i', ['K', '\u212a', 's']);
add('K6', '^[^k]$', 'ui', ['K', '\u212a']);
add('K6', '^[^\\w]$', 'i', ['\u017f', 'k']);
add('B1', '(a)|\\1b', '', ['b', 'a']);
add('B1', '^\\1(a)$', '', ['a']);
add('B1', '^(?:(a)|b)\\1$', '', ['b', 'aa']);
add('B1', '^(a)?\\1$', 'u', ['', 'aa']);
add('B1', '^(a?)?\\1$', 'u', ['aa']);
add('B1', '^(?:(a)|b)?\\1$', '', ['b', 'aa']);
add('B2', '^(?:(a)|b)+\\1$', '', ['ab']);
add('B2', '^(a)+\\1$', 'u', ['aa']);
add('B3', '^(?:(?=(a)))*\\1b', '', ['ab']);
add('B4', '(?<=\\1(a))b', '', ['aab']);
add('B4', '(?<=(a))\\1', '', ['aa']);
add('B5', '^(a)\\1$', 'ui', ['aA', 'ab']);
add('B5', '^(k)\\1$', 'i', ['kK']);
add('B5', '^(?<x>ab)\\k<x>$', 'u', ['abab', 'abAB']);
add('N1', '^(?<$x>a)\\k<$x>$', '', ['aa']);
add('N1', '^(?<ñ>a)\\k<ñ>$', 'u', ['aa']);
add('N1', '^(?<\\u0061b>x)\\k<ab>$', '', ['xx']);
add('N1', '^(?<' + 'n'.repeat(40) + '>x)$', '', ['x']);
add('N2', '(?<a>x)|(?<a>y)', '', ['x']);
add('N3', '^\\k<a>(?<a>b)$', '', ['b']);
add('LB1', '(?<=a+)b', '', ['ab', 'b']);
add('LB1', '(?<!a*)b', 'u', ['ab']);
add('LB1', '(?<=ab(c|de))f', '', ['abcf']);
add('LB1', '(?<=ab(?:c|de))f', '', ['abcf', 'abdef', 'abf']);
add('LB1', '(?<=a{1,3})b', '', ['ab', 'aaab', 'b']);
add('LB1', '(?<=x[ab]?)c', 'u', ['xc', 'xac', 'c']);
add('LB2', '(?<=a|bc)d', '', ['ad', 'bcd', 'cd']);
add('LB2', '(?<!a|bc)d', '', ['ad', 'bcd', 'cd', 'd']);
add('LB2', '(?<=😀)x', '', ['😀x']);
add('LB2', '(?<=😀)x', 'u', ['😀x', 'x']);
add('LB2', '(?<=^|,)b', 'm', ['a\nb', 'a,b', 'ab']);
add('LB3', '(?<=a)*', '', ['a']);
add('LB3', '(?<!a){2}', 'u', ['a']);
add('LB4', '^(?=a)*a$', '', ['a']);
add('LB4', '^(?=a){2}a$', '', ['a']);
add('LB4', '(?=a)*', 'u', ['a']);
add('LB4', '^(?!b)+a', '', ['a']);
add('Q1', '^a{$', '', ['a{']);
add('Q1', '^a{,3}$', '', ['a{,3}', 'aa']);
add('Q1', '^a{1, 2}$', '', ['a{1, 2}']);
add('Q1', '^a{1$', '', ['a{1']);
add('Q1', '^x{a}$', '', ['x{a}']);
add('Q1', '^}]$', '', ['}]']);
add('Q1', '{1}', '', ['']);
add('Q1', 'a{', 'u', ['a{']);
add('Q1', '}', 'u', ['}']);
add('Q1', ']', 'v', [']']);
add('Q2', 'a++', '', ['a']);
add('Q2', 'a*+', 'u', ['a']);
add('Q2', 'a{2}+', '', ['aa']);
add('Q2', 'a?+', '', ['a']);
add('Q3', 'a**', '', ['a']);
add('Q3', 'x{2}{3}', '', ['xxxxxx']);
add('Q3', 'a{2,1}', '', ['a']);
add('Q3', 'a{1}?', '', ['a']);
add('Q3', '^a{2}?$', '', ['aa']);
add('Q4', '^a{70000}$', '', ['a'.repeat(70000), 'a'.repeat(69999)]);
add('Q4', '^(?:ab){0,70000}$', 'u', ['ab'.repeat(3), 'aba']);
add('Q4', '^a{0,99999999999}$', '', ['aaa']);
add('Q5', '^(a|ab)(c|bcd)(d*)$', '', ['abcd']);
add('Q5', '^a*?b', '', ['aaab']);
add('Q5', '^(?:a|ab)c$', '', ['abc']);
for (const f of ['i', 'ui', 'vi']) {
  add('I1', '^s$', f, ['\u017f', 'S']);
  add('I1', '^k$', f, ['\u212a', 'K']);
  add('I1', '^ß$', f, ['\u1e9e', 'SS']);
  add('I1', '^é$', f, ['É']);
  add('I1', '^\\u{10400}$', f, ['\u{10428}']);
  add('I2', '^[a-z]+$', f, ['ABC', '\u017f', '\u212a', 'k']);
  add('I2', '^å$', f, ['\u212b', 'Å']);
  add('I2', '^θ$', f, ['ϑ', 'ϴ', 'Θ']);
  add('I2', '^ω$', f, ['\u2126', 'Ω']);
  add('I2', '^\\u1f80$', f, ['\u1f88', '\u1f80']);
  add('I2', '^[\\u1f80-\\u1f81]$', f, ['\u1f88', '\u1f89']);
  add('I2', '^[^s]$', f, ['\u017f', 'S']);
  add('I2', '^[\\u212a]$', f, ['k', 'K']);
  add('I2', '^[\\u017f-\\u0180]$', f, ['s', 'S', '\u0243']);
  add('I2', '^µ$', f, ['Μ', 'μ']);
  add('I2', '^ı$', f, ['I', 'i']);
  add('I2', '^i$', f, ['ı', 'İ', 'I']);
}
add('I3', '^𐐀$', 'i', ['𐐨', '𐐀']);
add('I3', '^𐐀$', 'ui', ['𐐨']);
// Properties not closed under case folding get node-measured closure additions under i.
for (const f of ['u', 'ui', 'v', 'vi']) {
  for (const X of ['Lu', 'Ll', 'Lt', 'L', 'Lowercase', 'Uppercase', 'CWU', 'Soft_Dotted', 'Math', 'sc=Greek', 'scx=Greek', 'sc=Common', 'sc=Inherited', 'Mn'])
    for (const neg of ['p', 'P'])
      add('I4', '^\\' + neg + '{' + X + '}$', f, ['a', 'A', 'ǅ', 'ǆ', '\u0345', 'Ι', 'ι', 'µ', 'Μ', 'i', '\u0130', 'ϑ', '1', '\u212a', 'k']);
  add('I4', '^[\\p{L}\\p{N}]+$', f, ['Pässwörd1', 'a b', 'ͅ']);
  add('I4', '^[^\\p{Lu}]$', f, ['a', 'A', '1']);
  add('I4', '^[^\\P{Ll}]$', f, ['a', 'A', '1']);
}
add('I4', '^\\p{ASCII}$', 'ui', ['\u017f', '\u212a', 'a', 'é']);
add('I4', '^\\p{Nd}$', 'ui', ['5', 'a']);
add('I4', '^\\p{sc=Latin}$', 'ui', ['a', '\u212a']);

add('P1', '^\\p{Letter}cole$', 'u', ['école', '1cole']);
add('P1', '^\\p{digit}+$', 'u', ['123', '\u0663', 'a']);
add('P1', '^\\p{Assigned}$', 'u', ['a', '\u0378']);
add('P1', '^\\P{Assigned}$', 'u', ['a', '\u0378']);
add('P1', '^\\p{Any}$', 'u', ['😀', '\n']);
add('P1', '^\\p{ASCII}+$', 'u', ['abc', 'é']);
add('P1', '^\\p{gc=Lu}$', 'u', ['A', 'a']);
add('P1', '^\\p{General_Category=Decimal_Number}$', 'u', ['1', 'a']);
add('P1', '^\\p{sc=Grek}$', 'u', ['α', 'a']);
add('P1', '^\\p{Script_Extensions=Latin}$', 'u', ['a', 'α']);
add('P1', '^\\p{Alphabetic}$', 'u', ['a', '1']);
add('P1', '^\\p{White_Space}$', 'u', [' ', '\u0085', 'a']);
add('P1', '^[\\p{L}\\d]+$', 'u', ['ab12', 'a-']);
add('P1', '^[^\\p{L}\\d]+$', 'u', ['-+', 'a']);
add('P1', '^[\\P{L}]$', 'u', ['1', 'a']);
add('P1', '\\p{Greek}', 'u', ['α']);
add('P1', '\\p{lu}', 'u', ['A']);
add('P1', '\\p{L&}', 'u', ['A']);
add('P1', '\\pL', 'u', ['A']);
add('P1', '\\p{Xan}', 'u', ['A']);
add('P1', '\\p{Bidi_Class=L}', 'u', ['A']);
add('P1', '\\p{Kawi}', 'u', ['a']);
add('P1', '\\p{sc=Kawi}', 'u', ['a']);
add('P1', '\\p{sc=Kawi}', 'u', ['\u{11F00}']);
add('P1', '\\p{CWKCF}', 'u', ['A']);
add('P1', '\\p{Bidi_M}', 'u', ['(']);
add('P1', '\\p{RGI_Emoji}', 'v', ['😀']);
add('P1', '\\p{RGI_Emoji}', 'u', ['😀']);
add('P1', '\\P{RGI_Emoji}', 'v', ['😀']);
add('V1', '^[\\w--\\d]$', 'v', ['1', 'a']);
add('V1', '^[\\p{L}&&\\p{ASCII}]$', 'v', ['é', 'a']);
add('V1', '^[\\q{abc|d}]$', 'v', ['abc', 'd', 'ab']);
add('V1', '^[\\q{abc|d}x]$', 'v', ['abc', 'x']);
add('V1', '^[[a-z]--[aeiou]]+$', 'v', ['bcd', 'bad']);
add('V1', '^[[a-z]--[aeiou]]+$', 'vi', ['BCD', 'BAD']);
add('V1', '^[\\w--[a-z]]$', 'vi', ['A', '1']);
add('V1', '^[^[a-z]&&[^aeiou]]$', 'v', ['a', 'b', '1']);
add('V1', '^[\\q{}]$', 'v', ['', 'a']);
add('V1', '^[\\q{ab|}]c$', 'v', ['abc', 'c']);
add('V1', '^[a-z-]$', 'v', ['-']);
add('V1', '^[(]$', 'v', ['(']);
add('V1', '^[^-]$', 'v', ['x']);
add('V1', '[a&&&b]', 'v', ['a']);
add('V1', '[a&&b--c]', 'v', ['a']);
add('V1', '[^\\q{ab}]', 'v', ['a']);
add('V1', '^[^\\q{a}]$', 'v', ['a', 'b']);
add('V1', '^[\\q{ab|c}--\\q{ab}]+$', 'v', ['c', 'ab']);
add('V1', '^[\\q{ab|c}&&\\q{ab}]$', 'v', ['c', 'ab']);
add('V1', '^[a!!b]$', 'v', ['a']);
add('V1', '^[\\!]$', 'v', ['!']);
add('V1', '^[[[a]]]$', 'v', ['a']);
add('V1', '^\\P{Lu}$', 'vi', ['A', '1']);
add('V1', '^[\\p{Lu}--\\p{Ll}]$', 'vi', ['A', 'a', '1']);
add('V1', '^[\\p{L}&&\\p{Lu}]$', 'vi', ['A', 'a', '1']);
add('V1', '^[^k]$', 'vi', ['K', '\u212a', 'a']);
add('V1', '^[\\p{sc=Latin}--[a-z]]$', 'v', ['A', 'a']);
add('F1', 'a', 'g', ['a']);
add('F1', 'a', 'y', ['a']);
add('F1', 'a', 'd', ['a']);
add('F1', 'a', 'gg', ['a']);
add('F1', 'a', 'uv', ['a']);
add('F1', 'a', 'x', ['a']);
add('F1', '(?i:a)', '', ['A']);
add('F1', '(?i)a', '', ['A']);
for (const p of ['(?>a)', '(?#x)', '(?|a)', '(?P<n>a)', "(?'n'a)", '(?R)', '(?1)(a)', '(*UTF)a', '(*FAIL)', '(*LIMIT_MATCH=1)a', 'a(?C1)'])
  add('S1', p, '', ['a']);
for (const p of ['\\Qa\\E', '\\A', '\\z', '\\Z', '\\G', '\\K', '\\R', '\\X', '\\h', '\\N', '\\o{1}', '\\e', '\\a', '\\E', '\\U', '\\-', '\\c1', '\\01', '[\\1]', '\\x{41}', '\\x4', '[[:alpha:]]', '\\8', '\\1'])
  add('S2', p, 'u', ['a']);
// Refusals wait for the whole pattern: a later SyntaxError wins.
add('D1', '(?<=a+)(', 'u', ['a']);
add('D1', '\\p{Lu}(', 'ui', ['a']);
add('D1', '(a)+\\1)', 'u', ['a']);
add('D1', '^[^\\p{RGI_Emoji}]$', 'v', ['a']);
add('D1', '^[^\\p{RGI_Emoji}]$', 'vi', ['a']);
// u complements \P{ASCII} before case closure, v after.
add('I4', '^\\P{ASCII}$', 'ui', ['k', 'K', '\u212a', 's', 'S', '\u017f', 'a', 'é']);
add('I4', '^\\P{ASCII}$', 'vi', ['k', 'K', '\u212a', 's', 'S', '\u017f', 'a', 'é']);
add('I4', '^[^\\x00-\\x7f]$', 'ui', ['k', '\u212a']);
// Quantified back-references to unset groups (PCRE2 10.42's JIT answers them wrongly).
for (const f of ['', 'u', 'ui', 'i']) {
  const refusal = undefined; // the portable matcher answers them under every flag
  add('B1', '(b)|x\\1+y', f, ['xy', 'xby'], refusal);
  add('B1', '(b)|x\\1{2}y', f, ['xy'], refusal);
  add('B1', '(b)|x\\1+?y', f, ['xy'], refusal);
  add('B1', '(?<n>b)|x\\k<n>+y', f, ['xy'], refusal);
}
add('B1', '^\\1+(a)$', '', ['a']);
add('B1', '^(?:(a)|b)\\1+$', 'u', ['b', 'aaa']);
// Without u: BMP subjects take the 8-bit program, astral subjects the 16-bit one.
add('A1', '^[^a]{2}$', '', ['😀', 'bc', 'b']);
add('A1', '\\uD83D', '', ['x😀', 'x']);
add('A1', '^\\uD83D\\uDE00$', '', ['😀']);
add('A1', '^[\\uD800-\\uDFFF]+$', '', ['😀', 'a']);
add('A1', '^.{3}$', 's', ['a😀', 'abc']);
add('A1', '^\\S+$', '', ['😀é', ' ']);
add('A1', '\\b😀', '', ['a😀', '😀']);
// Catastrophic backtracking: node needs seconds to minutes, so the verdict (false) is stated, and
// the engine may also answer `limit`.
add('R1', '^(a+)+$', '', ['a'.repeat(28) + '!'], 'noMatchOrLimit');
add('R1', '^(a+)+$', '', ['a'.repeat(10)]);
add('R1', '^(a|aa)+$', 'u', ['a'.repeat(40) + '!'], 'noMatchOrLimit');
add('R1', '(x+x+)+y', '', ['x'.repeat(30)], 'noMatchOrLimit');
add('R1', '^(\\w+\\s?)*$', '', ['An input string that takes a long time or even makes this regex to hang!'], 'noMatchOrLimit');

const asciiJSON = v => JSON.stringify(v).replace(/[\u007f-\uffff]/g, ch => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'));
const segments = s => { const out = []; const chars = [...s]; let i = 0, pending = '';
  while (i < chars.length) { let j = i; while (j < chars.length && chars[j] === chars[i]) j++;
    if (j - i > 40) { if (pending) out.push([pending, 1]); pending = ''; out.push([chars[i], j - i]); } else pending += chars.slice(i, j).join('');
    i = j; }
  if (pending || !out.length) out.push([pending, 1]);
  return out; };
const rows = [];
for (const k of C) {
  for (const input of k.inputs) {
    let v;
    if (k.override === 'noMatchOrLimit') v = 'noMatchOrLimit';
    else {
      try { v = new RegExp(k.pattern, k.flags).test(input) ? 'match' : 'noMatch'; } catch (e) { v = 'syntax'; }
      if (k.override && v !== 'syntax') v = k.override;
    }
    rows.push(asciiJSON([k.id, k.pattern, k.flags, segments(input), v]));
  }
}
const out = `// GENERATED from node v24 (V8 13.6) by Tools/regex-tables/catalogue-cases.js
// neighbourhood (Tests/ECMARegexTests, not needed to run the tests). Each row is a JSON array:
// [catalogue id, pattern, flags, input as [text, repeat count] segments, expected verdict]. The verdict is what
// \`new RegExp(pattern, flags).test(input)\` gives, except rows the engine refuses on purpose (catalogue R
// items), which expect "unsupported", and catastrophic-backtracking rows, which accept "noMatch" or "limit".
// The rows are kept in one string literal so the compiler does not type-check thousands of expressions.

enum CatalogueData {
    static let rows = #"""
${rows.join('\n')}
"""#
}
`;
require('fs').writeFileSync(process.argv[2], out);
console.error(rows.length, 'rows');
