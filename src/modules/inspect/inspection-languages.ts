/**
 * The inspection page's languages: the words of each, and which one a request gets. The inspector
 * reads the page, not the driver, so the note's printed language plays no part: `?lang=` when we
 * speak it (the switcher's links), else the best of the browser's Accept-Language, else English.
 */
import { pickLanguage } from '../../core/language.js';
import { INSPECTION_LANGUAGES, type InspectionLanguage } from './inspection-request.js';
import { bg } from './words/bg.js';
import { cs } from './words/cs.js';
import { da } from './words/da.js';
import { de } from './words/de.js';
import { el } from './words/el.js';
import { en } from './words/en.js';
import { es } from './words/es.js';
import { et } from './words/et.js';
import { fi } from './words/fi.js';
import { fr } from './words/fr.js';
import { ga } from './words/ga.js';
import { hr } from './words/hr.js';
import { hu } from './words/hu.js';
import { it } from './words/it.js';
import { lt } from './words/lt.js';
import { lv } from './words/lv.js';
import { mt } from './words/mt.js';
import { nl } from './words/nl.js';
import { pl } from './words/pl.js';
import { pt } from './words/pt.js';
import { ro } from './words/ro.js';
import { sk } from './words/sk.js';
import { sl } from './words/sl.js';
import { sv } from './words/sv.js';
import type { InspectionWords } from './words/inspection-words.js';

export const INSPECTION_WORDS: Record<InspectionLanguage, InspectionWords> = { bg, cs, da, de, el, en, es, et, fi, fr, ga, hr, hu, it, lt, lv, mt, nl, pl, pt, ro, sk, sl, sv };

const spoken = (language: string | undefined): InspectionLanguage | null => INSPECTION_LANGUAGES.find((l) => l === language?.toLowerCase()) ?? null;

/** The language a request gets: the override, the browser's best, English. */
export function inspectionLanguage(override: string | undefined, acceptLanguage: string | undefined): InspectionLanguage {
  return spoken(override) ?? pickLanguage(acceptLanguage, INSPECTION_LANGUAGES) ?? 'en';
}

/** Bounded: the note's languages times the page's 24. */
const names = new Map<string, string>();

/**
 * A language's name in another (`inLanguage`), from Intl: as a sentence says it (`niderlandzki`), or
 * capitalised to stand alone, as the switcher lists each language by its own name (`Polski`).
 */
export function languageName(language: string, inLanguage: InspectionLanguage, standAlone = false): string {
  // Every page names 25 languages: each name is worked out once (ICU's display names are slow to open).
  const key = `${language} ${inLanguage} ${standAlone}`;
  let name = names.get(key);
  if (name === undefined) {
    const plain = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(language) ?? language;
    name = standAlone ? plain.charAt(0).toLocaleUpperCase(inLanguage) + plain.slice(1) : plain;
    names.set(key, name);
  }
  return name;
}
