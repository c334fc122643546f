import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

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
});
