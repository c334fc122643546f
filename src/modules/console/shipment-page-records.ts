/**
 * The records half of the console's shipment page: the timeline from the hash chain (each event
 * with who caused it, when, and what it changed), documents and every note version, signatures and
 * sign links, remarks with their photos, the proof of delivery, the invoice, the eFTI dataset and
 * the inspection views. Files open through the console's own routes, in the member's session.
 */
import type { EventActor } from '../events/event-actor.js';
import type { ShipmentEventView } from '../shipments/list-shipment-events.js';
import { esc, facts, hrefWith, table, timeHtml, zoneOf } from './console-page-parts.js';
import type { ConsoleLanguage } from './console-words.js';
import type { ShipmentDossier, ShipmentPage } from './shipment-dossier.js';
import { CONSOLE_SHIPMENTS_PATH } from './shipment-list-page.js';
import { SHIPMENT_WORDS } from './shipment-words.js';

type Words = (typeof SHIPMENT_WORDS)[ConsoleLanguage];

/** An API value in the page's words, as it came when the words have none for it. */
const named = (names: Record<string, string>, value: string) => names[value] ?? value;

const section = (id: string, title: string, body: string) => `<section aria-labelledby="h-${id}"><h2 id="h-${id}">${esc(title)}</h2>${body}</section>`;

/** A console route of this shipment (files, photos, the eFTI view), in the page's mode. */
export function shipmentFileHref(p: Pick<ShipmentPage, 'dossier' | 'mode'>, rest: string): string {
  return hrefWith(`${CONSOLE_SHIPMENTS_PATH}/${p.dossier.shipment.id}/${rest}`, { mode: p.mode });
}

/** A sign link's actor: its role in the page's words, "(sign link)". */
const viaSignLink = (role: string, w: Words) => `${w.roles[role] ?? role} (${w.signLink})`;

/** Who caused an event recorded before the chain kept its actor: guessed from what the chain and the shipment's records say of it. */
function derivedActor(e: ShipmentEventView, d: ShipmentDossier, w: Words): string {
  const data = e.data;
  if (e.type === 'remark.created') {
    const remark = d.remarks.find((r) => r.id === data.remark_id);
    if (remark?.source === 'sign_link') return viaSignLink(remark.role ?? '', w);
    if (remark?.source === 'provider') return w.provider;
  }
  if (e.type === 'stop.closed_unsigned') return w.driver;
  if (e.type === 'shipment.inspected') return `${w.viewer} (${String(data.channel ?? '')})`;
  if (e.type.startsWith('efti.')) return w.gate;
  if (e.type.startsWith('shipment.hand') || e.type === 'shipment.routed') return `${w.provider} ${String(data.provider_id ?? '')}`.trim();
  return w.api;
}

/** Who caused an event as a person recognises them: the recorded actor's key hint, member, driver, sign link, provider, gate or the service. */
function recordedActor(actor: EventActor, d: ShipmentDossier, w: Words): string {
  const id = actor.id ?? '';
  switch (actor.type) {
    case 'api_key':
      return w.apiKey(d.actors.apiKeys.get(id) ?? id);
    case 'user':
      return d.actors.members.get(id) ?? w.formerMember;
    case 'driver_session':
      return w.driverApp(d.actors.drivers.get(id) ?? w.driver);
    case 'sign_link':
      return viaSignLink(actor.role ?? '', w);
    case 'provider':
      return `${w.provider} ${id}`.trim();
    case 'efti_gate':
      return w.gate;
    case 'cli':
      return w.cli;
    default:
      return w.service;
  }
}

/** Who caused an event; a signature names its signer and role, whoever recorded it. */
function actor(e: ShipmentEventView, d: ShipmentDossier, w: Words): string {
  const data = e.data;
  if (e.type === 'signature.completed') {
    const signature = d.signatures.find((s) => s.id === data.signature_id);
    const role = w.roles[String(signature?.role ?? data.role)] ?? String(data.role ?? '');
    return signature ? `${signature.signer_name} (${role})` : role;
  }
  return e.actor ? recordedActor(e.actor, d, w) : derivedActor(e, d, w);
}

const HIDDEN = new Set(['shipment_id', 'seq']);

function changed(e: ShipmentEventView, w: Words): string {
  if (e.erased) return `<span class="muted">${esc(w.erased)}</span>`;
  const shown = Object.entries(e.data).filter(([key]) => !HIDDEN.has(key));
  const value = (v: unknown) => (Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  return shown.map(([key, v]) => `<span class="mono">${esc(key)}</span>: ${esc(value(v))}`).join('<br>');
}

function timeline(d: ShipmentDossier, w: Words, zone: string): string {
  const rows = d.events.map((e) => [esc(String(e.seq)), timeHtml(e.created_at, zone), `<code class="whole">${esc(e.type)}</code>`, esc(actor(e, d, w)), changed(e, w)]);
  return section('timeline', w.timeline, `<div id="timeline">${table([w.seq, w.time, w.event, w.actor, w.changed], rows, '—')}</div>`);
}

const kib = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`);

function documents(p: ShipmentPage, w: Words): string {
  const rows = p.dossier.documents.map((doc) => [
    `<code class="whole">${esc(doc.kind)}</code>`,
    esc(doc.version === null ? '' : String(doc.version)),
    `<a href="${esc(shipmentFileHref(p, `documents/${doc.id}`))}">${esc(doc.filename ?? doc.id)}</a>`,
    esc(kib(doc.size)),
    timeHtml(doc.created_at, zoneOf(p.view)),
    `<code title="SHA-256">${esc(doc.sha256.slice(0, 16))}…</code>`,
  ]);
  return section('documents', w.documents, table([w.kind, w.version, w.file, w.size, w.created, 'SHA-256'], rows, '—'));
}

function signatures(p: ShipmentPage, w: Words): string {
  const signed = p.dossier.signatures.map((s) => [esc(w.roles[s.role] ?? s.role), esc(named(w.values.phase, s.phase)), esc(s.signer_name), esc(named(w.values.method, s.method)), esc(named(w.values.level, s.level)), timeHtml(s.signed_at, zoneOf(p.view))]);
  const requests = p.dossier.signatureRequests.map((r) => [esc(w.roles[r.role] ?? r.role), esc(named(w.values.channel, r.channel)), esc(r.recipient_hint ?? ''), `<span data-status="${esc(r.status)}">${esc(named(w.values.requestStatus, r.status))}</span>`, timeHtml(r.expires_at, zoneOf(p.view)), timeHtml(r.created_at, zoneOf(p.view))]);
  return `${section('signatures', w.signatures, table([w.roleLabel, w.phase, w.signer, w.method, w.level, w.time], signed, '—'))}
${section('sign-requests', w.signRequests, table([w.roleLabel, w.channel, w.recipient, w.status, w.expires, w.created], requests, '—'))}`;
}

function remarks(p: ShipmentPage, w: Words): string {
  const rows = p.dossier.remarks.map((r) => {
    const photos = r.photo_document_ids
      .map((id, i) => `<a href="${esc(shipmentFileHref(p, `documents/${id}`))}"><img src="${esc(shipmentFileHref(p, `photos/${id}`))}" alt="${esc(w.photoOf(i + 1))}" width="96" height="96" loading="lazy" class="thumb"></a>`)
      .join(' ');
    const by = r.source === 'sign_link' ? viaSignLink(r.role ?? '', w) : r.source === 'provider' ? w.provider : w.api;
    return [esc(named(w.values.phase, r.phase)), esc(named(w.values.remarkType, r.type)), esc(r.text ?? ''), esc(by), timeHtml(r.created_at, zoneOf(p.view)), photos];
  });
  return section('remarks', w.remarks, table([w.phase, w.type, w.text, w.actor, w.time, w.photos], rows, '—'));
}

function podAndInvoice(p: ShipmentPage, w: Words): string {
  const { pod, invoice } = p.dossier;
  const podBody = pod
    ? `${facts([[w.delivered, timeHtml(pod.delivered_at, zoneOf(p.view))], [w.roles.consignee ?? '', esc(pod.consignee.name ?? '')]])}<p><a href="${esc(shipmentFileHref(p, 'pod.pdf'))}">${esc(w.podPdf)}</a></p>`
    : `<p class="muted">${esc(w.noPod)}</p>`;
  const invoiceBody = invoice
    ? `${facts([[w.number, esc(invoice.number)], [w.payable, esc(`${invoice.amounts.payable} ${invoice.currency}`)]])}<p><a href="${esc(shipmentFileHref(p, `documents/${invoice.document.id}`))}">${esc(w.ubl)}</a></p>`
    : `<p class="muted">${esc(w.noInvoice)}</p>`;
  return `${section('pod', w.pod, podBody)}\n${section('invoice', w.invoice, invoiceBody)}`;
}

function efti(p: ShipmentPage, w: Words): string {
  const uil = p.dossier.shipment.efti_uil as { dataset_id?: string } | undefined;
  const gate = p.dossier.shipment.gate_status;
  return section(
    'efti',
    w.efti,
    `${facts([[w.datasetId, `<code>${esc(uil?.dataset_id ?? '')}</code>`], [w.gateStatus, esc(typeof gate === 'string' ? gate : '—')]])}<p><a href="${esc(shipmentFileHref(p, 'efti'))}">${esc(w.eftiView)}</a> · <a href="${esc(shipmentFileHref(p, 'efti.xml'))}">${esc(w.eftiXml)}</a></p>`,
  );
}

function inspections(p: ShipmentPage, w: Words): string {
  const views = p.dossier.inspectionViews;
  const rows = views.data.map((v) => [timeHtml(v.viewed_at, zoneOf(p.view)), esc(v.channel), esc(v.outcome), esc(v.viewer ?? ''), esc(v.ip ?? ''), esc(v.language ?? '')]);
  const more = views.has_more ? `<p class="muted">${esc(w.moreViews)}</p>` : '';
  return section('inspections', w.inspections, `${table([w.time, w.channel, w.outcome, w.viewer, w.address, w.language], rows, '—')}${more}`);
}

export function recordSections(p: ShipmentPage, w: Words): string {
  return [timeline(p.dossier, w, zoneOf(p.view)), documents(p, w), signatures(p, w), remarks(p, w), podAndInvoice(p, w), efti(p, w), inspections(p, w)].join('\n');
}
