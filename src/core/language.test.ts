import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from './language.js';

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['nl', 'nl'],
    ['nl-BE', 'nl'],
    ['de-DE, nl;q=0.7, en;q=0.9', 'en'],
    ['fr, nl;q=0.5', 'nl'],
    ['nl;q=0, en', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});
