/**
 * What each API key scope allows, in the console's languages, for the create-key form: the
 * area of the service and the level (read, create and change, manage) each in its own words.
 */
import type { Scope } from '../../core/scopes.js';
import type { ConsoleLanguage } from './console-words.js';

type Area = Scope extends `${infer A}:${string}` ? A : never;
type Level = 'read' | 'write' | 'manage';

interface ScopeWords {
  areas: Record<Area, string>;
  levels: Record<Level, string>;
  /** How the area and level make a description in this language. */
  join: (area: string, level: string) => string;
}

const SCOPE_WORDS: Record<ConsoleLanguage, ScopeWords> = {
  en: {
    areas: { shipments: 'shipments', documents: 'documents', signatures: 'signatures', remarks: 'remarks', pod: 'proofs of delivery', invoice: 'invoices', webhooks: 'webhooks', events: 'events', 'request-logs': 'request logs', 'audit-log': 'audit log', notifications: 'notifications', providers: 'providers', requirements: 'requirements', efti: 'eFTI datasets', tours: 'tours', test: 'test clocks and simulations', export: 'exports', privacy: 'personal data', usage: 'usage', billing: 'billing' },
    levels: { read: 'Read', write: 'Create and change', manage: 'Manage' },
    join: (area, level) => `${level} ${area}`,
  },
  nl: {
    areas: { shipments: 'zendingen', documents: 'documenten', signatures: 'handtekeningen', remarks: 'opmerkingen', pod: 'afleverbewijzen', invoice: 'facturen', webhooks: 'webhooks', events: 'gebeurtenissen', 'request-logs': 'verzoeklogboek', 'audit-log': 'auditlog', notifications: 'meldingen', providers: 'aanbieders', requirements: 'vereisten', efti: 'eFTI-datasets', tours: 'ritten', test: 'testklokken en simulaties', export: 'exports', privacy: 'persoonsgegevens', usage: 'gebruik', billing: 'facturering' },
    levels: { read: 'lezen', write: 'aanmaken en wijzigen', manage: 'beheren' },
    join: (area, level) => `${area.charAt(0).toUpperCase()}${area.slice(1)} ${level}`,
  },
  de: {
    areas: { shipments: 'Sendungen', documents: 'Dokumente', signatures: 'Unterschriften', remarks: 'Vorbehalte', pod: 'Ablieferbelege', invoice: 'Rechnungen', webhooks: 'Webhooks', events: 'Ereignisse', 'request-logs': 'Anfrageprotokoll', 'audit-log': 'Prüfprotokoll', notifications: 'Benachrichtigungen', providers: 'Anbieter', requirements: 'Anforderungen', efti: 'eFTI-Datensätze', tours: 'Touren', test: 'Testuhren und Simulationen', export: 'Exporte', privacy: 'personenbezogene Daten', usage: 'Nutzung', billing: 'Abrechnung' },
    levels: { read: 'lesen', write: 'anlegen und ändern', manage: 'verwalten' },
    join: (area, level) => `${area.charAt(0).toUpperCase()}${area.slice(1)} ${level}`,
  },
  fr: {
    areas: { shipments: 'envois', documents: 'documents', signatures: 'signatures', remarks: 'réserves', pod: 'preuves de livraison', invoice: 'factures', webhooks: 'webhooks', events: 'événements', 'request-logs': 'journal des requêtes', 'audit-log': 'journal d’audit', notifications: 'notifications', providers: 'prestataires', requirements: 'exigences', efti: 'jeux de données eFTI', tours: 'tournées', test: 'horloges de test et simulations', export: 'exports', privacy: 'données personnelles', usage: 'consommation', billing: 'facturation' },
    levels: { read: 'lecture', write: 'création et modification', manage: 'gestion' },
    join: (area, level) => `${area.charAt(0).toUpperCase()}${area.slice(1)} : ${level}`,
  },
  pl: {
    areas: { shipments: 'przesyłki', documents: 'dokumenty', signatures: 'podpisy', remarks: 'zastrzeżenia', pod: 'potwierdzenia dostawy', invoice: 'faktury', webhooks: 'webhooki', events: 'zdarzenia', 'request-logs': 'dziennik żądań', 'audit-log': 'dziennik audytu', notifications: 'powiadomienia', providers: 'dostawcy usług', requirements: 'wymagania', efti: 'zbiory danych eFTI', tours: 'trasy', test: 'zegary testowe i symulacje', export: 'eksporty', privacy: 'dane osobowe', usage: 'zużycie', billing: 'rozliczenia' },
    levels: { read: 'odczyt', write: 'tworzenie i zmiana', manage: 'zarządzanie' },
    join: (area, level) => `${area.charAt(0).toUpperCase()}${area.slice(1)}: ${level}`,
  },
};

/** What `scope` allows, in `language` ("Sendungen lesen", "Envois : lecture"). */
export function describeScope(scope: Scope, language: ConsoleLanguage): string {
  const [area, level] = scope.split(':') as [Area, Level];
  const w = SCOPE_WORDS[language];
  return w.join(w.areas[area], w.levels[level]);
}
