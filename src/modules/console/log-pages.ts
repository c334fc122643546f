/**
 * The console's reading pages: the event feed (list, one event) and the audit log (rows with
 * filters, and the hash chain's integrity check); request logs have request-log-pages.ts. Lists
 * page with the modules' cursors; each page shows the sandbox or, once cleared, live (the mode switch).
 */
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import type { EventView } from '../events/events.schema.js';
import type { AuditEventView } from '../audit-log/audit-log.schema.js';
import { AUDIT_ACTIONS } from '../audit-log/audit-actions.js';
import type { EventActorNames } from './event-actor-names.js';
import { renderConsoleFrame } from './console-layout.js';
import { codeBlock, esc, facts, filterForm, hrefWith, modeSwitch, pager, selectField, table, textField, timeHtml, wallClockField, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from './console-words.js';

const WORDS = {
  en: {
    events: 'Events',
    event: 'Event',
    audit: 'Audit log',
    time: 'Time',
    type: 'Type',
    shipment: 'Shipment',
    data: 'Data',
    action: 'Action',
    actor: 'Actor',
    target: 'Target',
    changes: 'Changes',
    from: 'From',
    to: 'Until',
    any: 'any',
    filter: 'Filter',
    integrity: 'Integrity',
    intact: (n: number) => `The hash chain is intact: ${n} rows recomputed.`,
    broken: (n: number, first: string) => `The hash chain does not verify: ${n} rows recomputed, the first that fails is ${first}.`,
    brokenEnd: (n: number) => `The hash chain does not verify: ${n} rows recomputed, rows are missing at its end.`,
    checkedAt: 'Checked at',
    back: 'Back to the list',
  },
  nl: {
    events: 'Gebeurtenissen',
    event: 'Gebeurtenis',
    audit: 'Auditlog',
    time: 'Tijd',
    type: 'Type',
    shipment: 'Zending',
    data: 'Gegevens',
    action: 'Handeling',
    actor: 'Door',
    target: 'Betreft',
    changes: 'Wijzigingen',
    from: 'Vanaf',
    to: 'Tot',
    any: 'alle',
    filter: 'Filteren',
    integrity: 'Integriteit',
    intact: (n: number) => `De hashketen is intact: ${n} regels nagerekend.`,
    broken: (n: number, first: string) => `De hashketen klopt niet: ${n} regels nagerekend, de eerste die niet klopt is ${first}.`,
    brokenEnd: (n: number) => `De hashketen klopt niet: ${n} regels nagerekend, aan het eind ontbreken regels.`,
    checkedAt: 'Nagerekend om',
    back: 'Terug naar de lijst',
  },
  de: {
    events: 'Ereignisse',
    event: 'Ereignis',
    audit: 'Prüfprotokoll',
    time: 'Zeit',
    type: 'Art',
    shipment: 'Sendung',
    data: 'Daten',
    action: 'Handlung',
    actor: 'Ausgeführt von',
    target: 'Betrifft',
    changes: 'Änderungen',
    from: 'Ab',
    to: 'Bis',
    any: 'alle',
    filter: 'Filtern',
    integrity: 'Integrität',
    intact: (n: number) => `Die Hash-Kette ist intakt: ${n} Zeilen nachgerechnet.`,
    broken: (n: number, first: string) => `Die Hash-Kette stimmt nicht: ${n} Zeilen nachgerechnet, die erste fehlerhafte ist ${first}.`,
    brokenEnd: (n: number) => `Die Hash-Kette stimmt nicht: ${n} Zeilen nachgerechnet, an ihrem Ende fehlen Zeilen.`,
    checkedAt: 'Geprüft um',
    back: 'Zurück zur Liste',
  },
  fr: {
    events: 'Événements',
    event: 'Événement',
    audit: 'Journal d’audit',
    time: 'Heure',
    type: 'Type',
    shipment: 'Envoi',
    data: 'Données',
    action: 'Action',
    actor: 'Auteur',
    target: 'Objet',
    changes: 'Modifications',
    from: 'Du',
    to: 'Au',
    any: 'tous',
    filter: 'Filtrer',
    integrity: 'Intégrité',
    intact: (n: number) => `La chaîne de hachage est intacte : ${n} lignes recalculées.`,
    broken: (n: number, first: string) => `La chaîne de hachage n’est pas vérifiée : ${n} lignes recalculées, la première en défaut est ${first}.`,
    brokenEnd: (n: number) => `La chaîne de hachage n’est pas vérifiée : ${n} lignes recalculées, des lignes manquent à la fin.`,
    checkedAt: 'Vérifié à',
    back: 'Retour à la liste',
  },
  pl: {
    events: 'Zdarzenia',
    event: 'Zdarzenie',
    audit: 'Dziennik audytu',
    time: 'Czas',
    type: 'Typ',
    shipment: 'Przesyłka',
    data: 'Dane',
    action: 'Czynność',
    actor: 'Wykonawca',
    target: 'Dotyczy',
    changes: 'Zmiany',
    from: 'Od',
    to: 'Do',
    any: 'wszystkie',
    filter: 'Filtruj',
    integrity: 'Integralność',
    intact: (n: number) => `Łańcuch skrótów jest nienaruszony: przeliczono wiersze (${n}).`,
    broken: (n: number, first: string) => `Łańcuch skrótów się nie zgadza: przeliczono wiersze (${n}), pierwszy błędny to ${first}.`,
    brokenEnd: (n: number) => `Łańcuch skrótów się nie zgadza: przeliczono wiersze (${n}), na jego końcu brakuje wierszy.`,
    checkedAt: 'Sprawdzono o',
    back: 'Wróć do listy',
  },
} as const;

/** What every list page shows besides its rows. */
export interface ListPage<T> {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  mode: Mode;
  filters: Record<string, string | undefined>;
  page: { data: T[]; next_cursor: string | null };
  onLaterPage: boolean;
}

function listBody<T>(p: ListPage<T>, path: string, filterFields: string[], headers: string[], row: (item: T) => string[]): string {
  const w = WORDS[p.language];
  const frame = CONSOLE_FRAME_WORDS[p.language];
  const params = { ...p.filters, mode: p.mode };
  return `${modeSwitch(p.language, path, p.mode, p.view.organization.live_enabled)}
${filterForm(path, p.mode, filterFields, w.filter)}
${table(headers, p.page.data.map(row), frame.none)}
${pager(p.language, path, params, p.page, p.onLaterPage)}`;
}

/** The `from` and `to` fields of a list's created-time window, in the member's zone. */
export function timeWindowFields(p: Pick<ListPage<unknown>, 'language' | 'view' | 'filters'>): string[] {
  const w = WORDS[p.language];
  return [wallClockField('from', w.from, p.filters.from, zoneOf(p.view)), wallClockField('to', w.to, p.filters.to, zoneOf(p.view))];
}

const link = (path: string, mode: Mode, text: string) => `<a href="${esc(hrefWith(path, { mode }))}">${text}</a>`;

export function renderEventsPage(p: ListPage<EventView>): string {
  const w = WORDS[p.language];
  const fields = [textField('type', w.type, p.filters.type), textField('shipment_id', w.shipment, p.filters.shipment_id), ...timeWindowFields(p)];
  const body = listBody(p, '/console/events', fields, [w.time, w.type, w.shipment, CONSOLE_FRAME_WORDS[p.language].id], (e) => [
    timeHtml(e.created_at, zoneOf(p.view)),
    `<code>${esc(e.type)}</code>`,
    typeof e.data.shipment_id === 'string' ? `<code>${esc(e.data.shipment_id)}</code>` : '',
    link(`/console/events/${e.id}`, p.mode, `<code>${esc(e.id)}</code>`),
  ]);
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'events', title: w.events, body });
}

export function renderEventPage(language: ConsoleLanguage, view: ConsoleSessionView, mode: Mode, e: EventView): string {
  const w = WORDS[language];
  const body = `${facts([
    [CONSOLE_FRAME_WORDS[language].id, `<code>${esc(e.id)}</code>`],
    [w.type, `<code>${esc(e.type)}</code>`],
    [w.time, timeHtml(e.created_at, zoneOf(view))],
  ])}<h2>${esc(w.data)}</h2>${codeBlock(JSON.stringify(e))}<p>${link('/console/events', mode, esc(w.back))}</p>`;
  return renderConsoleFrame({ language, view, active: 'events', title: w.event, body });
}

export interface AuditPage extends ListPage<AuditEventView> {
  integrity: { valid: boolean; checked: number; first_broken?: string; checked_at: string };
  /** Who the rows' actors are, as a member recognises them (event-actor-names.ts). */
  actors: EventActorNames;
}

function actorText(actor: Record<string, unknown>): string {
  return [actor.type, actor.id, actor.role, actor.note].filter((v) => typeof v === 'string').join(' ');
}

/** The actor as a member recognises them (a member's e-mail, a key's hint), above the recorded type and id that the filter takes. */
function actorHtml(actor: Record<string, unknown>, names: EventActorNames): string {
  const id = typeof actor.id === 'string' ? actor.id : '';
  const name = actor.type === 'user' ? names.members.get(id) : actor.type === 'api_key' ? names.apiKeys.get(id) : undefined;
  return name ? `${esc(name)}<br><span class="mono muted">${esc(actorText(actor))}</span>` : `<span class="mono">${esc(actorText(actor))}</span>`;
}

export function renderAuditLogPage(p: AuditPage): string {
  const w = WORDS[p.language];
  const actions = [{ value: '', label: w.any }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))];
  const fields = [
    selectField('action', w.action, p.filters.action, actions),
    textField('actor', w.actor, p.filters.actor),
    textField('target', w.target, p.filters.target),
    ...timeWindowFields(p),
  ];
  const i = p.integrity;
  const verdict = i.valid ? w.intact(i.checked) : i.first_broken ? w.broken(i.checked, i.first_broken) : w.brokenEnd(i.checked);
  const integrity = `<p class="notice${i.valid ? '' : ' error'}" id="integrity"><strong>${esc(w.integrity)}:</strong> ${esc(verdict)} <span class="muted">${esc(w.checkedAt)} ${timeHtml(i.checked_at, zoneOf(p.view))}</span></p>`;
  const body = listBody(p, '/console/audit-log', fields, [w.time, w.action, w.actor, w.target, w.changes], (a) => [
    timeHtml(a.created_at, zoneOf(p.view)),
    `<code>${esc(a.action)}</code>`,
    `${actorHtml(a.actor, p.actors)}${a.ip ? `<br><span class="muted">${esc(a.ip)}</span>` : ''}`,
    `<span class="mono">${esc(a.target.type)} ${esc(a.target.id)}</span>`,
    Object.keys(a.changes).length > 0 ? `<code>${esc(JSON.stringify(a.changes))}</code>` : '',
  ]);
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'audit_log', title: w.audit, body: `${integrity}${body}` });
}
