/**
 * The console's word tables in all five languages: every language has every word of the English
 * table and none is empty; the words a dispatcher meets first are really translated (not the English
 * word left in place); the freight terms are the trade's own; the language is picked from `?lang=`,
 * the organisation or the browser, and the API is asked in English where it has no Polish.
 */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_WORDS } from '../console-auth/sign-in-link-words.js';
import { TWO_FACTOR_WORDS } from '../console-auth/two-factor/two-factor-words.js';
import { MEMBERS_WORDS } from '../members/members-words.js';
import { apiLanguage, CONSOLE_FRAME_WORDS, CONSOLE_LANGUAGE_NAMES, CONSOLE_LANGUAGES, consoleLanguage } from './console-words.js';
import { ACT_WORDS } from './shipment-act-words.js';
import { FORM_WORDS } from './shipment-form-words.js';
import { SHIPMENT_WORDS } from './shipment-words.js';
import { TOUR_WORDS } from './tour-words.js';
import { WEBHOOK_WORDS } from './webhook-words.js';

const TABLES = { frame: CONSOLE_FRAME_WORDS, shipment: SHIPMENT_WORDS, tour: TOUR_WORDS, acts: ACT_WORDS, form: FORM_WORDS, members: MEMBERS_WORDS, twoFactor: TWO_FACTOR_WORDS, signInLink: SIGN_IN_LINK_WORDS, webhooks: WEBHOOK_WORDS } as const;

/** Every word of a table as `path → text`; a word that is a function is said with '7' for each of its values. */
function words(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') out.set(path, String((value as (...args: string[]) => unknown)(...Array<string>(value.length).fill('7'))));
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) for (const [p, text] of words(inner, `${path}.${key}`)) out.set(p, text);
  return out;
}

const OTHERS = CONSOLE_LANGUAGES.filter((l) => l !== 'en');

/** Words a dispatcher meets on every page: each must be its language's own, not the English one. */
const KEY_WORDS = [
  'frame.nav.overview', 'frame.nav.shipments', 'frame.nav.tours', 'frame.nav.drivers', 'frame.nav.members', 'frame.nav.settings', 'frame.signOut', 'frame.signedInAs', 'frame.none', 'frame.previous', 'frame.next',
  'shipment.shipment', 'shipment.search', 'shipment.created', 'shipment.statuses.draft', 'shipment.statuses.issued', 'shipment.statuses.delivered', 'shipment.statuses.cancelled',
  'shipment.roles.consignor', 'shipment.roles.consignee', 'shipment.roles.carrier', 'shipment.goods', 'shipment.vehicle', 'shipment.timeline', 'shipment.pod', 'shipment.noNote', 'shipment.back',
  'tour.planTour', 'tour.noTours', 'tour.stops', 'tour.kinds.pickup', 'tour.kinds.delivery', 'tour.missing.proof_of_delivery', 'tour.revoke', 'tour.cancel',
  'acts.edit', 'acts.label.issue', 'acts.label.cancel', 'acts.confirm.issue.title', 'acts.confirm.issue.button', 'acts.done.issued', 'acts.back',
  'form.newTitle', 'form.create', 'form.save', 'form.notValid', 'form.labels.street', 'form.labels.gross_weight_kg', 'form.packageTypes.pallet',
  'members.invite', 'members.sendInvitation', 'members.save', 'twoFactor.title', 'twoFactor.setUp', 'twoFactor.turnOff', 'signInLink.signIn', 'signInLink.goToConsole',
];

describe('the console words', () => {
  it.each(Object.entries(TABLES))('has every word of the English %s table in each language, none empty', (_name, table) => {
    const english = words(table.en);
    expect(english.size).toBeGreaterThan(5);
    for (const language of OTHERS) {
      const translated = words(table[language]);
      expect([...translated.keys()].sort(), language).toEqual([...english.keys()].sort());
      const empty = [...translated].filter(([, text]) => text.trim() === '' || text.includes('undefined'));
      expect(empty, language).toEqual([]);
    }
  });

  // Dutch keeps a few words that are English too (a pallet is a pallet): the check is for the languages added after it.
  it.each(['de', 'fr', 'pl'] as const)('translates the key words into %s instead of leaving the English ones', (language) => {
    const all = new Map<string, [string, string]>();
    for (const [name, table] of Object.entries(TABLES)) {
      const english = words(table.en, name);
      for (const [path, text] of words(table[language], name)) all.set(path, [english.get(path)!, text]);
    }
    const untranslated = KEY_WORDS.filter((path) => {
      const pair = all.get(path);
      expect(pair, path).toBeDefined();
      return pair![0] === pair![1];
    });
    expect(untranslated).toEqual([]);
  });

  it('uses the trade’s own freight terms', () => {
    expect(SHIPMENT_WORDS.de.noNote).toContain('Frachtbrief');
    expect(SHIPMENT_WORDS.fr.noNote).toContain('lettre de voiture');
    expect(SHIPMENT_WORDS.pl.noNote).toContain('listu przewozowego');
    expect([SHIPMENT_WORDS.de.pod, SHIPMENT_WORDS.fr.pod, SHIPMENT_WORDS.pl.pod]).toEqual(['Ablieferbeleg', 'Preuve de livraison', 'Potwierdzenie dostawy']);
    expect([SHIPMENT_WORDS.de.roles.consignor, SHIPMENT_WORDS.fr.roles.consignor, SHIPMENT_WORDS.pl.roles.consignor]).toEqual(['Absender', 'Expéditeur', 'Nadawca']);
    expect([SHIPMENT_WORDS.de.roles.consignee, SHIPMENT_WORDS.fr.roles.consignee, SHIPMENT_WORDS.pl.roles.consignee]).toEqual(['Empfänger', 'Destinataire', 'Odbiorca']);
    expect([SHIPMENT_WORDS.de.roles.carrier, SHIPMENT_WORDS.fr.roles.carrier, SHIPMENT_WORDS.pl.roles.carrier]).toEqual(['Frachtführer', 'Transporteur', 'Przewoźnik']);
    expect([TOUR_WORDS.de.tours, TOUR_WORDS.fr.tours, TOUR_WORDS.pl.tours]).toEqual(['Touren', 'Tournées', 'Trasy']);
  });

  it('picks the language from ?lang=, the member, the organisation, then the browser, and names each in itself', () => {
    expect(CONSOLE_LANGUAGES).toEqual(['en', 'nl', 'de', 'fr', 'pl']);
    expect(consoleLanguage('PL', 'nl', 'de', 'fr')).toBe('pl');
    expect(consoleLanguage('xx', 'pl', 'de', 'fr')).toBe('pl');
    expect(consoleLanguage('xx', undefined, 'de', 'fr')).toBe('de');
    expect(consoleLanguage(undefined, null, undefined, 'pl-PL,pl;q=0.9,en;q=0.5')).toBe('pl');
    expect(consoleLanguage(undefined, undefined, undefined, 'fr-CH, fr;q=0.9')).toBe('fr');
    expect(consoleLanguage(undefined, undefined, undefined, 'cs')).toBe('en');
    expect(Object.keys(CONSOLE_LANGUAGE_NAMES)).toEqual([...CONSOLE_LANGUAGES]);
  });

  it('asks the API in the page’s language where it has one, in English for Polish', () => {
    expect(CONSOLE_LANGUAGES.map(apiLanguage)).toEqual(['en', 'nl', 'de', 'fr', 'en']);
  });
});
