'use strict';
// Text helpers shared by the extractor's modules.

/** True when `s` holds a UTF-16 code unit in D800–DFFF that is not part of a surrogate pair. */
function hasLoneSurrogate(s) {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
      return true;
    }
    if (u >= 0xdc00 && u <= 0xdfff) return true;
  }
  return false;
}

module.exports = { hasLoneSurrogate };
