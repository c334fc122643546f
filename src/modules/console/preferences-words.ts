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
  de: {
    link: 'Einstellungen',
    title: 'Ihre Einstellungen',
    intro: 'Nur Ihre: Sie gelten in jeder Organisation, der Sie angehören, auf jedem Gerät.',
    language: 'Sprache',
    languageHelp: 'Die Seiten der Konsole in dieser Sprache. Ein Link mit ?lang= zeigt seine Seite weiterhin in der eigenen Sprache.',
    languageUnset: 'Nicht gewählt: die der Organisation oder des Browsers',
    timeZone: 'Zeitzone',
    timeZoneHelp: 'Jede Zeit in der Konsole steht auf dieser Uhr, mit dem Namen der Zone.',
    timeZoneUnset: 'Nicht gewählt: UTC',
    save: 'Einstellungen speichern',
    saved: 'Ihre Einstellungen sind gespeichert.',
    invalid: 'Nichts wurde gespeichert: siehe die markierten Felder unten.',
    badLanguage: 'Wählen Sie eine der Sprachen aus der Liste.',
    badTimeZone: 'Wählen Sie eine der Zeitzonen aus der Liste.',
    example: (time) => `Jetzt: ${time}`,
  },
  fr: {
    link: 'Préférences',
    title: 'Vos préférences',
    intro: 'Les vôtres seulement : elles vous suivent dans chaque organisation dont vous êtes membre, sur chaque appareil.',
    language: 'Langue',
    languageHelp: 'Les pages de la console dans cette langue. Un lien avec ?lang= affiche toujours sa page dans sa propre langue.',
    languageUnset: 'Non choisie : celle de l’organisation ou du navigateur',
    timeZone: 'Fuseau horaire',
    timeZoneHelp: 'Chaque heure affichée par la console suit cette horloge, avec le nom du fuseau.',
    timeZoneUnset: 'Non choisi : UTC',
    save: 'Enregistrer les préférences',
    saved: 'Vos préférences sont enregistrées.',
    invalid: 'Rien n’a été enregistré : voir les champs signalés ci-dessous.',
    badLanguage: 'Choisissez l’une des langues de la liste.',
    badTimeZone: 'Choisissez l’un des fuseaux horaires de la liste.',
    example: (time) => `Maintenant : ${time}`,
  },
  pl: {
    link: 'Preferencje',
    title: 'Twoje preferencje',
    intro: 'Tylko Twoje: obowiązują w każdej organizacji, do której należysz, na każdym urządzeniu.',
    language: 'Język',
    languageHelp: 'Strony konsoli w tym języku. Link z ?lang= nadal pokazuje swoją stronę we własnym języku.',
    languageUnset: 'Nie wybrano: język organizacji lub przeglądarki',
    timeZone: 'Strefa czasowa',
    timeZoneHelp: 'Każda godzina w konsoli jest podana według tego zegara, z nazwą strefy.',
    timeZoneUnset: 'Nie wybrano: UTC',
    save: 'Zapisz preferencje',
    saved: 'Twoje preferencje zostały zapisane.',
    invalid: 'Nic nie zapisano: zobacz zaznaczone pola poniżej.',
    badLanguage: 'Wybierz jeden z języków z listy.',
    badTimeZone: 'Wybierz jedną ze stref czasowych z listy.',
    example: (time) => `Teraz: ${time}`,
  },
};
