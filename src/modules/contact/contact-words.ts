/** The words of the contact page in English, Dutch, German and French, and the page's language. */
import { pickLanguage } from '../../core/language.js';
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { CONTACT_LANGUAGES } from './contact-policy.js';
import type { ContactWords } from './words/contact-words.js';
import { de } from './words/de.js';
import { en } from './words/en.js';
import { fr } from './words/fr.js';
import { nl } from './words/nl.js';

export const CONTACT_WORDS: Record<MessageLanguage, ContactWords> = { en, nl, de, fr };

/** `?lang=` when we speak it, else the best of the browser's Accept-Language that we speak, else English. */
export function contactLanguage(override: string | undefined, acceptLanguage: string | undefined): MessageLanguage {
  return CONTACT_LANGUAGES.find((l) => l === override?.toLowerCase()) ?? pickLanguage(acceptLanguage, CONTACT_LANGUAGES) ?? 'en';
}
