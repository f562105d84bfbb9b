'use strict';
// Counts what happened to every record, per category, kind and reason, and prints the table the
// README quotes.

class Tally {
  constructor() { this.rows = new Map(); }
  count(category, kind, reason, n = 1) {
    const key = category + '\t' + kind + '\t' + reason;
    this.rows.set(key, (this.rows.get(key) || 0) + n);
  }
  print() {
    const keys = [...this.rows.keys()].sort();
    for (const key of keys) {
      const [category, kind, reason] = key.split('\t');
      console.log(`${category.padEnd(17)} ${kind.padEnd(8)} ${String(this.rows.get(key)).padStart(8)}  ${reason}`);
    }
  }
}

module.exports = { Tally };
