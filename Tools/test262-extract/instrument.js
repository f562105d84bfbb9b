'use strict';
// Instruments one vm realm so every RegExp evaluation node performs there is recorded.
//
// - `RegExp.prototype.exec` is replaced by a method (not a constructor, name "exec", length 1)
//   that calls the original: every path that reaches RegExpBuiltinExec through the spec's
//   RegExpExec (test, match, matchAll, replace, search, split and exec itself) goes through it once
//   V8's fast paths see a modified prototype. It converts the argument with ToString exactly once,
//   passes the string on, and records source, flags, lastIndex, input and the result.
// - The global binding `RegExp` becomes a Proxy of the real constructor whose call and construct
//   traps record every construction: compiled (source and flags read from the new object through the
//   original getters) or a SyntaxError (only when pattern and flags were strings or undefined, so
//   no user conversion runs twice). `RegExp.prototype.constructor` stays the real function, so the
//   engine's own identity checks behave as without instrumentation.

const util = require('node:util');

const prelude = String.raw`(function (record, isRegExp) {
  'use strict';
  var RP = RegExp.prototype;
  var realRegExp = RegExp;
  var originalExec = RP.exec;
  var apply = Reflect.apply, construct = Reflect.construct;
  var getter = function (name) { return Object.getOwnPropertyDescriptor(RP, name).get; };
  var sourceOf = getter('source');
  var flagGetters = [['d', getter('hasIndices')], ['g', getter('global')], ['i', getter('ignoreCase')],
    ['m', getter('multiline')], ['s', getter('dotAll')], ['u', getter('unicode')],
    ['v', getter('unicodeSets')], ['y', getter('sticky')]];
  var flagsOf = function (re) {
    var out = '';
    for (var i = 0; i < flagGetters.length; i++) if (apply(flagGetters[i][1], re, [])) out += flagGetters[i][0];
    return out;
  };
  var SyntaxErrorOfRealm = SyntaxError;
  var methods = {
    exec(string) {
      if (!isRegExp(this)) return apply(originalExec, this, [string]);
      var input = ${'`${string}`'};
      var lastIndex = this.lastIndex;
      var result;
      try {
        result = apply(originalExec, this, [input]);
      } catch (e) {
        record({ kind: 'exec-threw', source: apply(sourceOf, this, []), flags: flagsOf(this), input: input });
        throw e;
      }
      record({ kind: 'exec', source: apply(sourceOf, this, []), flags: flagsOf(this), input: input,
               lastIndex: typeof lastIndex === 'number' ? lastIndex : 'non-number',
               index: result === null ? null : result.index });
      return result;
    }
  };
  Object.defineProperty(RP, 'exec', { value: methods.exec, writable: true, enumerable: false, configurable: true });

  var recordConstruction = function (args, run) {
    var pattern = args[0], flags = args[1];
    var plain = (typeof pattern === 'string' || pattern === undefined) && (typeof flags === 'string' || flags === undefined);
    var created;
    try {
      created = run();
    } catch (e) {
      if (e instanceof SyntaxErrorOfRealm) {
        if (plain) record({ kind: 'syntax', pattern: pattern === undefined ? '' : pattern, flags: flags === undefined ? '' : flags });
        else record({ kind: 'syntax-unrecordable' });
      }
      throw e;
    }
    if (isRegExp(created)) record({ kind: 'compile', source: apply(sourceOf, created, []), flags: flagsOf(created) });
    return created;
  };
  var proxy = new Proxy(realRegExp, {
    apply: function (target, thisArg, args) { return recordConstruction(args, function () { return apply(target, thisArg, args); }); },
    construct: function (target, args, newTarget) {
      return recordConstruction(args, function () { return construct(target, args, newTarget === proxy ? target : newTarget); });
    }
  });
  Object.defineProperty(globalThis, 'RegExp', { value: proxy, writable: true, enumerable: false, configurable: true });
})`;

/** Runs the prelude in `context`, sending records to `record`. */
function instrument(vm, context, record) {
  vm.runInContext(prelude, context)(record, (value) => util.types.isRegExp(value));
}

module.exports = { instrument };
