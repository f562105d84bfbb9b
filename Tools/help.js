'use strict';
// `--help` / `-h` for the team's node scripts: when asked, prints the script's header comment
// (the `//` lines at its top, after a `#!` line and `'use strict';`) and exits 0 without doing anything.
//   require('../help.js')(__filename);   // first statement of a script under Tools/<folder>/
module.exports = function answerHelp(filename) {
  if (!process.argv.slice(2).some((a) => a === '-h' || a === '--help')) return;
  const lines = require('fs').readFileSync(filename, 'utf8').split('\n');
  const head = [];
  for (const line of lines.slice(lines[0].startsWith('#!') ? 1 : 0)) {
    if (line.startsWith('//')) head.push(line.replace(/^\/\/ ?/, ''));
    else if (line.trim() === "'use strict';" && head.length === 0) continue;
    else break;
  }
  console.log(head.join('\n'));
  process.exit(0);
};
if (require.main === module) module.exports(__filename);
