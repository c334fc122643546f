/**
 * Every word of the driver app exists in every language, is not left in English, and keeps the
 * English text's `{placeholders}`: a missing one would print a bare `{count}` to the driver.
 */
import { describe, expect, it } from 'vitest';
import { DRIVER_APP_WORDS, DRIVER_LANGUAGES_OF_APP, driverLanguage } from './driver-app-words.js';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// Words that are the same in a language as in English, rightly.
const SAME_AS_ENGLISH = new Set(['online', 'refusedItem', 'address', 'contact', 'stopStatus.pending', 'signedBy']);

describe('driver app words', () => {
  const english = leaves(DRIVER_APP_WORDS.en as unknown as Tree);

  it.each(DRIVER_LANGUAGES_OF_APP.filter((l) => l !== 'en'))('%s has every word, translated, with the same placeholders', (language) => {
    const words = leaves(DRIVER_APP_WORDS[language] as unknown as Tree);
    expect([...words.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of words) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
      if (!SAME_AS_ENGLISH.has(key) && !/^(Online|OK)$/.test(text)) expect(text, `${language} ${key} is still English`).not.toBe(english.get(key));
    }
  });

  it('chooses the driver language, English for one it does not have', () => {
    expect(driverLanguage('pl')).toBe('pl');
    expect(driverLanguage('cs')).toBe('en');
    expect(driverLanguage(undefined)).toBe('en');
  });
});
