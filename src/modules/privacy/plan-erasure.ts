/**
 * The erasure plan of a data subject: every record holding their personal data in the caller's
 * organisation and mode, the field paths that change, and how to change them. A dry run reports
 * the plan; an erasure makes the same plan inside its transaction (the shipments locked) and
 * applies it, so the two reports are the same for the same data.
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { isObj, searchTerms, type Subject } from './data-subject.js';
import { ERASED, eraseNeedles, eraseNeedlesAndPlaces, eraseText, mergeNeedles, needlePattern, type Needles } from './erase-values.js';
import { eraseDeliveryBody, eraseFeedEvent, eraseIdempotentResponse, eraseInvitation, eraseNotification, eraseRequestLogBatch, eraseRequestLogFailure, eraseSignatureRequest, eraseTour } from './erased-records.repository.js';
import { findDataSubject } from './find-data-subject.js';
import { planShipmentErasure } from './plan-shipment-erasure.js';
import { planTemplateErasure } from './plan-template-erasure.js';
import { ErasurePlan } from './erasure-plan.js';
import {
  selectDeliveriesOf,
  selectFeedEventsOf,
  selectIdempotentResponsesMentioning,
  selectRequestLogFailuresMentioning,
  selectInvitationsTo,
  selectNotificationsByHash,
  selectRequestLogBatchesMentioning,
  selectToursWithStopsOf,
} from './privacy.repository.js';

/** Finds the subject and plans their erasure; `forUpdate` (an erasure's transaction) locks the shipments. */
export async function planErasure(db: Database, ctx: TenantContext, subject: Subject, forUpdate: boolean): Promise<ErasurePlan> {
  const plan = new ErasurePlan();
  const found = await findDataSubject(db, ctx, subject, forUpdate);
  const strong = [...found.identity.emails, ...found.identity.phones];
  const patterns = await planShipmentErasure(db, ctx, subject, found, plan);
  const strongPattern = needlePattern(strong);

  for (const r of found.requests) {
    const fields = [...(r.recipient_hint !== ERASED ? ['recipient_hash', 'recipient_hint'] : []), ...(r.recipient_sealed !== null ? ['recipient_sealed'] : [])];
    plan.add('signature_request', r.id, fields, (trx) => eraseSignatureRequest(trx, ctx, r.id, ERASED));
  }

  for (const n of await selectNotificationsByHash(db, ctx, found.hashes)) {
    const error = n.error === null ? undefined : eraseText(n.error, strongPattern);
    plan.add('notification', n.id, [...(n.recipient_hint !== ERASED ? ['recipient_hash', 'recipient_hint'] : []), ...(error !== undefined ? ['error'] : [])], (trx) =>
      eraseNotification(trx, ctx, n.id, ERASED, error ?? n.error),
    );
  }

  // The tours they drive, and the tours with a stop of a shipment they were found in (a stop's reason may name them or their address).
  const driven = new Set(found.tours.map((t) => t.id));
  const shipmentIds = found.shipments.map((s) => s.id);
  const tours = [...found.tours, ...(await selectToursWithStopsOf(db, ctx, shipmentIds)).filter((t) => !driven.has(t.id))];
  for (const tour of tours) {
    const theirs = driven.has(tour.id);
    const driverName = theirs && typeof tour.driver.name === 'string' ? [tour.driver.name] : [];
    const needles = mergeNeedles([{ values: [...strong, ...driverName], addresses: [] }, ...stopShipments(tour.stops).map((id) => patterns.get(id))]);
    patterns.set(tour.id, needles);
    plan.names.push(...driverName);
    const pattern = needlePattern(needles.values);
    const driver = theirs ? { ...tour.driver, name: ERASED, phone: ERASED } : tour.driver;
    const name = eraseText(tour.name, pattern);
    const stops = eraseNeedles(tour.stops, needles);
    const reason = tour.cancellation_reason === null ? undefined : eraseText(tour.cancellation_reason, pattern);
    const fields = [...(theirs && tour.driver.name !== ERASED ? ['driver.name', 'driver.phone', 'driver_phone'] : []), ...(name !== undefined ? ['name'] : []), ...stops.paths.map((p) => `stops${p}`), ...(reason !== undefined ? ['cancellation_reason'] : [])];
    plan.add('tour', tour.id, fields, (trx) =>
      eraseTour(trx, ctx, tour.id, { name: name ?? tour.name, driver, driver_phone: theirs ? ERASED : tour.driver_phone, stops: stops.value, cancellation_reason: reason ?? tour.cancellation_reason }),
    );
  }

  const tourIds = tours.map((t) => t.id);
  for (const e of await selectFeedEventsOf(db, ctx, shipmentIds, tourIds)) {
    const owner = e.shipment_id ?? (typeof e.data.tour_id === 'string' ? e.data.tour_id : '');
    const needles = patterns.get(owner);
    plan.eventPatterns.set(e.id, needles);
    const erased = eraseNeedlesAndPlaces(e.data, needles, plan.signatures);
    plan.add('event', e.id, erased.paths.map((p) => `data.${p}`), (trx) => eraseFeedEvent(trx, ctx, e.id, erased.value));
  }

  for (const d of await selectDeliveriesOf(db, ctx, [...plan.eventPatterns.keys()])) {
    const erased = eraseNeedlesAndPlaces(parseOrText(d.body), plan.eventPatterns.get(d.event_id), plan.signatures);
    const body = typeof erased.value === 'string' ? erased.value : JSON.stringify(erased.value);
    plan.add('webhook_delivery', d.id, erased.paths.map((p) => (p === '$' ? 'body' : `body.${p}`)), (trx) => eraseDeliveryBody(trx, ctx, d.id, body));
  }

  await planTemplateErasure(db, ctx, subject, found.identity, plan);

  // A stored response is theirs when it names one of their addresses or numbers, one of the shipments they were found in, or what they were named by.
  const owners = [...strong, ...found.shipments.map((s) => s.id), ...searchTerms(subject, found.identity)];
  await planUnattachedErasure(db, ctx, found.identity.emails, { values: [...strong, ...plan.names], addresses: plan.addresses }, owners, plan);
  return plan;
}

/** Stores not tied to a shipment: request logs, stored idempotent responses, invitations. */
async function planUnattachedErasure(db: Database, ctx: TenantContext, emails: Set<string>, needles: Needles, owners: string[], plan: ErasurePlan): Promise<void> {
  const terms = [...new Set(needles.values.map((v) => v.trim()).filter((v) => v.length >= 4 && v !== ERASED))];
  const pattern = needlePattern(terms);
  for (const b of await selectRequestLogBatchesMentioning(db, ctx, terms)) {
    const entries = JSON.parse(b.entries.toString('utf8')) as unknown[][];
    const fields: string[] = [];
    const next = entries.map((e, i) => {
      const path = eraseText(String(e[2]), pattern);
      if (path === undefined) return e;
      fields.push(`entries[${i}].path`);
      return [e[0], e[1], path, ...e.slice(3)];
    });
    plan.add('request_log', b.first_id, fields, (trx) => eraseRequestLogBatch(trx, ctx, b.first_id, b.last_id, next, [...new Set(next.map((e) => String(e[2])))]));
  }
  for (const f of await selectRequestLogFailuresMentioning(db, ctx, terms)) {
    const fields: string[] = [];
    const erase = (name: 'request_body' | 'response_body', body: string | null) => {
      if (body === null) return null;
      const erased = eraseNeedles(parseOrText(body), { values: terms, addresses: needles.addresses });
      fields.push(...erased.paths.map((p) => `${name}${p === '$' ? '' : `.${p}`}`));
      return typeof erased.value === 'string' ? erased.value : JSON.stringify(erased.value);
    };
    const bodies = { request_body: erase('request_body', f.request_body), response_body: erase('response_body', f.response_body) };
    plan.add('request_log', f.request_id, fields, (trx) => eraseRequestLogFailure(trx, ctx, f.request_id, bodies));
  }
  for (const r of await selectIdempotentResponsesMentioning(db, ctx, owners)) {
    if (r.response_body === null) continue;
    const erased = eraseNeedles(parseOrText(r.response_body), { values: terms, addresses: needles.addresses });
    const body = typeof erased.value === 'string' ? erased.value : JSON.stringify(erased.value);
    plan.add('idempotency_key', r.key, erased.paths.map((p) => `response_body${p === '$' ? '' : `.${p}`}`), (trx) => eraseIdempotentResponse(trx, ctx, r.key, body));
  }
  for (const i of await selectInvitationsTo(db, ctx.organizationId, [...emails])) {
    plan.add('invitation', i.id, ['email'], (trx, now) => eraseInvitation(trx, ctx.organizationId, i.id, ERASED, now));
  }
}

function stopShipments(stops: unknown): string[] {
  return Array.isArray(stops) ? stops.flatMap((s) => (isObj(s) && typeof s.shipment_id === 'string' ? [s.shipment_id] : [])) : [];
}

function parseOrText(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
