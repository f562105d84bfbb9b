'use strict';
// A small seeded PRNG (mulberry32) so that regenerating the corpus gives byte-identical files.

function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  constructor(seed) { this.next = mulberry32(seed); }
  int(n) { return Math.floor(this.next() * n); }
  range(lo, hi) { return lo + this.int(hi - lo + 1); }
  pick(list) { return list[this.int(list.length)]; }
  chance(p) { return this.next() < p; }
}

module.exports = { Random };
