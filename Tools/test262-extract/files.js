'use strict';
// Reads a test file's front matter (the YAML block between `/*---` and `---*/`) as far as the
// extractor needs it, and decides the file's category.

function parseFrontmatter(source) {
  const start = source.indexOf('/*---');
  const end = source.indexOf('---*/');
  const meta = { flags: [], includes: [], features: [], negative: null };
  if (start < 0 || end < start) return meta;
  const yaml = source.slice(start + 5, end);
  const list = (name) => {
    const m = yaml.match(new RegExp('^' + name + ':\\s*\\[([^\\]]*)\\]', 'm'));
    return m ? m[1].split(',').map((s) => s.trim()).filter(Boolean) : [];
  };
  meta.flags = list('flags');
  meta.includes = list('includes');
  meta.features = list('features');
  const negative = yaml.match(/^negative:\s*\n((?:[ \t]+.*\n?)*)/m);
  if (negative) {
    const phase = negative[1].match(/phase:\s*(\S+)/);
    const type = negative[1].match(/type:\s*(\S+)/);
    meta.negative = { phase: phase && phase[1], type: type && type[1] };
  }
  return meta;
}

/** The data file a test's cases go to. `test` is the path below `test/`. */
function categoryOf(test, meta) {
  if (meta.negative && meta.negative.phase === 'parse') return 'early-errors';
  if (test.startsWith('annexB/')) return 'annexB';
  if (test.startsWith('language/literals/regexp/')) return 'literals';
  if (test.includes('/property-escapes/')) return 'property-escapes';
  if (test.includes('unicodeSets')) return 'unicodeSets';
  return 'built-ins';
}

module.exports = { parseFrontmatter, categoryOf };
