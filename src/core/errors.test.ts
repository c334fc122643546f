import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorTitle, type TitleLanguage } from './errors.js';

const LANGUAGES: TitleLanguage[] = ['en', 'nl', 'de', 'fr', 'pl'];

describe('the error catalogue', () => {
  it.each(ERROR_CODES)('titles %s in each of the five languages', (code) => {
    for (const language of LANGUAGES) expect(errorTitle(code, language).trim(), `${code} in ${language}`).not.toBe('');
  });

  it('titles a code in the language asked for', () => {
    expect(LANGUAGES.map((l) => errorTitle('invalid_transition', l))).toEqual(['Invalid transition', 'Ongeldige statusovergang', 'Ungültiger Statusübergang', 'Changement de statut invalide', 'Niedozwolona zmiana statusu']);
  });
});
