/**
 * The console's own words in English, Dutch, German, French and Polish: its frame (navigation,
 * header, notices) and its language. Each page keeps the words of its body beside its renderer, in
 * the same languages; every table is a Record over ConsoleLanguage, so a missing word fails to compile.
 */
import { LANGUAGES, pickLanguage, type Language } from '../../core/language.js';

export const CONSOLE_LANGUAGES = ['en', 'nl', 'de', 'fr', 'pl'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/** Each language's name in itself, for the language choosers. */
export const CONSOLE_LANGUAGE_NAMES: Record<ConsoleLanguage, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', fr: 'Français', pl: 'Polski' };

/** The console's pages, in the order of the navigation. */
export const CONSOLE_NAV = ['overview', 'shipments', 'tours', 'drivers', 'api_keys', 'webhooks', 'logs', 'events', 'audit_log', 'members', 'two_factor', 'settings'] as const;
export type ConsoleNavKey = (typeof CONSOLE_NAV)[number];

export const CONSOLE_NAV_PATHS: Record<ConsoleNavKey, string> = {
  overview: '/console',
  shipments: '/console/shipments',
  tours: '/console/tours',
  drivers: '/console/drivers',
  api_keys: '/console/api-keys',
  webhooks: '/console/webhooks',
  logs: '/console/logs',
  events: '/console/events',
  audit_log: '/console/audit-log',
  members: '/console/members',
  two_factor: '/console/two-factor',
  settings: '/console/settings',
};

export interface ConsoleFrameWords {
  nav: Record<ConsoleNavKey, string>;
  skipToContent: string;
  signedInAs: string;
  organization: string;
  switchOrganization: string;
  switchTo: string;
  signOut: string;
  role: Record<'owner' | 'admin' | 'developer' | 'viewer', string>;
  sandbox: string;
  live: string;
  mode: string;
  notAllowed: string;
  previous: string;
  next: string;
  none: string;
  /** The product's name in the page title and the navigation's label. */
  console: string;
  /** The label of a list's newer/older links. */
  pages: string;
  /** The heading of a record's identifier. */
  id: string;
}

export const CONSOLE_FRAME_WORDS: Record<ConsoleLanguage, ConsoleFrameWords> = {
  en: {
    nav: { overview: 'Overview', shipments: 'Shipments', tours: 'Tours', drivers: 'Drivers', api_keys: 'API keys', webhooks: 'Webhooks', logs: 'Request logs', events: 'Events', audit_log: 'Audit log', members: 'Members', two_factor: 'Second factor', settings: 'Settings' },
    skipToContent: 'Skip to content',
    signedInAs: 'Signed in as',
    organization: 'Organisation',
    switchOrganization: 'Switch organisation',
    switchTo: 'Switch',
    signOut: 'Sign out',
    role: { owner: 'owner', admin: 'admin', developer: 'developer', viewer: 'viewer' },
    sandbox: 'Sandbox',
    live: 'Live',
    mode: 'Mode',
    notAllowed: 'Your role may not do this.',
    previous: 'Newer',
    next: 'Older',
    none: 'Nothing here yet.',
    console: 'Console',
    pages: 'Pages',
    id: 'Id',
  },
  nl: {
    nav: { overview: 'Overzicht', shipments: 'Zendingen', tours: 'Ritten', drivers: 'Chauffeurs', api_keys: 'API-sleutels', webhooks: 'Webhooks', logs: 'Verzoeklogboek', events: 'Gebeurtenissen', audit_log: 'Auditlog', members: 'Leden', two_factor: 'Tweede factor', settings: 'Instellingen' },
    skipToContent: 'Naar de inhoud',
    signedInAs: 'Aangemeld als',
    organization: 'Organisatie',
    switchOrganization: 'Andere organisatie',
    switchTo: 'Wissel',
    signOut: 'Afmelden',
    role: { owner: 'eigenaar', admin: 'beheerder', developer: 'ontwikkelaar', viewer: 'kijker' },
    sandbox: 'Sandbox',
    live: 'Live',
    mode: 'Modus',
    notAllowed: 'Uw rol mag dit niet.',
    previous: 'Nieuwer',
    next: 'Ouder',
    none: 'Nog niets.',
    console: 'Console',
    pages: 'Pagina’s',
    id: 'Id',
  },
  de: {
    nav: { overview: 'Übersicht', shipments: 'Sendungen', tours: 'Touren', drivers: 'Fahrer', api_keys: 'API-Schlüssel', webhooks: 'Webhooks', logs: 'Anfrageprotokoll', events: 'Ereignisse', audit_log: 'Prüfprotokoll', members: 'Mitglieder', two_factor: 'Zweiter Faktor', settings: 'Einstellungen' },
    skipToContent: 'Zum Inhalt springen',
    signedInAs: 'Angemeldet als',
    organization: 'Organisation',
    switchOrganization: 'Organisation wechseln',
    switchTo: 'Wechseln',
    signOut: 'Abmelden',
    role: { owner: 'Inhaber', admin: 'Administrator', developer: 'Entwickler', viewer: 'Betrachter' },
    sandbox: 'Testumgebung',
    live: 'Produktiv',
    mode: 'Modus',
    notAllowed: 'Ihre Rolle darf das nicht.',
    previous: 'Neuere',
    next: 'Ältere',
    none: 'Noch nichts vorhanden.',
    console: 'Konsole',
    pages: 'Seiten',
    id: 'ID',
  },
  fr: {
    nav: { overview: 'Vue d’ensemble', shipments: 'Envois', tours: 'Tournées', drivers: 'Chauffeurs', api_keys: 'Clés API', webhooks: 'Webhooks', logs: 'Journal des requêtes', events: 'Événements', audit_log: 'Journal d’audit', members: 'Membres', two_factor: 'Second facteur', settings: 'Paramètres' },
    skipToContent: 'Aller au contenu',
    signedInAs: 'Connecté en tant que',
    organization: 'Organisation',
    switchOrganization: 'Changer d’organisation',
    switchTo: 'Changer',
    signOut: 'Se déconnecter',
    role: { owner: 'propriétaire', admin: 'administrateur', developer: 'développeur', viewer: 'lecteur' },
    sandbox: 'Bac à sable',
    live: 'Production',
    mode: 'Mode',
    notAllowed: 'Votre rôle ne permet pas cette action.',
    previous: 'Plus récents',
    next: 'Plus anciens',
    none: 'Rien pour l’instant.',
    console: 'Console',
    pages: 'Pages',
    id: 'Identifiant',
  },
  pl: {
    nav: { overview: 'Przegląd', shipments: 'Przesyłki', tours: 'Trasy', drivers: 'Kierowcy', api_keys: 'Klucze API', webhooks: 'Webhooki', logs: 'Dziennik żądań', events: 'Zdarzenia', audit_log: 'Dziennik audytu', members: 'Członkowie', two_factor: 'Drugi składnik', settings: 'Ustawienia' },
    skipToContent: 'Przejdź do treści',
    signedInAs: 'Zalogowano jako',
    organization: 'Organizacja',
    switchOrganization: 'Zmień organizację',
    switchTo: 'Zmień',
    signOut: 'Wyloguj',
    role: { owner: 'właściciel', admin: 'administrator', developer: 'programista', viewer: 'obserwator' },
    sandbox: 'Piaskownica',
    live: 'Produkcja',
    mode: 'Tryb',
    notAllowed: 'Twoja rola na to nie pozwala.',
    previous: 'Nowsze',
    next: 'Starsze',
    none: 'Na razie nic tu nie ma.',
    console: 'Konsola',
    pages: 'Strony',
    id: 'Identyfikator',
  },
};

/**
 * `?lang=` when the console speaks it, else the member's own choice (their preferences), else the
 * organisation's default language, else the browser's pick, else English.
 */
export function consoleLanguage(override: string | undefined, memberChoice: string | null | undefined, organizationDefault: string | undefined, acceptLanguage: string | undefined): ConsoleLanguage {
  const spoken = (value: string | null | undefined) => CONSOLE_LANGUAGES.find((l) => l === value?.toLowerCase());
  return spoken(override) ?? spoken(memberChoice) ?? spoken(organizationDefault) ?? pickLanguage(acceptLanguage, CONSOLE_LANGUAGES) ?? 'en';
}

/**
 * The language the API is asked in for a console page (finding messages, the shipment reads that
 * carry them, the proof of delivery PDF): the page's own where the API speaks it (English, Dutch,
 * German, French), else English — the API has no Polish words, so a Polish page shows findings in English.
 */
export function apiLanguage(language: ConsoleLanguage): Language {
  return LANGUAGES.find((l) => l === language) ?? 'en';
}
