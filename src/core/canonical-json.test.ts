import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, writeSorted } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order, drops undefined members, escapes strings', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'é"' }], c: undefined } })).toBe('{"a":{"d":[3,{"y":"é\\"","z":null}]},"b":1}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(canonicalJson('x')).toBe('"x"');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('gives the same text for the same JSON in any key order', () => {
    expect(canonicalJson(JSON.parse('{"x":1,"y":{"b":true,"a":[1,2]}}'))).toBe(canonicalJson(JSON.parse('{"y":{"a":[1,2],"b":true},"x":1}')));
  });

  it('sorts index-like keys as text, as every stored hash was made: "10" before "2"', () => {
    expect(canonicalJson({ b: { 2: 'two', 10: 'ten', a: 1 } })).toBe('{"b":{"10":"ten","2":"two","a":1}}');
    expect(canonicalJson([{ x: 1 }, { '01': 1, 1: 2 }])).toBe('[{"x":1},{"01":1,"1":2}]');
  });

  it('keeps a `__proto__` key, as JSON.parse makes it, as a key', () => {
    expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":2}}'))).toBe('{"__proto__":{"x":2},"b":1}');
  });

  it('takes every object by its own keys and writes what JSON cannot hold as null', () => {
    expect(canonicalJson({ at: new Date(0), f: () => 1, s: Symbol('s'), list: [undefined, () => 1], n: Number.NaN })).toBe('{"at":{},"f":null,"list":[null,null],"n":null,"s":null}');
    expect(canonicalJson(() => 1)).toBe('null');
  });

  it('writes exactly the key-by-key text for any JSON value, index-like keys included', () => {
    const key = fc.oneof(fc.string(), fc.nat({ max: 5000 }).map(String), fc.constantFrom('0', '00', '01', '4294967295', '4294967294', '-1', '1e3', ' 1', '__proto__', 'constructor', 'toJSON'));
    const value = fc.letrec((tie) => ({
      json: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.double(), fc.integer(), fc.string({ unit: 'grapheme' }), fc.array(tie('json'), { maxLength: 5 }), fc.dictionary(key, tie('json'), { maxKeys: 6 })),
    })).json;
    fc.assert(fc.property(value, (v) => canonicalJson(v) === writeSorted(v)), { numRuns: 2000 });
  });
});
