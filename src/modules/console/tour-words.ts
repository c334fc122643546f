/** The words of the console's tour and driver pages, in the console's languages. */
import type { ConsoleLanguage } from './console-words.js';
import { de } from './tour-words-de.js';
import { en, type TourWords } from './tour-words-en.js';
import { fr } from './tour-words-fr.js';
import { nl } from './tour-words-nl.js';
import { pl } from './tour-words-pl.js';

export type { TourWords };

export const TOUR_WORDS: Record<ConsoleLanguage, TourWords> = { en, nl, de, fr, pl };
