import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays inside one another, up to the limit and one past it', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
  });

  it('counts siblings once, not as depth', () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 500 }, () => '{"x":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[[[{{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" and "{{{{"' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a\\\\":[[[]]]}`, 3)).toBe(true);
  });
});
