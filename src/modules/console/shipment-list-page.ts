/**
 * /console/shipments: the organisation's shipments in the sandbox or live, newest first, in pages,
 * with one search box (reference, party name, plate, shipment id), a status and a created-date range (days in the member's zone, the last one whole).
 * Read-only: every member role sees it.
 */
import type { ShipmentView } from '../shipments/shipment-view.js';
import { renderConsoleFrame } from './console-layout.js';
import { esc, filterForm, hrefWith, modeSwitch, pager, selectField, table, textField, timeHtml, wallClockField, zoneOf } from './console-page-parts.js';
import { CONSOLE_FRAME_WORDS } from './console-words.js';
import type { ListPage } from './log-pages.js';
import { SHIPMENT_WORDS } from './shipment-words.js';
import { SHIPMENT_STATUSES } from '../shipments/shipment-status.js';

export const CONSOLE_SHIPMENTS_PATH = '/console/shipments';

/** Where one shipment's console page is, in the mode it was found in. */
export const shipmentPageHref = (id: string, mode: string) => hrefWith(`${CONSOLE_SHIPMENTS_PATH}/${id}`, { mode });

type Party = { name?: string; address?: { city?: string; country?: string } } | undefined;
const placeOf = (party: Party) => (party ? [party.name, party.address?.city].filter(Boolean).join(', ') : '—');

export function renderShipmentsPage(p: ListPage<ShipmentView>): string {
  const w = SHIPMENT_WORDS[p.language];
  const statuses = [{ value: '', label: w.any }, ...SHIPMENT_STATUSES.map((s) => ({ value: s, label: w.statuses[s] ?? s }))];
  const fields = [
    `<div class="wide">${textField('q', w.search, p.filters.q, 'search').replace('<input', `<input placeholder="${esc(w.searchHint)}"`)}</div>`,
    selectField('status', w.status, p.filters.status, statuses),
    wallClockField('from', w.from, p.filters.from, zoneOf(p.view), 'date'),
    wallClockField('to', w.to, p.filters.to, zoneOf(p.view), 'date'),
  ];
  const rows = p.page.data.map((s) => {
    const vehicle = s.vehicle as { plate?: string; trailer_plate?: string } | undefined;
    return [
      `<a href="${esc(shipmentPageHref(s.id, p.mode))}">${esc(typeof s.reference === 'string' ? s.reference : s.id)}</a>`,
      `<span data-status="${esc(s.status)}">${esc(w.statuses[s.status] ?? s.status)}</span>`,
      `${esc(placeOf(s.consignor as Party))} → ${esc(placeOf(s.consignee as Party))}`,
      esc([vehicle?.plate, vehicle?.trailer_plate].filter(Boolean).join(' / ') || '—'),
      timeHtml(s.created_at as string, zoneOf(p.view)),
      `<code>${esc(s.id)}</code>`,
    ];
  });
  const frame = CONSOLE_FRAME_WORDS[p.language];
  const body = `${modeSwitch(p.language, CONSOLE_SHIPMENTS_PATH, p.mode, p.view.organization.live_enabled)}
${filterForm(CONSOLE_SHIPMENTS_PATH, p.mode, fields, w.filter)}
${table([w.reference, w.status, w.route, w.plate, w.created, frame.id], rows, frame.none)}
${pager(p.language, CONSOLE_SHIPMENTS_PATH, { ...p.filters, mode: p.mode }, p.page, p.onLaterPage)}`;
  return renderConsoleFrame({ language: p.language, view: p.view, active: 'shipments', title: w.shipments, body });
}
