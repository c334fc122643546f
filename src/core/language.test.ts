import { describe, expect, it } from 'vitest';
import { negotiateLanguage, pickLanguage } from './language.js';

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

describe('a pick among other languages', () => {
  it.each([
    [undefined, null],
    ['de-DE, nl;q=0.7', 'de'],
    ['fr-BE;q=0.8, de;q=0.9', 'de'],
    ['pl, cs', null],
    ['pl, fr;q=0.2', 'fr'],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header, ['en', 'nl', 'de', 'fr'] as const)).toBe(expected);
  });
});
