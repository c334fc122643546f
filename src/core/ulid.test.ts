import { describe, expect, it } from 'vitest';
import { ulidGenerator } from './ulid.js';
import { decodeTime } from 'ulid';

// Each test mints from a source of its own: the process's would carry these times into every id minted after them.
describe('ulid', () => {
  it('is 26 Crockford characters whose time part decodes to the given time', () => {
    const ulid = ulidGenerator();
    const id = ulid(Date.parse('2026-11-22T10:00:00.000Z'));
    expect(id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(decodeTime(id)).toBe(Date.parse('2026-11-22T10:00:00.000Z'));
  });

  it('sorts in creation order within one millisecond and when the clock steps back', () => {
    const ulid = ulidGenerator();
    const t = Date.parse('2030-01-01T00:00:00Z');
    const ids = [ulid(t), ulid(t), ulid(t), ulid(t - 5000), ulid(t + 1), ulid(t + 1)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
