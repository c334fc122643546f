/**
 * The console's own words in English and Dutch: its frame (navigation, header, notices) and its
 * language. Each page keeps the words of its body beside its renderer, in the same two languages.
 */
import { pickLanguage } from '../../core/language.js';

export const CONSOLE_LANGUAGES = ['en', 'nl'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

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
