'use strict';
// Finds the regular expression literal of a parse-negative test: the first `/…/flags` token after
// the front matter and the `$DONOTEVALUATE();` call, skipping comments and white space. Follows the
// RegularExpressionLiteral lexical grammar: `\` escapes the next character, `/` inside `[…]` does
// not end the body, a line terminator ends the token with an error.

const lineTerminators = new Set(['\n', '\r', '\u2028', '\u2029']);

function scanLiteral(source) {
  let i = source.indexOf('---*/');
  if (i < 0) return { error: 'no front matter' };
  i += 5;
  const skipTrivia = () => {
    for (;;) {
      while (i < source.length && /\s/.test(source[i])) i++;
      if (source.startsWith('//', i)) { while (i < source.length && !lineTerminators.has(source[i])) i++; continue; }
      if (source.startsWith('/*', i)) { const end = source.indexOf('*/', i + 2); i = end < 0 ? source.length : end + 2; continue; }
      if (source.startsWith('$DONOTEVALUATE();', i)) { i += '$DONOTEVALUATE();'.length; continue; }
      return;
    }
  };
  skipTrivia();
  if (source[i] !== '/') return { error: 'the statement after $DONOTEVALUATE() is not a regular expression literal' };
  let j = i + 1;
  let body = '';
  let inClass = false;
  for (;;) {
    if (j >= source.length) return { error: 'unterminated literal' };
    const ch = source[j];
    if (lineTerminators.has(ch)) return { error: 'line terminator inside the literal (a tokenizer error, not a pattern error)' };
    if (ch === '\\') {
      const next = source[j + 1];
      if (next === undefined || lineTerminators.has(next)) return { error: 'line terminator inside the literal (a tokenizer error, not a pattern error)' };
      body += ch + next;
      j += 2;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) break;
    body += ch;
    j++;
  }
  j++;
  let flags = '';
  while (j < source.length && /[\p{ID_Continue}$\u200c\u200d\\]/u.test(source[j])) {
    if (source[j] === '\\') return { error: 'escape sequence in the flags (a literal-grammar error, not a flags string)' };
    flags += source[j++];
  }
  if (body.length === 0 || body.startsWith('*')) return { error: 'the body is empty or starts with * (a comment, not a literal)' };
  return { pattern: body, flags };
}

module.exports = { scanLiteral };
