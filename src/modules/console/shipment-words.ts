/** The words of the console's shipment pages (list and one shipment), in the console's languages. */
import type { ConsoleLanguage } from './console-words.js';
import { de } from './shipment-words-de.js';
import { en, type ShipmentWords } from './shipment-words-en.js';
import { fr } from './shipment-words-fr.js';
import { nl } from './shipment-words-nl.js';
import { pl } from './shipment-words-pl.js';

export type { ShipmentWords };

export const SHIPMENT_WORDS: Record<ConsoleLanguage, ShipmentWords> = { en, nl, de, fr, pl };
