/**
 * /console/shipments/{id}: one shipment as a dispatcher reads it. Its header (status, mode, times),
 * then `actionsHtml` (what the member may do to it, made elsewhere; empty here), the integrity
 * verdict an inspector would read, the findings, parties and places, goods, and the records of
 * shipment-page-records.ts. Read-only: every member role sees it. The parts that follow the
 * shipment (`[data-live]`, `#shipment-acts`) are swapped in by the page's script when an event
 * arrives (shipment-live.ts). Every value goes through `esc`.
 */
import type { Address, Contact, GoodsLine, Party, Stop } from '../shipments/shipment-input.schema.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, facts, table, timeHtml, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS, type ConsoleLanguage } from './console-words.js';
import type { ShipmentPage } from './shipment-dossier.js';
import { CONSOLE_SHIPMENTS_PATH } from './shipment-list-page.js';
import { recordSections } from './shipment-page-records.js';
import { SHIPMENT_LIVE_SCRIPT_PATH, SHIPMENT_LIVE_WORDS } from './shipment-live.js';
import { SHIPMENT_WORDS } from './shipment-words.js';

export type { ShipmentPage };

type Words = (typeof SHIPMENT_WORDS)[ConsoleLanguage];

const lines = (values: (string | undefined | null)[]) => values.filter((v) => v !== undefined && v !== null && v !== '').map((v) => esc(String(v))).join('<br>');

function addressHtml(a: Address | undefined): string {
  if (!a) return '—';
  return lines([a.department, a.street, a.additional, a.po_box, [a.postal_code, a.city].filter(Boolean).join(' '), [a.country_subdivision, a.country].filter(Boolean).join(', ')]);
}

const contactHtml = (c: Contact | undefined) => (c ? lines([c.name, c.email, c.phone]) : '');

function header(p: ShipmentPage, w: Words): string {
  const s = p.dossier.shipment;
  const frame = CONSOLE_FRAME_WORDS[p.language];
  const at = (value: unknown) => timeHtml(typeof value === 'string' ? value : null, zoneOf(p.view));
  const rows: [string, string][] = [
    [frame.id, `<code>${esc(s.id)}</code>`],
    [w.status, `<strong data-status="${esc(s.status)}">${esc(w.statuses[s.status] ?? s.status)}</strong>`],
    [w.mode, esc(s.mode === 'live' ? frame.live : frame.sandbox)],
    [w.transportType, esc(w.values.transport[String(s.transport_type)] ?? String(s.transport_type))],
    [w.created, at(s.created_at)],
  ];
  if (s.issued_at) rows.push([w.issued, at(s.issued_at)]);
  if (s.picked_up_at) rows.push([w.pickedUp, at(s.picked_up_at)]);
  if (s.delivered_at) rows.push([w.delivered, at(s.delivered_at)]);
  if (s.cancelled_at) rows.push([w.cancelled, `${at(s.cancelled_at)}${s.cancellation_reason ? ` · ${w.reason}: ${esc(String(s.cancellation_reason))}` : ''}`]);
  rows.push([w.updated, at(s.updated_at)]);
  return facts(rows);
}

function verdict(p: ShipmentPage, w: Words): string {
  const v = p.dossier.verdict;
  const intact = v.verdict === 'intact';
  // A draft has no note to check: its verdict is no alarm, only the chain's report.
  const alarm = !intact && (v.document !== null || !v.chain.valid);
  const parts = [
    ...(intact ? [w.intact] : alarm ? [w.broken] : []),
    w.chain(v.chain.events_checked, v.chain.first_bad_seq),
    v.document ? w.note(v.document.version, v.document.sha256_matches, v.document.seal_valid) : w.noNote,
  ];
  return `<section aria-labelledby="h-integrity"><h2 id="h-integrity">${esc(w.integrity)}</h2><p class="notice${alarm ? ' error' : ''}" id="integrity" data-verdict="${esc(v.verdict)}">${parts.map(esc).join(' ')} <span class="muted">${esc(w.checkedAt)} ${timeHtml(v.checked_at, zoneOf(p.view))}</span></p></section>`;
}

function findings(p: ShipmentPage, w: Words): string {
  const rows = p.dossier.shipment.warnings.map((f) => [`<code>${esc(f.path)}</code>`, `<code>${esc(f.code)}</code>`, esc(f.message)]);
  return `<section aria-labelledby="h-findings"><h2 id="h-findings">${esc(w.findings)}</h2>${table([w.field, w.code, w.message], rows, w.noFindings)}</section>`;
}

function partyRows(s: Record<string, unknown>, w: Words): [string, string][] {
  const one = (role: string, party: Party) =>
    [w.roles[role] ?? role, `<strong>${esc(party.name)}</strong><br>${addressHtml(party.address)}${party.vat_number ? `<br>${esc(w.vat)} ${esc(party.vat_number)}` : ''}${party.contact ? `<br>${contactHtml(party.contact)}` : ''}`] as [string, string];
  const rows: [string, string][] = [];
  for (const role of ['consignor', 'consignee', 'carrier', 'principal']) if (s[role]) rows.push(one(role, s[role] as Party));
  for (const party of (s.successive_carriers as Party[] | undefined) ?? []) rows.push(one('successive_carrier', party));
  return rows;
}

function placeRows(s: Record<string, unknown>, w: Words, zone: string): [string, string][] {
  const stop = (label: string, value: Stop | undefined): [string, string][] => {
    if (!value) return [];
    const window = value.window ? `<br>${esc(w.window)}: ${timeHtml(value.window.from, zone)}${value.window.to ? ` – ${timeHtml(value.window.to, zone)}` : ''}` : '';
    const instructions = value.instructions ? `<br>${esc(w.instructions)}: ${esc(value.instructions)}` : '';
    return [[label, `${addressHtml(value.address)}${window}${instructions}`]];
  };
  const vehicle = s.vehicle as { plate?: string; trailer_plate?: string; country?: string } | undefined;
  const driver = s.driver as { name?: string; phone?: string } | undefined;
  return [
    ...stop(w.pickup, s.pickup as Stop | undefined),
    ...stop(w.delivery, s.delivery as Stop | undefined),
    ...(vehicle ? [[w.vehicle, lines([[vehicle.plate, vehicle.country].filter(Boolean).join(' · '), vehicle.trailer_plate ? `${w.trailer} ${vehicle.trailer_plate}` : undefined])] as [string, string]] : []),
    ...(driver ? [[w.driver, lines([driver.name, driver.phone])] as [string, string]] : []),
  ];
}

function goods(s: Record<string, unknown>, w: Words): string {
  const rows = ((s.goods as GoodsLine[] | undefined) ?? []).map((g) => [
    esc(g.description),
    esc(g.marks ?? ''),
    esc(String(g.quantity)),
    esc(g.package_type),
    esc(g.gross_weight_kg === undefined ? '' : String(g.gross_weight_kg)),
    esc(g.volume_m3 === undefined ? '' : String(g.volume_m3)),
    esc(g.adr ? [g.adr.un_number ? `UN ${g.adr.un_number}` : '', g.adr.class ?? '', g.adr.packing_group ?? ''].filter(Boolean).join(' ') : ''),
  ]);
  return `<section aria-labelledby="h-goods"><h2 id="h-goods">${esc(w.goods)}</h2>${table([w.description, w.marks, w.quantity, w.packaging, w.weight, w.volume, w.dangerous], rows, '—')}</section>`;
}

export function renderShipmentPage(p: ShipmentPage): string {
  const w = SHIPMENT_WORDS[p.language];
  const s = p.dossier.shipment;
  const parties = partyRows(s, w);
  const places = placeRows(s, w, zoneOf(p.view));
  const live = p.live ? ` id="shipment-live" data-src="${esc(p.live.src)}" data-etag="${esc(p.live.tag)}"` : '';
  const liveWords = SHIPMENT_LIVE_WORDS[p.language];
  const body = `<div data-live="head"${live}>${header(p, w)}</div>
<div id="shipment-acts">${p.actionsHtml}</div>
${p.live ? `<p class="visually" id="shipment-live-status" role="status" data-updated="${esc(liveWords.updated)}"></p>` : ''}
<div data-live="body">${verdict(p, w)}
${findings(p, w)}
<section aria-labelledby="h-parties"><h2 id="h-parties">${esc(w.parties)}</h2>${parties.length ? facts(parties) : '<p class="muted">—</p>'}</section>
<section aria-labelledby="h-places"><h2 id="h-places">${esc(w.places)}</h2>${places.length ? facts(places) : '<p class="muted">—</p>'}</section>
${goods(s, w)}
${recordSections(p, w)}</div>
<p><a href="${esc(p.mode === 'live' ? `${CONSOLE_SHIPMENTS_PATH}?mode=live` : CONSOLE_SHIPMENTS_PATH)}">${esc(w.back)}</a></p>`;
  const title = `${w.shipment} ${typeof s.reference === 'string' ? s.reference : s.id}`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'shipments', title, body, ...(p.live ? { scripts: [SHIPMENT_LIVE_SCRIPT_PATH] } : {}), ...(p.notice ? { notice: p.notice } : {}) });
}
