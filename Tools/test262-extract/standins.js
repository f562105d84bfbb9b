'use strict';
// Minimal stand-ins for the test262 harness functions that the RegExp tests call. Written for this
// extractor; they check what a test asserts closely enough to tell a passing file from a failing
// one, and never mutate the objects they inspect. The text below is evaluated inside each test's
// vm context, after instrument.js and before the test file.

module.exports = String.raw`
var Test262Error = function Test262Error(message) { this.message = message || ''; };
Test262Error.prototype.toString = function () { return 'Test262Error: ' + this.message; };
Test262Error.thrower = function (message) { throw new Test262Error(message); };

function $DONOTEVALUATE() { throw new Test262Error('$DONOTEVALUATE reached: a parse-negative test was evaluated'); }
function print() {}

var __show = function (value) {
  try {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'symbol') return value.toString();
    if (Object.is(value, -0)) return '-0';
    return String(value);
  } catch (e) { return '<unprintable>'; }
};

function assert(condition, message) {
  if (condition !== true) throw new Test262Error('expected true, got ' + __show(condition) + (message ? ': ' + message : ''));
}
assert.sameValue = function (actual, expected, message) {
  if (!Object.is(actual, expected)) throw new Test262Error(__show(actual) + ' is not ' + __show(expected) + (message ? ': ' + message : ''));
};
assert.notSameValue = function (actual, unexpected, message) {
  if (Object.is(actual, unexpected)) throw new Test262Error(__show(actual) + ' should differ' + (message ? ': ' + message : ''));
};
assert.throws = function (expectedError, fn, message) {
  if (typeof fn !== 'function') throw new Test262Error('assert.throws needs a function');
  try { fn(); } catch (thrown) {
    if (thrown === null || typeof thrown !== 'object' || thrown.constructor !== expectedError) {
      throw new Test262Error('threw the wrong kind of error (' + __show(thrown && thrown.constructor && thrown.constructor.name) + ')' + (message ? ': ' + message : ''));
    }
    return;
  }
  throw new Test262Error('expected ' + (expectedError && expectedError.name) + ' to be thrown' + (message ? ': ' + message : ''));
};
function compareArray(a, b) {
  if (a == null || b == null || a.length !== b.length) return false;
  for (var i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
assert.compareArray = function (actual, expected, message) {
  if (!compareArray(actual, expected)) throw new Test262Error('arrays differ' + (message ? ': ' + message : ''));
};
function __deepSame(a, b, seen) {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (seen.indexOf(a) >= 0) return true;
  seen.push(a);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  var ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (var i = 0; i < ka.length; i++) if (!__deepSame(a[ka[i]], b[ka[i]], seen)) return false;
  return true;
}
assert.deepEqual = function (actual, expected, message) {
  if (!__deepSame(actual, expected, [])) throw new Test262Error('values differ deeply' + (message ? ': ' + message : ''));
};
assert.compareIterator = function (iter, validators, message) {
  var i = 0;
  for (var step = iter.next(); !step.done; step = iter.next(), i++) {
    if (i >= validators.length) throw new Test262Error('iterator yields too many values' + (message ? ': ' + message : ''));
    validators[i](step.value);
  }
  if (i !== validators.length) throw new Test262Error('iterator yields too few values' + (message ? ': ' + message : ''));
};
var compareIterator = assert.compareIterator;

function __descriptor(obj, name) {
  var d = Object.getOwnPropertyDescriptor(obj, name);
  if (!d) throw new Test262Error(String(name) + ' should be an own property');
  return d;
}
function verifyProperty(obj, name, desc, options) {
  var d = __descriptor(obj, name);
  if (desc === undefined) return true;
  if (Object.prototype.hasOwnProperty.call(desc, 'value') && !Object.is(d.value, desc.value)) throw new Test262Error(String(name) + ' has the wrong value');
  var keys = ['writable', 'enumerable', 'configurable'];
  for (var i = 0; i < keys.length; i++) {
    var k = keys[i];
    if (Object.prototype.hasOwnProperty.call(desc, k) && desc[k] !== undefined && !!d[k] !== !!desc[k]) throw new Test262Error(String(name) + ' has the wrong ' + k);
  }
  if (Object.prototype.hasOwnProperty.call(desc, 'get') && d.get !== desc.get) throw new Test262Error(String(name) + ' has the wrong getter');
  if (Object.prototype.hasOwnProperty.call(desc, 'set') && d.set !== desc.set) throw new Test262Error(String(name) + ' has the wrong setter');
  return true;
}
var verifyPrimordialProperty = verifyProperty;
function verifyNotWritable(obj, name) { if (__descriptor(obj, name).writable) throw new Test262Error(String(name) + ' should not be writable'); }
function verifyWritable(obj, name) { if (__descriptor(obj, name).writable === false) throw new Test262Error(String(name) + ' should be writable'); }
function verifyNotEnumerable(obj, name) { if (__descriptor(obj, name).enumerable) throw new Test262Error(String(name) + ' should not be enumerable'); }
function verifyEnumerable(obj, name) { if (!__descriptor(obj, name).enumerable) throw new Test262Error(String(name) + ' should be enumerable'); }
function verifyNotConfigurable(obj, name) { if (__descriptor(obj, name).configurable) throw new Test262Error(String(name) + ' should not be configurable'); }
function verifyConfigurable(obj, name) { if (!__descriptor(obj, name).configurable) throw new Test262Error(String(name) + ' should be configurable'); }
function verifyEqualTo(obj, name, value) { if (!Object.is(obj[name], value)) throw new Test262Error(String(name) + ' has the wrong value'); }
function verifyCallableProperty(obj, name, functionName, functionLength, desc) {
  verifyProperty(obj, name, desc);
  var f = obj[name];
  if (typeof f !== 'function') throw new Test262Error(String(name) + ' should be callable');
  if (functionName !== undefined && f.name !== functionName) throw new Test262Error(String(name) + ' has the wrong name');
  if (functionLength !== undefined && f.length !== functionLength) throw new Test262Error(String(name) + ' has the wrong length');
}
var verifyPrimordialCallableProperty = verifyCallableProperty;

function isConstructor(f) {
  if (typeof f !== 'function') throw new Test262Error('isConstructor needs a function');
  try { Reflect.construct(function () {}, [], f); } catch (e) { return false; }
  return true;
}
var fnGlobalObject = function () { return globalThis; };

function buildString(args) {
  var parts = [];
  for (var i = 0; i < args.loneCodePoints.length; i++) parts.push(String.fromCodePoint(args.loneCodePoints[i]));
  for (var r = 0; r < args.ranges.length; r++) {
    var batch = [];
    for (var c = args.ranges[r][0]; c <= args.ranges[r][1]; c++) {
      batch.push(c);
      if (batch.length === 4096) { parts.push(String.fromCodePoint.apply(null, batch)); batch = []; }
    }
    parts.push(String.fromCodePoint.apply(null, batch));
  }
  return parts.join('');
}
function testPropertyEscapes(regExp, string, expression) {
  if (!regExp.test(string)) throw new Test262Error(expression + ' does not match every code point it should');
}
function testPropertyOfStrings(args) {
  // Like the suite's helper, the joined strings are tried first and the single strings are asserted
  // only when the joined test calls for it; unlike it, every single string is also evaluated (for
  // the record), so node's verdict on each one is known.
  var i, single;
  var allMatch = args.regExp.test(args.matchStrings.join(''));
  for (i = 0; i < args.matchStrings.length; i++) {
    single = args.regExp.test(args.matchStrings[i]);
    if (!allMatch && !single) throw new Test262Error(args.expression + ' should match string ' + i);
  }
  if (!args.nonMatchStrings) return;
  var allNonMatch = args.regExp.test(args.nonMatchStrings.join(''));
  for (i = 0; i < args.nonMatchStrings.length; i++) {
    single = args.regExp.test(args.nonMatchStrings[i]);
    if (allNonMatch && single) throw new Test262Error(args.expression + ' should not match string ' + i);
  }
}
var testExtendedCharacterClass = testPropertyOfStrings;
function matchValidator(expectedEntries, expectedIndex, expectedInput) {
  return function (match) {
    assert.compareArray(match, expectedEntries, 'match entries');
    assert.sameValue(match.index, expectedIndex, 'match index');
    assert.sameValue(match.input, expectedInput, 'match input');
  };
}
`;
