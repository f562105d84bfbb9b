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

/**
 * Every regular expression literal of a file node cannot parse (a feature V8 11.3 lacks, such as
 * modifiers or duplicate named groups), found with a small tokenizer: strings, templates and
 * comments are skipped, and a `/` starts a literal only where an expression may start (after one
 * of `( , = : [ ! & | ? { } ; + - * % < > ~ ^` or a keyword like `return`). Returns
 * `[{pattern, flags}]`; a candidate that runs into a line terminator is skipped.
 */
function scanAllLiterals(source) {
  const out = [];
  let i = source.indexOf('---*/');
  i = i < 0 ? 0 : i + 5;
  let previous = ';';
  let lastWord = '';
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) { i++; continue; }
    if (source.startsWith('//', i)) { while (i < source.length && !lineTerminators.has(source[i])) i++; continue; }
    if (source.startsWith('/*', i)) { const end = source.indexOf('*/', i + 2); i = end < 0 ? source.length : end + 2; continue; }
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== ch) j += source[j] === '\\' ? 2 : 1;
      i = j + 1;
      previous = 'x';
      lastWord = '';
      continue;
    }
    if (ch === '/') {
      const expressionStart = '(,=:[!&|?{};+-*%<>~^'.includes(previous) ||
        ['return', 'typeof', 'case', 'in', 'of', 'new', 'delete', 'void', 'throw', 'do', 'else'].includes(lastWord);
      if (expressionStart) {
        let j = i + 1, body = '', inClass = false, ok = true;
        for (;;) {
          if (j >= source.length || lineTerminators.has(source[j])) { ok = false; break; }
          const c = source[j];
          if (c === '\\') { body += c + source[j + 1]; j += 2; continue; }
          if (c === '[') inClass = true;
          else if (c === ']') inClass = false;
          else if (c === '/' && !inClass) break;
          body += c;
          j++;
        }
        if (ok) {
          j++;
          let flags = '';
          while (j < source.length && /[a-zA-Z]/.test(source[j])) flags += source[j++];
          out.push({ pattern: body, flags });
          i = j;
          previous = 'x';
          lastWord = '';
          continue;
        }
      }
      previous = '/';
      lastWord = '';
      i++;
      continue;
    }
    if (/[\p{ID_Continue}$]/u.test(ch)) {
      let j = i;
      while (j < source.length && /[\p{ID_Continue}$]/u.test(source[j])) j++;
      lastWord = source.slice(i, j);
      previous = 'x';
      i = j;
      continue;
    }
    previous = ch;
    lastWord = '';
    i++;
  }
  return out;
}

module.exports = { scanLiteral, scanAllLiterals };
