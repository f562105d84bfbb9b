// Probes node (V8) for the ECMAScript property names it accepts, over candidates from Perl's
// Unicode 14 UCD (gc and sc values with aliases) plus the ECMA-262 binary-property table and
// post-Unicode-14 script names. Prints Swift source.
const fs = require('fs');
const ok = (p, f) => { try { new RegExp(p, f); return true; } catch { return false; } };
const lines = fs.readFileSync('cand.tsv', 'utf8').trim().split('\n').map(l => l.split('\t'));
const gc = [], sc = [];
for (const [kind, ...names] of lines) {
  const canon = names[0];
  const cands = new Set(); for (const n of names) { cands.add(n); cands.add(n.toLowerCase()); }
  for (const n of cands) {
    if (kind === 'gc' && ok(`\\p{gc=${n}}`, 'u')) gc.push([n, canon]);
    if (kind === 'sc' && ok(`\\p{sc=${n}}`, 'u')) sc.push([n, names[1] || names[0]]);
  }
}
// Unicode-14 script canonical names as PCRE2 knows them (long names).
const binary = `ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C Bidi_Mirrored Bidi_M
Case_Ignorable CI Cased Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM Changes_When_Lowercased CWL
Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT Changes_When_Uppercased CWU Dash
Default_Ignorable_Code_Point DI Deprecated Dep Diacritic Dia Emoji Emoji_Component EComp Emoji_Modifier EMod
Emoji_Modifier_Base EBase Emoji_Presentation EPres Extended_Pictographic ExtPict Extender Ext Grapheme_Base Gr_Base
Grapheme_Extend Gr_Ext Hex_Digit Hex IDS_Binary_Operator IDSB IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS
Ideographic Ideo Join_Control Join_C Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar
Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI
Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo Uppercase Upper
Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS IDS_Unary_Operator IDSU ID_Compat_Math_Start
ID_Compat_Math_Continue InCB Modifier_Combining_Mark MCM`.split(/\s+/);
const bin = binary.filter(n => ok(`\\p{${n}}`, 'u'));
const strings = `Basic_Emoji Emoji_Keycap_Sequence RGI_Emoji_Modifier_Sequence RGI_Emoji_Flag_Sequence
RGI_Emoji_Tag_Sequence RGI_Emoji_ZWJ_Sequence RGI_Emoji`.split(/\s+/).filter(n => ok(`\\p{${n}}`, 'v'));
const newer = `Kawi Nag_Mundari Nagm Garay Gara Gurung_Khema Gukh Kirat_Rai Krai Ol_Onal Onao Sunuwar Sunu Todhri Todr
Tulu_Tigalari Tutg Beria_Erfe Berf Chisoi Chis Sidetic Sidt Tai_Yo Tayo Tolong_Siki Tols`.split(/\s+/)
  .filter(n => ok(`\\p{sc=${n}}`, 'u'));
console.log(JSON.stringify({gc, sc, bin, strings, newer}));
