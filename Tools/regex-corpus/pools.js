'use strict';
// Character pools shared by the corpus generators. Every character here is assigned in Unicode 14
// (PCRE2 10.42's data) and has the same case folding and properties in Unicode 14 and in node's
// Unicode; characters whose data changed after Unicode 14 live only in SKEW and are tagged.

const LINE_TERMINATORS = ['\n', '\r', '\u2028', '\u2029'];

// The 25 code points ECMAScript's \s matches (WhiteSpace + LineTerminator).
const WHITE_SPACE = [
  '\t', '\n', '\u000b', '\f', '\r', ' ', '\u00a0', '\u1680',
  '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a',
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff',
];

// Characters that other engines or other definitions treat as space, but ECMAScript does not.
const NEAR_WHITE_SPACE = [
  '\u0085', '\u180e', '\u200b', '\u200c', '\u200d', '\u2060', '\u0000', '\u0001', '\u0008',
  '\u001c', '\u001d', '\u001e', '\u001f', '\u2013', '\u00ad', '\u3164', '\u115f', '\u2800',
];

// Case-fold partners that differ between engines: long s, Kelvin, sharp s, Greek sigma/theta/omega,
// Angstrom, dotted/dotless i, titlecase digraphs, Deseret (astral), micro sign, iota subscript, Cherokee.
const CASE_FOLD = [
  's', 'S', '\u017f', 'k', 'K', '\u212a', '\u00df', '\u1e9e', '\u00e9', '\u00c9',
  '\u03c3', '\u03a3', '\u03c2', '\u03b8', '\u0398', '\u03d1', '\u03f4', '\u03c9', '\u03a9', '\u2126',
  '\u00e5', '\u00c5', '\u212b', 'i', 'I', '\u0130', '\u0131', '\u01c5', '\u01c4', '\u01c6',
  '\u{10400}', '\u{10428}', '\u00b5', '\u03bc', '\u039c', '\u00ff', '\u0178', '\ufb00', '\u01f0',
  '\u03b9', '\u0345', '\u1fbe', '\u1fb3', '\u1fbc', '\u1f80', '\u1f88', '\uab70', '\u13a0', '\u0149',
];

// Case pairs whose folding changed after Unicode 14 (PCRE2 10.42 cannot know them).
const SKEW = ['\u0390', '\u1fd3', '\u03b0', '\u1fe3', '\ufb05', '\ufb06', '\u0264', '\ua7cb', '\u019b', '\ua7dc', '\u{1e4d0}'];
// Characters assigned after Unicode 14 (in SKEW): PCRE2 10.42 sees them as unassigned.
const NEWER_THAN_14 = new Set(['\ua7cb', '\ua7dc', '\u{1e4d0}']);
// Pairs that became simple case-folding partners in Unicode 15.1: a difference only under u/v + i.
const FOLDING_ADDED_15_1 = new Set(['\u0390', '\u1fd3', '\u03b0', '\u1fe3', '\ufb05', '\ufb06']);

const ASTRAL = [
  '\u{1f600}', '\u{1f601}', '\u{1f432}', '\u{10400}', '\u{10428}', '\u{1d7ce}', '\u{1d49c}', '\u{20000}',
  '\u{1f1eb}\u{1f1f7}', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', '\u2714\ufe0f', '#\ufe0f\u20e3', '\u{1f44d}\u{1f3fd}',
];

// Digits that are Nd but not ASCII: Arabic-Indic 3, Bengali 4, fullwidth 1, mathematical bold 0 (astral), NKo 0.
const OTHER_DIGITS = ['\u0663', '\u09ea', '\uff11', '\u{1d7ce}', '\u07c0', '\u0e51'];

const LETTERS = ['a', 'z', 'A', 'Z', '\u00e9', '\u00c9', '\u03b1', '\u0416', '\u4e2d', '\u05d0', '\u0627', '\u00f1', '\u01c5', '\u02b0'];
const PUNCTUATION = ['!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '-', '_', '+', '=', '[', ']', '{', '}', ';', ':', "'", '"', '\\', '|', ',', '.', '<', '>', '/', '?', '`', '~'];

const SKEW_SET = new Set(SKEW);

module.exports = {
  LINE_TERMINATORS, WHITE_SPACE, NEAR_WHITE_SPACE, CASE_FOLD, SKEW, SKEW_SET, NEWER_THAN_14, FOLDING_ADDED_15_1, ASTRAL, OTHER_DIGITS, LETTERS, PUNCTUATION,
};
