/**
 * The words of the driver web app in the languages a tour's driver may have (docs/tours.md:
 * English, Dutch, German, French and Polish, since many drivers read Polish). Plain strings with
 * `{name}` placeholders, filled by the sign app's `fill`, so the same table serves the server's
 * HTML and, as JSON in the page, the browser script's messages.
 */
import { DRIVER_LANGUAGES } from '../tours/tour.schema.js';
import { de } from './words/de.js';
import type { DriverWords } from './words/driver-words.js';
import { en } from './words/en.js';
import { fr } from './words/fr.js';
import { nl } from './words/nl.js';
import { pl } from './words/pl.js';

/** The languages a tour's driver may be given (the tour's schema lists them). */
export type DriverLanguage = (typeof DRIVER_LANGUAGES)[number];

/** The app's languages, in the tour schema's order. */
export const DRIVER_LANGUAGES_OF_APP: readonly DriverLanguage[] = DRIVER_LANGUAGES;

export const DRIVER_APP_WORDS: Record<DriverLanguage, DriverWords> = { en, nl, de, fr, pl };

/** The app's language: the driver's when we have its words, else English. */
export function driverLanguage(language: string | null | undefined): DriverLanguage {
  return DRIVER_LANGUAGES.find((l) => l === language) ?? 'en';
}
