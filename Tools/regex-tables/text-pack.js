'use strict';
// Packs the long tables of UnicodeTableData.swift (they are most of the engine's read-only data in
// every app). A packed text is the text itself, except that a run repeating earlier text is
// written as `~`, the distance back to where the run was seen before, and the run's length minus
// MINIMUM, both as the tables' base-32 numbers. Unpacking copies text as it is and repeats runs from
// what it has already written (UnicodeTables.unpack in Swift does the same). The tables never contain
// `~` (checked), and `pack` checks that `unpack` gives the text back.
const MARK = '~';
const MINIMUM = 4;
const WINDOW = 1 << 16;
const CHAIN = 64;

function pack(text, encodeNumber) {
  if (text.includes(MARK)) throw new Error(`a table to pack contains ${MARK}`);
  const seen = new Map(); // MINIMUM-character key -> positions, oldest first
  const remember = (position) => {
    const key = text.substr(position, MINIMUM);
    if (key.length < MINIMUM) return;
    let list = seen.get(key);
    if (!list) { list = []; seen.set(key, list); }
    list.push(position);
  };
  let out = '';
  let index = 0;
  while (index < text.length) {
    let bestLength = 0;
    let bestDistance = 0;
    const candidates = seen.get(text.substr(index, MINIMUM)) || [];
    for (let c = candidates.length - 1, tried = 0; c >= 0 && tried < CHAIN; c--, tried++) {
      const start = candidates[c];
      if (index - start > WINDOW) break;
      let length = 0;
      while (index + length < text.length && text[start + length] === text[index + length]) length++;
      if (length > bestLength) { bestLength = length; bestDistance = index - start; }
    }
    const code = bestLength >= MINIMUM ? MARK + encodeNumber(bestDistance) + encodeNumber(bestLength - MINIMUM) : '';
    if (code && code.length < bestLength) {
      for (let k = 0; k < bestLength; k++) remember(index + k);
      out += code;
      index += bestLength;
    } else {
      remember(index);
      out += text[index];
      index += 1;
    }
  }
  if (unpack(out) !== text) throw new Error('packed table does not unpack to itself');
  return out;
}

const NONFINAL = 'abcdefghijklmnopqrstuvwxyz012345';
const FINAL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ6789+/';

function unpack(packed) {
  let out = '';
  let index = 0;
  const number = () => {
    let value = 0;
    for (;;) {
      const ch = packed[index++];
      let digit = NONFINAL.indexOf(ch);
      if (digit >= 0) { value = value * 32 + digit; continue; }
      digit = FINAL.indexOf(ch);
      if (digit < 0) throw new Error(`not a base-32 digit: ${ch}`);
      return value * 32 + digit;
    }
  };
  while (index < packed.length) {
    const ch = packed[index++];
    if (ch !== MARK) { out += ch; continue; }
    const distance = number();
    const length = number() + MINIMUM;
    const start = out.length - distance;
    if (start < 0) throw new Error('a run before the start of the text');
    for (let k = 0; k < length; k++) out += out[start + k];
  }
  return out;
}

module.exports = { pack, unpack, MINIMUM };
