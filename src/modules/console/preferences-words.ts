/** The words of the member's preferences page and of its link in the frame's header. */
import type { ConsoleLanguage } from './console-words.js';

export const PREFERENCES_PATH = '/console/preferences';

export interface PreferencesWords {
  link: string;
  title: string;
  intro: string;
  language: string;
  languageHelp: string;
  languageUnset: string;
  timeZone: string;
  timeZoneHelp: string;
  timeZoneUnset: string;
  save: string;
  saved: string;
  invalid: string;
  badLanguage: string;
  badTimeZone: string;
  example: (time: string) => string;
}

export const PREFERENCES_WORDS: Record<ConsoleLanguage, PreferencesWords> = {
  en: {
    link: 'Preferences',
    title: 'Your preferences',
    intro: 'Yours alone: they follow you into every organisation you belong to, on every device.',
    language: 'Language',
    languageHelp: "The console's pages in this language. A link with ?lang= still shows that page in its own.",
    languageUnset: "Not chosen: the organisation's or browser's",
    timeZone: 'Time zone',
    timeZoneHelp: 'Every time the console shows is on this clock, with the zone named.',
    timeZoneUnset: 'Not chosen: UTC',
    save: 'Save preferences',
    saved: 'Your preferences are saved.',
    invalid: 'Nothing was saved: see the fields marked below.',
    badLanguage: 'Choose one of the languages in the list.',
    badTimeZone: 'Choose one of the time zones in the list.',
    example: (time) => `Now: ${time}`,
  },
  nl: {
    link: 'Voorkeuren',
    title: 'Uw voorkeuren',
    intro: 'Alleen van u: ze gelden in elke organisatie waar u lid van bent, op elk apparaat.',
    language: 'Taal',
    languageHelp: 'De pagina’s van de console in deze taal. Een link met ?lang= toont die pagina nog steeds in de eigen taal.',
    languageUnset: 'Niet gekozen: die van organisatie of browser',
    timeZone: 'Tijdzone',
    timeZoneHelp: 'Elke tijd in de console staat op deze klok, met de naam van de zone.',
    timeZoneUnset: 'Niet gekozen: UTC',
    save: 'Voorkeuren opslaan',
    saved: 'Uw voorkeuren zijn opgeslagen.',
    invalid: 'Er is niets opgeslagen: zie de gemarkeerde velden hieronder.',
    badLanguage: 'Kies een van de talen uit de lijst.',
    badTimeZone: 'Kies een van de tijdzones uit de lijst.',
    example: (time) => `Nu: ${time}`,
  },
};
