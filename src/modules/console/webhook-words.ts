/** The words of the console's webhook pages (endpoints, delivery log, one delivery), in the console's languages. */
import type { ConsoleLanguage } from './console-words.js';
import { de } from './webhook-words-de.js';
import { en, type WebhookWords } from './webhook-words-en.js';
import { fr } from './webhook-words-fr.js';
import { nl } from './webhook-words-nl.js';
import { pl } from './webhook-words-pl.js';

export type { WebhookWords };

export const WEBHOOK_WORDS: Record<ConsoleLanguage, WebhookWords> = { en, nl, de, fr, pl };
