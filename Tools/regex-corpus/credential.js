'use strict';
// Realistic credential-policy regexes (password rules, PINs, OTPs, e-mail, phone, user names) and
// tricky values: line terminators, every \s code point and near-misses, case-fold partners, astral
// characters and emoji, non-ASCII digits, lengths on either side of a limit in code units and code points.

const P = require('./pools');
const r = String.raw;

// [tag, pattern, dialects]
const POLICIES = [
  ['pw-classic', r`^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$`, ['', 'u', 'v']],
  ['pw-symbols', r`^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[!@#$%^&*()_+\-=\[\]{};':"\\|,.<>\/?]).{12,64}$`, ['', 'u']],
  ['pw-no-space', r`^\S+$`, ['', 'u', 'v']],
  ['pw-no-space-8', r`^\S{8,}$`, ['', 'u', 'v']],
  ['pw-no-space-class', r`^[^\s]{8,128}$`, ['', 'u', 'v']],
  ['pw-no-space-lookahead', r`^(?!.*\s).{8,}$`, ['', 'u', 'v', 's']],
  ['pw-ascii-set', r`^[A-Za-z0-9!@#$%^&*]{8,20}$`, ['', 'u', 'v', 'i']],
  ['pw-printable', r`^[\x20-\x7E]+$`, ['', 'u', 'v']],
  ['pw-two-each', r`^(?=(?:.*\d){2})(?=(?:.*[A-Z]){2}).{10,}$`, ['', 'u']],
  ['pw-either', r`^(?:(?=.*[a-z])(?=.*[A-Z])|(?=.*\d)(?=.*\W)).{8,}$`, ['', 'u']],
  ['pw-no-blocklist', r`^(?!.*(?:password|qwerty|123456)).*$`, ['i', 'ui', 'vi']],
  ['pw-no-triple', r`^(?!.*(.)\1\1).+$`, ['', 'u', 'i', 'ui']],
  ['pw-unicode-classes', r`^(?=.*\p{Lu})(?=.*\p{Ll})(?=.*\p{Nd}).{8,}$`, ['u', 'v']],
  ['pw-no-controls', r`^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$`, ['u', 'v']],
  ['pw-letters-digits', r`^[\p{L}\p{N}]+$`, ['u', 'v', 'ui']],
  ['pw-any-8-64', r`^.{8,64}$`, ['', 'u', 'v', 's', 'us']],
  ['pw-any-class', r`^[\s\S]{8,}$`, ['', 'u']],
  ['pw-no-edge-space', r`^(?!\s)(?!.*\s$).+$`, ['', 'u', 'v', 's']],
  ['pw-no-angle', r`^[^<>]*$`, ['', 'u', 'v']],
  ['pw-multiline', r`^(?=.{8,}$)(?=.*[a-z]).*$`, ['m', 'um', '']],
  ['rule-upper', r`[A-Z]`, ['', 'u', 'i']],
  ['rule-lower', r`[a-z]`, ['', 'u', 'ui']],
  ['rule-digit', r`\d`, ['', 'u']],
  ['rule-symbol', r`[^A-Za-z0-9]`, ['', 'u', 'v']],
  ['rule-symbol-w', r`[\W_]`, ['', 'u', 'ui']],
  ['rule-length', r`.{8,}`, ['', 'u', 'v']],
  ['rule-trailing-space', r`\s$`, ['', 'u', 'm']],
  ['rule-leading-space', r`^\s`, ['', 'u', 'm']],
  ['rule-emoji', r`\p{Extended_Pictographic}`, ['u', 'v']],
  ['rule-word-boundary', r`\bpass\b`, ['', 'i', 'ui']],
  ['pin-4-6', r`^\d{4,6}$`, ['', 'u', 'v']],
  ['pin-6', r`^\d{6}$`, ['', 'u']],
  ['pin-4-class', r`^[0-9]{4}$`, ['', 'u']],
  ['pin-no-repeat', r`^(?!(\d)\1+$)\d{4,6}$`, ['', 'u']],
  ['pin-no-sequence', r`^(?!0123|1234|2345|3456|4567|5678|6789)\d{4}$`, ['', 'u']],
  ['otp-6', r`^\d{6}$`, ['m']],
  ['email-common', r`^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`, ['', 'u', 'i']],
  ['email-loose', r`^[^\s@]+@[^\s@]+\.[^\s@]+$`, ['', 'u', 'v']],
  ['email-html', r`^[a-zA-Z0-9.!#$%&'*+\/=?^_` + '`' + r`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$`, ['', 'u']],
  ['phone-e164', r`^\+?[1-9]\d{1,14}$`, ['', 'u', 'v']],
  ['phone-nanp', r`^\(?\d{3}\)?[-.\s]?\d{3}[-.\s]?\d{4}$`, ['', 'u']],
  ['phone-plus', r`^\+[1-9]\d{6,14}$`, ['', 'u']],
  ['username', r`^[a-z0-9_-]{3,16}$`, ['', 'u', 'i']],
  ['username-unicode', r`^[\p{L}\p{N}_.-]{3,30}$`, ['u']],
  ['username-v', r`^[\p{L}\p{N}_.\-]{3,30}$`, ['v', 'vi']],
  ['username-word', r`^\w+$`, ['', 'u', 'ui']],
  ['name-letters', r`^\p{L}+(?:[ '-]\p{L}+)*$`, ['u', 'ui']],
  ['ssn', r`^[0-9]{3}-[0-9]{2}-[0-9]{4}$`, ['', 'u']],
  ['emoji-range', r`^.*[😀-🙏].*$`, ['u', 'v']],
  ['emoji-nu-class', r`[😀-🙏]`, ['']],
  ['astral-dot', r`^.{1,4}$`, ['', 'u']],
  ['case-kelvin', r`^[a-z]+$`, ['i', 'ui']],
  ['case-long-s', r`^pass$`, ['i', 'ui']],
  ['case-sharp-s', r`stra(?:ß|ss)e`, ['i', 'ui']],
];

const BASES = [
  'Passw0rd!', 'P@ssw0rd', 'Abcdefg1', 'short1A!', 'correcthorsebatterystaple', 'Tr0ub4dor&3', 'aaaaaaA1!', 'Aa1!Aa1!',
  '12345678', '1234', '123456', '1111', '0000', '9876', '0123', '12345', '1234567', '000000',
  'user@example.com', 'first.last+tag@sub.example.org', 'a@b.c', 'x@evil.org', 'no-at-sign.example.com', 'a@b',
  '+14155552671', '(415) 555-2671', '415.555.2671', '415-555-2671', '+1', '0044123',
  'john_doe', 'J\u00f6rg', 'Zo\u00eb-Jane O\'Neil', '\u00c9lodie', 'ab', 'admin', 'root-user-name-too-long',
  'pass', 'PASS', 'Pass word', 'password123', 'myQWERTYpass', 'strasse', 'STRASSE', '123-45-6789',
  '', ' ', 'aaa', 'aaaaaaaa', 'AAAAAAAAAA11', 'AB12cdef!?', '<script>', 'Secr3t#2024',
];

// Deterministic variants of a base value.
function variants(base, rand) {
  const out = [base];
  const insertAt = (s, i, c) => s.slice(0, i) + c + s.slice(i);
  const mid = Math.floor(base.length / 2);
  for (const t of [...P.LINE_TERMINATORS, '\r\n', '\u0085']) {
    out.push(base + t, t + base, insertAt(base, mid, t));
  }
  out.push(base + rand.pick(P.WHITE_SPACE), rand.pick(P.WHITE_SPACE) + base, insertAt(base, mid, rand.pick(P.WHITE_SPACE)));
  out.push(base + rand.pick(P.NEAR_WHITE_SPACE), insertAt(base, mid, rand.pick(P.NEAR_WHITE_SPACE)));
  out.push(base + rand.pick(P.ASTRAL), insertAt(base, mid, rand.pick(P.ASTRAL)));
  out.push(base.replace(/[0-9]/, rand.pick(P.OTHER_DIGITS)));
  out.push(base.replace(/s/, '\u017f').replace(/k/, '\u212a'), base.replace(/ss/, '\u00df'), base.toUpperCase(), base.toLowerCase());
  out.push(base.replace(/ /g, '\u00a0'), base.replace(/a/, '\u0430' /* Cyrillic a */), base + '\u0301');
  out.push(base + base, base.slice(0, Math.max(0, base.length - 1)));
  return out;
}

function values(rand) {
  const set = new Set();
  for (const b of BASES) for (const v of variants(b, rand)) set.add(v);
  // Every \s code point and near-miss inside a typical password and as a lone character.
  for (const c of [...P.WHITE_SPACE, ...P.NEAR_WHITE_SPACE]) { set.add(`Passw0rd${c}!`); set.add(c); }
  // Case-fold partners inside and as a whole.
  for (const c of P.CASE_FOLD) { set.add(`Pa${c}w0rd!1`); set.add(c); }
  // Lengths around 8 in code points vs UTF-16 units: emoji count as two units without u.
  for (let n = 3; n <= 9; n++) { set.add('\u{1f600}'.repeat(n)); set.add('Ab1!' + '\u{1f600}'.repeat(n - 3)); }
  for (const a of P.ASTRAL) { set.add(a); set.add(`Abc1!${a}xy`); }
  for (const d of P.OTHER_DIGITS) { set.add(d.repeat(4)); set.add(d.repeat(6)); }
  return [...set];
}

module.exports = { POLICIES, values };
