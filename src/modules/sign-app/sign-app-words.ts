/**
 * The words of the signing pages, in the languages sign links are sent in (English, Dutch, German,
 * French). Plain strings with `{name}` placeholders, so the same table serves the server's HTML
 * and, as JSON in the page, the browser script's messages.
 */
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { MESSAGE_LANGUAGES } from '../signatures/sign-messages.js';
import { de } from './words/de.js';
import { en } from './words/en.js';
import { fr } from './words/fr.js';
import { nl } from './words/nl.js';
import type { SignAppWords } from './words/page-words.js';

export const SIGN_APP_WORDS: Record<MessageLanguage, SignAppWords> = { en, nl, de, fr };

/** The page's language: the link's when we have its words, else English. */
export function pageLanguage(language: string | undefined): MessageLanguage {
  return MESSAGE_LANGUAGES.find((l) => l === language) ?? 'en';
}

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
