import { describe, expect, it } from 'vitest';
import { negotiateLanguage, pickLanguage, titleLanguage } from './language.js';

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['nl', 'nl'],
    ['nl-BE', 'nl'],
    ['de-DE, nl;q=0.7, en;q=0.9', 'de'],
    ['fr, nl;q=0.5', 'fr'],
    ['pl, nl;q=0.5', 'nl'],
    ['pl-PL, cs', 'en'],
    ['nl;q=0, en', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('the language of error titles', () => {
  it.each([
    ['en', 'en'],
    ['nl', 'nl'],
    ['de', 'en'],
    ['fr', 'en'],
  ] as const)('%s → %s (the catalogue has English and Dutch titles)', (language, expected) => {
    expect(titleLanguage(language)).toBe(expected);
  });
});

describe('a pick among other languages', () => {
  it.each([
    [undefined, null],
    ['de-DE, nl;q=0.7', 'de'],
    ['fr-BE;q=0.8, de;q=0.9', 'de'],
    ['pl, cs', null],
    ['pl, fr;q=0.2', 'fr'],
    ['en;q=0.1, nl;q=0.2', 'nl'],
    ['de;q=0.5, fr;q=0.5', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
    [' NL-be ; q=0.8 , en;q=0.3', 'nl'],
    ['de;q=0, de-AT', null],
    ['*;q=0.5', null],
    ['', null],
  ])('%s → %s', (header, expected) => {
    expect(pickLanguage(header, ['en', 'nl', 'de', 'fr'] as const)).toBe(expected);
  });
});
