'use strict';
// The Unicode slice of the differential corpus (category "unicode"): the data that changed between
// Unicode 14 (PCRE2 10.42) and the oracle's Unicode 17, in every dialect it applies to.
//
// The code point lists below are facts, computed once (Tools/regex-tables, see its README):
// - CHANGED: for every property whose set differs between Perl's Unicode 14 tables (Unicode::UCD
//   prop_invlist) and node's Unicode 17 on a code point already assigned in Unicode 14, up to six such
//   code points spread over the differences ("kind:name" as in UnicodeProperty);
// - NEW_CODE_POINTS: 64 code points spread over the 15,104 assigned after Unicode 14;
// - CASE_CHANGED: every code point whose caseless class in PCRE2 10.42 differs from ECMAScript's, with or
//   without u (Tools/regex-tables/pcre2-case-probe.py);
// - EMOJI: 40 RGI emoji strings that contain a code point newer than Unicode 14, and 40 spread over all
//   3,953 (code points joined by "_").
// The verdicts are node's, computed by generate.js like every other case.

const CHANGED = {
  "binary:Alphabetic": "363 369 36F 1DD6 1DDC 1DE2",
  "binary:Bidi_Mirrored": "226D",
  "binary:Case_Ignorable": "1171E",
  "binary:Cased": "295 10FC A7F2 A7F3 A7F4 AB69",
  "binary:Changes_When_Casemapped": "19B 264 A7D3 A7D5",
  "binary:Changes_When_Titlecased": "19B 264 A7D3 A7D5",
  "binary:Changes_When_Uppercased": "19B 264 A7D3 A7D5",
  "binary:Diacritic": "5A2 1BF3 1DA3 1DAC 1DB4 1DBD",
  "binary:Extended_Pictographic": "2388 26B3 1F032 1F0AA 1F572 1F6E7",
  "binary:Extender": "A71 AFB 11237",
  "binary:Grapheme_Base": "CC0 CCB 1B3D 1BF3 11235 1193D",
  "binary:Grapheme_Extend": "CC0 CCB 1B3D 1BF3 11235 1193D",
  "binary:ID_Continue": "200C 200D 30FB FF65",
  "binary:Lowercase": "295 10FC A7F2 A7F3 A7F4 AB69",
  "binary:Sentence_Terminal": "17D4 17D5 2CF9 2CFA FE12 FE15",
  "binary:Terminal_Punctuation": "836 2024 2CF9 2CFB FE12 FE15",
  "binary:XID_Continue": "200C 200D 30FB FF65",
  "generalCategory:LC": "295",
  "generalCategory:Ll": "295",
  "generalCategory:Lo": "295",
  "generalCategory:Mc": "1171E",
  "generalCategory:Mn": "1171E",
  "scriptExtensions:Adlam": "204F 2E41",
  "scriptExtensions:Arabic": "204F 2E41",
  "scriptExtensions:Armenian": "308",
  "scriptExtensions:Avestan": "B7 2E30 2E31",
  "scriptExtensions:Bengali": "2BC",
  "scriptExtensions:Bopomofo": "2C7 2C9 2CA 2CB 2D9",
  "scriptExtensions:Carian": "B7 205A 205D 2E31",
  "scriptExtensions:Caucasian_Albanian": "304 331 35E",
  "scriptExtensions:Cherokee": "300 301 304 30C 323 330",
  "scriptExtensions:Common": "B7 2CB 16EC 2E17 2FF1 2FF6",
  "scriptExtensions:Coptic": "B7 300 304 307 374 375",
  "scriptExtensions:Cyrillic": "2BC 300 302 304 308 30B",
  "scriptExtensions:Devanagari": "2BC",
  "scriptExtensions:Duployan": "B7 307 308 30A 323 324",
  "scriptExtensions:Elbasan": "B7 305",
  "scriptExtensions:Ethiopic": "30E",
  "scriptExtensions:Georgian": "B7 589 205A 2E31",
  "scriptExtensions:Glagolitic": "B7 303 305 589 10FB 205A",
  "scriptExtensions:Gothic": "B7 304 305 308 331",
  "scriptExtensions:Greek": "B7 300 304 306 313 374",
  "scriptExtensions:Gunjala_Gondi": "B7",
  "scriptExtensions:Han": "B7 2FF1 2FF3 2FF5 2FF7 2FF9",
  "scriptExtensions:Hebrew": "307 308",
  "scriptExtensions:Inherited": "300 304 309 30D 323 32E",
  "scriptExtensions:Kaithi": "2E31",
  "scriptExtensions:Kannada": "1CD3",
  "scriptExtensions:Katakana": "305 323",
  "scriptExtensions:Latin": "B7 2CD 303 30A 311 32E",
  "scriptExtensions:Lisu": "2BC 2CD 300A 300B",
  "scriptExtensions:Lycian": "205A",
  "scriptExtensions:Lydian": "B7 2E31",
  "scriptExtensions:Mahajani": "B7",
  "scriptExtensions:Malayalam": "1CF2",
  "scriptExtensions:Meroitic_Hieroglyphs": "205D",
  "scriptExtensions:Mongolian": "3001 3002 3008 3009 300A 300B",
  "scriptExtensions:Nandinagari": "951",
  "scriptExtensions:Newa": "951 952 1CD7 1CD8 1CE9 1CEB",
  "scriptExtensions:Old_Hungarian": "205A 205D 2E31 2E41",
  "scriptExtensions:Old_Permic": "B7 300 306 307 308 313",
  "scriptExtensions:Old_Turkic": "205A 2E30",
  "scriptExtensions:Osage": "301 304 30B 358",
  "scriptExtensions:Phags_Pa": "202F 3002",
  "scriptExtensions:Runic": "16EB 16EC 16ED",
  "scriptExtensions:Samaritan": "2E31",
  "scriptExtensions:Sharada": "1CEA 1CED A831 A832 A834 A835",
  "scriptExtensions:Shavian": "B7",
  "scriptExtensions:Sinhala": "1CF2",
  "scriptExtensions:Syriac": "303 307 30A 324 32D 330",
  "scriptExtensions:Tai_Le": "300 301 307 308 30C",
  "scriptExtensions:Tangut": "2FF0 2FF2 2FF4 2FF6 2FF8 2FFA",
  "scriptExtensions:Telugu": "1CD5 1CD6 1CD8",
  "scriptExtensions:Thai": "2BC 2D7 303 331",
  "scriptExtensions:Tibetan": "3008 3009 300A 300B",
  "scriptExtensions:Tifinagh": "302 304 306 307 308 309",
  "scriptExtensions:Tirhuta": "1CD5 1CE2",
  "scriptExtensions:Toto": "2BC",
};
const NEW_CODE_POINTS = "88F 10EC5 11DE9 134D6 135C2 136AE 1379A 13886 13972 13A5E 13B4A 13C36 13D22 13E0E 13EFA 13FE6 140D2 141BE 142AA 14396 16EB3 1CC34 1CD23 1CE0F 1E035 1FA55 2EC80 2ED6C 2EE58 31436 31522 3160E 316FA 317E6 318D2 319BE 31AAA 31B96 31C82 31D6E 31E5A 31F46 32032 3211E 3220A 322F6 323E2 324CE 325BA 326A6 32792 3287E 3296A 32A56 32B42 32C2E 32D1A 32E06 32EF2 32FDE 330CA 331B6 332A2 3338E";
const CASE_CHANGED = "4B 53 6B 73 C5 DF E5 17F 19B 264 390 398 3A9 3B0 3B8 3C9 3D1 3F4 1C89 1C8A 1E9E 1F80 1F81 1F82 1F83 1F84 1F85 1F86 1F87 1F88 1F89 1F8A 1F8B 1F8C 1F8D 1F8E 1F8F 1F90 1F91 1F92 1F93 1F94 1F95 1F96 1F97 1F98 1F99 1F9A 1F9B 1F9C 1F9D 1F9E 1F9F 1FA0 1FA1 1FA2 1FA3 1FA4 1FA5 1FA6 1FA7 1FA8 1FA9 1FAA 1FAB 1FAC 1FAD 1FAE 1FAF 1FB3 1FBC 1FC3 1FCC 1FD3 1FE3 1FF3 1FFC 2126 212A 212B A7CB A7CC A7CD A7CE A7CF A7D2 A7D3 A7D4 A7D5 A7DA A7DB A7DC FB05 FB06 10D50 10D51 10D52 10D53 10D54 10D55 10D56 10D57 10D58 10D59 10D5A 10D5B 10D5C 10D5D 10D5E 10D5F 10D60 10D61 10D62 10D63 10D64 10D65 10D70 10D71 10D72 10D73 10D74 10D75 10D76 10D77 10D78 10D79 10D7A 10D7B 10D7C 10D7D 10D7E 10D7F 10D80 10D81 10D82 10D83 10D84 10D85 16EA0 16EA1 16EA2 16EA3 16EA4 16EA5 16EA6 16EA7 16EA8 16EA9 16EAA 16EAB 16EAC 16EAD 16EAE 16EAF 16EB0 16EB1 16EB2 16EB3 16EB4 16EB5 16EB6 16EB7 16EB8 16EBB 16EBC 16EBD 16EBE 16EBF 16EC0 16EC1 16EC2 16EC3 16EC4 16EC5 16EC6 16EC7 16EC8 16EC9 16ECA 16ECB 16ECC 16ECD 16ECE 16ECF 16ED0 16ED1 16ED2 16ED3";
const EMOJI = "1F6D8 1FA75 1FA87 1FA89 1FA8F 1FAAF 1FABC 1FABF 1FAC8 1FACF 1FADC 1FAE8 1FAEF 1FAF8 1FAF7_1F3FD 1FAF8_1F3FB 1FAF8_1F3FD 1F468_1F3FB_200D_1FAEF_200D_1F468_1F3FC 1F468_1F3FB_200D_1FAEF_200D_1F468_1F3FE 1F468_1F3FC_200D_1FAEF_200D_1F468_1F3FD 1F468_1F3FD_200D_1FAEF_200D_1F468_1F3FB 1F468_1F3FD_200D_1FAEF_200D_1F468_1F3FE 1F468_1F3FE_200D_1FAEF_200D_1F468_1F3FC 1F468_1F3FE_200D_1FAEF_200D_1F468_1F3FF 1F468_1F3FF_200D_1FAEF_200D_1F468_1F3FD 1F469_1F3FB_200D_1FAEF_200D_1F469_1F3FD 1F469_1F3FB_200D_1FAEF_200D_1F469_1F3FF 1F469_1F3FC_200D_1FAEF_200D_1F469_1F3FE 1F469_1F3FD_200D_1FAEF_200D_1F469_1F3FB 1F469_1F3FD_200D_1FAEF_200D_1F469_1F3FF 1F469_1F3FE_200D_1FAEF_200D_1F469_1F3FD 1F469_1F3FF_200D_1FAEF_200D_1F469_1F3FB 1F469_1F3FF_200D_1FAEF_200D_1F469_1F3FE 1F9D1_1F3FB_200D_1FAEF_200D_1F9D1_1F3FD 1F9D1_1F3FC_200D_1FAEF_200D_1F9D1_1F3FB 1F9D1_1F3FC_200D_1FAEF_200D_1F9D1_1F3FF 1F9D1_1F3FD_200D_1FAEF_200D_1F9D1_1F3FC 1F9D1_1F3FE_200D_1FAEF_200D_1F9D1_1F3FB 1F9D1_1F3FE_200D_1FAEF_200D_1F9D1_1F3FD 1F9D1_1F3FF_200D_1FAEF_200D_1F9D1_1F3FC 231A 1F30C 1F37C 1F402 1F467 1F4CA 1F52E 1F62E 1F6C1 1F948 1F9AB 1FA81 1FAF1 2716_FE0F 1F5E8_FE0F 1F442_1F3FB 1F46D_1F3FF 1F491_1F3FE 1F6C0_1F3FC 1F937_1F3FB 1F9D5_1F3FF 1FAF8_1F3FE 1F1EC_1F1FA 1F1F7_1F1F4 1F468_1F3FB_200D_1F91D_200D_1F468_1F3FD 1F469_200D_1F466 1F469_1F3FD_200D_2764_FE0F_200D_1F48B_200D_1F469_1F3FD 1F9D1_1F3FB_200D_2764_FE0F_200D_1F48B_200D_1F9D1_1F3FF 1F468_200D_1F4BB 1F468_1F3FE_200D_1F9AF 1F469_1F3FD_200D_2696_FE0F 1F9D1_200D_1F9AF_200D_27A1_FE0F 1F9D1_1F3FE_200D_1F9BD 1F3CC_1F3FB_200D_2642_FE0F 1F482_1F3FC_200D_2640_FE0F 1F64D_1F3FD_200D_2640_FE0F 1F935_1F3FE_200D_2642_FE0F 1F9CD_200D_2640_FE0F 1F9D9_1F3FB_200D_2642_FE0F 1F469_1F3FD_200D_1F9B2";

const parse = (text) => text.split(' ').filter((s) => s !== '').map((h) => parseInt(h, 16));
const char = (c) => String.fromCodePoint(c);
const escape = (c) => `\\u{${c.toString(16).toUpperCase()}}`;

const NEW_SCRIPTS = ['Kawi', 'Nag_Mundari', 'Garay', 'Gurung_Khema', 'Kirat_Rai', 'Ol_Onal', 'Sunuwar', 'Todhri',
  'Tulu_Tigalari', 'Beria_Erfe', 'Sidetic', 'Tai_Yo', 'Tolong_Siki'];
const SHORT = { generalCategory: 'gc', script: 'sc', scriptExtensions: 'scx' };

function escapeFor(key) {
  const [kind, name] = key.split(':');
  return kind === 'binary' ? name : `${SHORT[kind]}=${name}`;
}

function groups() {
  const out = [];
  const newCodePoints = parse(NEW_CODE_POINTS).map(char);
  const common = ['a', '\u00e9', newCodePoints[0]];

  // Changed properties of long-assigned code points.
  for (const [key, list] of Object.entries(CHANGED)) {
    const name = escapeFor(key);
    const inputs = [...parse(list).map(char), ...common];
    out.push({ row: 'U-changed', flags: ['u', 'vi'], patterns: [`^\\p{${name}}$`, `^\\P{${name}}$`], inputs });
    out.push({ row: 'U-changed', flags: ['v', 'ui'], patterns: [`^[^\\p{${name}}]$`], inputs });
  }

  // Code points assigned after Unicode 14, against the common properties and the new scripts.
  const properties = ['L', 'Lo', 'Lu', 'Ll', 'Lm', 'Mn', 'Mc', 'Nd', 'No', 'Po', 'So', 'Sm', 'Cn', 'Assigned', 'Any',
    'Alphabetic', 'ID_Start', 'ID_Continue', 'Emoji', 'Extended_Pictographic', 'Uppercase', 'Lowercase', 'Diacritic',
    'Grapheme_Base', 'Grapheme_Extend', 'Math', 'Dash', 'White_Space', 'Cased', 'Case_Ignorable'];
  const scripts = NEW_SCRIPTS.flatMap((s) => [`sc=${s}`, `scx=${s}`]);
  out.push({
    row: 'U-new', flags: ['u', 'v'],
    patterns: [...properties, ...scripts].map((p) => `^\\p{${p}}$`).concat(['^\\P{Cn}$', '^[\\p{L}\\p{N}]+$', '^.$']),
    inputs: [...newCodePoints.filter((_, i) => i % 2 === 0), 'a'],
  });
  out.push({
    row: 'U-new', flags: ['u', 'v', 'ui', 'vi'],
    patterns: ['^\\p{L}+$', '^\\P{L}$', '^[^\\p{Cn}]$', '^\\w$', '^\\W$', '^[\\p{Lu}\\p{Ll}]$'],
    inputs: [...newCodePoints, 'a'],
  });

  // Case: literals, classes and complements on the code points PCRE2 folds differently, in every dialect.
  const cased = parse(CASE_CHANGED);
  const partners = (c) => {
    const out = new Set([c]);
    for (const d of cased) {
      if (new RegExp(`^${escape(c)}$`, 'iu').test(char(d)) || new RegExp(`^${escape(d)}$`, 'iu').test(char(c))) out.add(d);
      if (c <= 0xffff && d <= 0xffff) {
        const re = new RegExp(`^\\u${c.toString(16).padStart(4, '0')}$`, 'i');
        if (re.test(char(d))) out.add(d);
      }
    }
    for (const image of [char(c).toLowerCase(), char(c).toUpperCase()]) {
      if ([...image].length === 1) out.add(image.codePointAt(0));
    }
    return [...out].sort((a, b) => a - b);
  };
  for (const c of cased) {
    const e = escape(c);
    const inputs = [...partners(c).map(char), 'a'];
    out.push({ row: 'U-case', flags: ['ui', 'vi'], patterns: [`^${e}$`, `^[${e}]$`, `^[^${e}]$`, `^${e}+$`], inputs });
    if (c <= 0xffff) {
      const u = `\\u${c.toString(16).padStart(4, '0')}`;
      out.push({ row: 'U-case', flags: ['i', ''], patterns: [`^${u}$`, `^[${u}]$`, `^[^${u}]$`], inputs });
    }
  }
  const casedInputs = [...cased.map(char), 'a', 'A', 'k', '\u212a'];
  out.push({
    row: 'U-case', flags: ['ui', 'vi', 'u', 'v'],
    patterns: ['^\\p{Lu}$', '^\\p{Ll}$', '^\\P{Lu}$', '^\\P{Ll}$', '^\\p{Lowercase}$', '^\\P{Uppercase}$', '^\\p{Cased}$',
      '^\\p{CWCF}$', '^\\p{CWU}$', '^\\p{sc=Garay}$', '^\\p{sc=Beria_Erfe}$', '^[\\p{Lu}\\p{Ll}]$', '^[^\\p{Ll}]$'],
    inputs: casedInputs,
  });
  out.push({
    row: 'U-case', flags: ['vi', 'v'],
    patterns: ['^[\\p{Lu}--\\p{ASCII}]$', '^[\\p{L}&&\\p{Ll}]$', '^[[a-z\\u0264]--[k]]$'],
    inputs: casedInputs,
  });
  // v-mode set operations under i: where V8 closes operands before combining them.
  out.push({
    row: 'U-sets', flags: ['vi', 'v'],
    patterns: ['^[\\p{Lu}--\\p{ASCII}]$', '^[[a-zK]--[k]]$', '^[\\w--k]$', '^[[\\u212a]--k]$', '^[\\p{Uppercase}--\\p{Lowercase}]$',
      '^[\\p{Lu}&&[k]]$', '^[\\q{K}--\\q{k}]$', '^[^[K]--[k]]$', '^[[^k]--[K]]$', '^[\\p{Lu}--[A-Z]]$', '^[\\p{Ll}&&\\p{ASCII}]$',
      '^[\\P{Ll}--\\p{Lu}]$', '^[\\P{Lowercase}--\\p{Lu}]$', '^[\\p{L}--\\p{Ll}--\\p{Lu}]$', '^[\\d\\w--\\p{Lu}]$'],
    inputs: ['k', 'K', '\u212a', 's', 'S', '\u017f', 'a', 'A', '\u0264', '\ua7cb', '1'],
  });
  // Back-references compare with Canonicalize too.
  out.push({
    row: 'U-case', flags: ['ui', 'vi', 'u'],
    patterns: ['^(.)\\1$', '^(\\p{L})\\1$', '^([a-z])\\1$'],
    inputs: ['\u0390\u1fd3', '\u1fd3\u0390', '\u0264\ua7cb', '\u{10D50}\u{10D70}', 'aA', 'kK', 'k\u212a', 'ab'],
  });

  // Properties of strings (v): the RGI emoji sets, longest first.
  const emoji = EMOJI.split(' ').map((s) => s.split('_').map((h) => char(parseInt(h, 16))).join(''));
  const truncated = emoji.filter((s) => [...s].length > 1).slice(0, 20).map((s) => [...s].slice(0, -1).join(''));
  out.push({
    row: 'U-strings', flags: ['v', 'vi'],
    patterns: ['^\\p{RGI_Emoji}$', '^\\p{RGI_Emoji}+$', '^\\p{Basic_Emoji}$', '^\\p{Emoji_Keycap_Sequence}$',
      '^\\p{RGI_Emoji_Modifier_Sequence}$', '^\\p{RGI_Emoji_Flag_Sequence}$', '^\\p{RGI_Emoji_Tag_Sequence}$',
      '^\\p{RGI_Emoji_ZWJ_Sequence}$', '^[\\p{RGI_Emoji}--\\p{Basic_Emoji}]$', '^[\\p{RGI_Emoji}&&\\p{RGI_Emoji_Flag_Sequence}]$',
      '^[\\p{RGI_Emoji}\\q{abc}]+$', '^\\p{RGI_Emoji}', '^(?:\\p{RGI_Emoji}|x)$'],
    inputs: [...emoji, ...truncated, 'a', 'abc', '#'],
  });
  return out;
}

module.exports = { groups };
