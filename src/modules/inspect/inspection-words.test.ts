/**
 * The inspection page speaks the 24 official languages of the EU: every language has a file in
 * words/ with exactly the English file's keys (none missing, none extra), each translated and
 * keeping the English text's `{placeholders}` — a missing one would print a bare `{time}` to the
 * inspector. And the language a request gets: `?lang=`, else Accept-Language, else English.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../core/project-root.js';
import { INSPECTION_WORDS, inspectionLanguage, languageName } from './inspection-languages.js';
import { INSPECTION_LANGUAGES } from './inspection-request.js';

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
const EU_LANGUAGES = 'bg cs da de el en es et fi fr ga hr hu it lt lv mt nl pl pt ro sk sl sv'.split(' ');

describe('inspection page words', () => {
  const english = leaves(INSPECTION_WORDS.en as unknown as Tree);

  it('are the 24 official EU languages, one file each in words/', () => {
    expect([...INSPECTION_LANGUAGES].sort()).toEqual(EU_LANGUAGES);
    const files = readdirSync(join(projectRoot(), 'src', 'modules', 'inspect', 'words')).filter((f) => f !== 'inspection-words.ts');
    expect(files.sort()).toEqual(EU_LANGUAGES.map((l) => `${l}.ts`));
  });

  it.each(INSPECTION_LANGUAGES.filter((l) => l !== 'en'))('%s has every key and no other, translated, with the same placeholders', (language) => {
    const words = leaves(INSPECTION_WORDS[language] as unknown as Tree);
    const keys = [...words.keys()];
    expect(keys.filter((k) => !english.has(k)), `${language}: keys English does not have`).toEqual([]);
    expect([...english.keys()].filter((k) => !words.has(k)), `${language}: keys missing`).toEqual([]);
    for (const [key, text] of words) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
      // Short words (Status, Platform, Version {version}) may rightly be the same; sentences may not.
      if (text.length > 20) expect(text, `${language} ${key} is still English`).not.toBe(english.get(key));
    }
  });

  it('write Greek in Greek script and Bulgarian in Cyrillic', () => {
    expect(INSPECTION_WORDS.el.title).toMatch(/^[\u0370-\u03ff\u1f00-\u1fff\s]+$/u);
    expect(INSPECTION_WORDS.bg.title).toMatch(/^[\u0400-\u04ff\s]+$/u);
  });

  it('name each language by its own name for the switcher', () => {
    expect(languageName('pl', 'pl', true)).toBe('Polski');
    expect(languageName('el', 'el', true)).toBe('Ελληνικά');
    expect(languageName('ga', 'ga', true)).toBe('Gaeilge');
    expect(languageName('nl', 'pl')).toBe('niderlandzki');
  });
});

describe('the page language', () => {
  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'pl', 'pl'],
    [undefined, 'pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7', 'pl'],
    [undefined, 'xx', 'en'],
    [undefined, 'xx, *;q=0.1', 'en'],
    [undefined, 'uk-UA, ru;q=0.9', 'en'],
    [undefined, 'cs;q=0.5, sk;q=0.9', 'sk'],
    [undefined, 'de-AT', 'de'],
    [undefined, 'EL-gr', 'el'],
    [undefined, 'ga-IE, en;q=0.8', 'ga'],
    [undefined, 'pt-BR;q=0, es', 'es'],
    ['bg', 'pl', 'bg'],
    ['SV', 'pl', 'sv'],
    ['xx', 'pl', 'pl'],
  ])('?lang=%s, Accept-Language %s → %s', (override, header, expected) => {
    expect(inspectionLanguage(override, header)).toBe(expected);
  });
});
