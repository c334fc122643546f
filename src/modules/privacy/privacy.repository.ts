/**
 * Queries of the privacy module, always scoped by organisation and mode. An erasure is the one act
 * that reaches into every module's records of people, so its reads and its writes of those tables
 * are gathered here, where one file shows everything an erasure touches (docs/privacy.md); the
 * modules' own repositories never change personal data after the fact.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database } from '../../ports/database.js';
import { textArray } from '../../ports/database-arrays.js';
import type { RetainedResourceColumn, SubjectKindColumn } from './privacy.tables.js';
import { RETAINED_DOCUMENT_KINDS } from './retention-policy.js';

export interface Tenant {
  organizationId: string;
  mode: Mode;
}

/** `text` holds `term`, case ignored; `term` escaped as JSON writes it when the column is JSON. */
function holds(column: string, terms: readonly string[], json: boolean): Expression<SqlBool> {
  const parts = terms.map((t) => sql<SqlBool>`position(${(json ? JSON.stringify(t).slice(1, -1) : t).toLowerCase()} in lower(${sql.ref(column)}${json ? sql`::text` : sql``})) > 0`);
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * `= any(array)`: one parameter however many ids. A subject can appear in more shipments (and
 * their events in more still) than PostgreSQL's 65,535 parameters would allow as an IN list.
 */
const anyOf = (list: readonly string[]) => sql<string>`any(${textArray(list)}::text[])`;

export type ShipmentPersonalRow = { id: string; data: Record<string, unknown>; cancellation_reason: string | null };

/** Shipments whose data mentions one of the terms (the caller checks each record), or with one of `extraIds`; locked for an erasure. */
export async function selectShipmentsMentioning(db: Database, t: Tenant, terms: readonly string[], extraIds: readonly string[], forUpdate: boolean): Promise<ShipmentPersonalRow[]> {
  let q = db
    .selectFrom('shipments')
    .select(['id', 'data', 'cancellation_reason'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where((eb) => eb.or([holds('data', terms, true), eb('id', '=', anyOf(extraIds))]))
    .orderBy('id');
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

export function selectRequestsByHash(db: Database, t: Tenant, hashes: readonly string[]) {
  return db
    .selectFrom('signature_requests')
    .select(['id', 'shipment_id', 'status', 'recipient_hint', 'recipient_sealed'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('recipient_hash', '=', anyOf(hashes))
    .orderBy('id')
    .execute();
}

const TOUR_COLUMNS = ['id', 'name', 'driver', 'driver_phone', 'cancellation_reason', 'stops'] as const;

export function selectToursOfPhones(db: Database, t: Tenant, phones: readonly string[]) {
  return db.selectFrom('tours').select(TOUR_COLUMNS).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('driver_phone', '=', anyOf(phones)).orderBy('id').execute();
}

/** Tours with a stop of one of the shipments. */
export function selectToursWithStopsOf(db: Database, t: Tenant, shipmentIds: readonly string[]) {
  return db
    .selectFrom('tours')
    .select(TOUR_COLUMNS)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where(sql<SqlBool>`exists (select 1 from jsonb_array_elements(stops) as s(stop) where s.stop->>'shipment_id' = ${anyOf(shipmentIds)})`)
    .orderBy('id')
    .execute();
}

/**
 * How many erasures the tenant has run: a projection of a shipment cached between requests keys on
 * it, since an erasure changes data without adding a chained event. Read before the shipment, so a
 * projection cached under a count holds data at least as new as that count (migrations run in one
 * transaction with the erasure's row).
 */
export async function erasureCount(db: Database, t: Tenant): Promise<number> {
  const row = await db.selectFrom('privacy_erasures').select((eb) => eb.fn.countAll<string | number>().as('n')).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function selectSignaturesOf(db: Database, t: Tenant, shipmentIds: readonly string[]) {
  return db
    .selectFrom('signatures')
    .select(['id', 'shipment_id', 'signer_name', 'signature_request_id', 'ip', 'user_agent', 'location', 'place', 'image_object_key', 'trust_signature', 'signed_at'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', anyOf(shipmentIds))
    .orderBy('id')
    .execute();
}

export function selectRemarksOf(db: Database, t: Tenant, shipmentIds: readonly string[]) {
  return db
    .selectFrom('remarks')
    .select(['id', 'shipment_id', 'text', 'signature_request_id'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', anyOf(shipmentIds))
    .orderBy('id')
    .execute();
}

/** The disposal instructions of the shipments: what was instructed (a new place, a new consignee, text) and its evidence. */
export function selectDisposalInstructionsOf(db: Database, t: Tenant, shipmentIds: readonly string[]) {
  return db
    .selectFrom('disposal_instructions')
    .select(['id', 'shipment_id', 'instructing_party', 'delivery', 'consignee', 'text', 'signature_request_id', 'ip', 'user_agent'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', anyOf(shipmentIds))
    .orderBy('id')
    .execute();
}

/** Disposal instructions whose new consignee or place of delivery mentions one of the terms (the caller checks each record). */
export function selectInstructionsMentioning(db: Database, t: Tenant, terms: readonly string[]) {
  return db
    .selectFrom('disposal_instructions')
    .select(['shipment_id', 'delivery', 'consignee'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where((eb) => eb.or([holds('consignee', terms, true), holds('delivery', terms, true)]))
    .orderBy('id')
    .execute();
}

/** Shipment templates whose fields or name mention one of the terms (the caller checks each record). */
export function selectTemplatesMentioning(db: Database, t: Tenant, terms: readonly string[]) {
  return db
    .selectFrom('shipment_templates')
    .select(['id', 'name', 'data'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where((eb) => eb.or([holds('data', terms, true), holds('name', terms, false)]))
    .orderBy('id')
    .execute();
}

export function selectChainEventsOf(db: Database, t: Tenant, shipmentIds: readonly string[]) {
  return db
    .selectFrom('shipment_events')
    .select(['shipment_id', 'seq', 'event_id', 'data'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', anyOf(shipmentIds))
    .orderBy('shipment_id')
    .orderBy('seq')
    .execute();
}

/** Feed events of the shipments and of the tours (tour events carry `tour_id` in `data`). */
export function selectFeedEventsOf(db: Database, t: Tenant, shipmentIds: readonly string[], tourIds: readonly string[]) {
  return db
    .selectFrom('events')
    .select(['id', 'shipment_id', 'data'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where((eb) => eb.or([eb('shipment_id', '=', anyOf(shipmentIds)), eb(sql<string>`data->>'tour_id'`, '=', anyOf(tourIds))]))
    .orderBy('id')
    .execute();
}

export function selectDeliveriesOf(db: Database, t: Tenant, eventIds: readonly string[]) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'body'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('event_id', '=', anyOf(eventIds))
    .orderBy('id')
    .execute();
}

export function selectIdentificationsOf(db: Database, t: Tenant, requestIds: readonly string[]) {
  return db
    .selectFrom('sign_identifications')
    .select(['id', 'signer_name_hash', 'certificate', 'activation_sealed'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('signature_request_id', '=', anyOf(requestIds))
    .orderBy('id')
    .execute();
}

export function selectNotificationsByHash(db: Database, t: Tenant, hashes: readonly string[]) {
  return db
    .selectFrom('notifications')
    .select(['id', 'recipient_hint', 'error'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('recipient_hash', '=', anyOf(hashes))
    .orderBy('id')
    .execute();
}

/** Request-log batches whose paths mention a term (paths are route templates: by design none does). */
export function selectRequestLogBatchesMentioning(db: Database, t: Tenant, terms: readonly string[]) {
  const any = terms.map((term) => sql<SqlBool>`exists (select 1 from unnest(paths) as p(path) where position(${term.toLowerCase()} in lower(p.path)) > 0)`);
  return db
    .selectFrom('request_log_batches')
    .select(['first_id', 'last_id', 'entries'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where(any.length ? sql<SqlBool>`(${sql.join(any, sql` or `)})` : sql<SqlBool>`false`)
    .orderBy('first_id')
    .execute();
}

/** Stored idempotent responses (kept a day) that mention a term. */
export function selectIdempotentResponsesMentioning(db: Database, t: Tenant, terms: readonly string[]) {
  return db
    .selectFrom('idempotency_keys')
    .select(['key', 'response_body'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where(holds('response_body', terms, true))
    .orderBy('key')
    .execute();
}

/** Failed calls' stored bodies (redacted when written, but free text can still name a person) that mention a term. */
export function selectRequestLogFailuresMentioning(db: Database, t: Tenant, terms: readonly string[]) {
  return db
    .selectFrom('request_log_failures')
    .select(['request_id', 'request_body', 'response_body'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where((eb) => eb.or([holds('request_body', terms, true), holds('response_body', terms, true)]))
    .orderBy('request_id')
    .execute();
}

/** Invitations of the organisation (console data: no mode) to one of the addresses. */
export function selectInvitationsTo(db: Database, organizationId: string, emails: readonly string[]) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'accepted_at', 'revoked_at'])
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(email)`, '=', anyOf(emails))
    .orderBy('id')
    .execute();
}

export function selectSealedDocumentsOf(db: Database, t: Tenant, shipmentIds: readonly string[]) {
  return db
    .selectFrom('documents')
    .select(['id', 'shipment_id', 'kind', 'created_at'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', anyOf(shipmentIds))
    .where('kind', 'in', [...RETAINED_DOCUMENT_KINDS])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export interface RetainedRow {
  resource: RetainedResourceColumn;
  resource_id: string;
  shipment_id: string;
  legal_basis: string;
  erase_after: Date;
}

/** Stores an erasure and its retained items (a resource already pending under an earlier erasure stays with it). */
export async function insertErasure(db: Database, t: Tenant, row: { id: string; subject_kind: SubjectKindColumn; report: Record<string, unknown>; created_at: Date }, retained: readonly RetainedRow[]): Promise<void> {
  await db.insertInto('privacy_erasures').values({ ...row, organization_id: t.organizationId, mode: t.mode, report: JSON.stringify(row.report) }).execute();
  if (retained.length === 0) return;
  // One array per column: a subject's retained items can outnumber what a multi-row VALUES may bind.
  const column = (pick: (r: RetainedRow) => string) => textArray(retained.map(pick));
  await sql`
    insert into privacy_retained_items (organization_id, mode, erasure_id, purged_at, resource, resource_id, shipment_id, legal_basis, erase_after)
    select ${t.organizationId}, ${t.mode}, ${row.id}, null, r.resource, r.resource_id, r.shipment_id, r.legal_basis, r.erase_after
    from unnest(${column((r) => r.resource)}::text[], ${column((r) => r.resource_id)}::text[], ${column((r) => r.shipment_id)}::text[],
      ${column((r) => r.legal_basis)}::text[], ${column((r) => r.erase_after.toISOString())}::timestamptz[]) as r(resource, resource_id, shipment_id, legal_basis, erase_after)
    on conflict (resource, resource_id) do nothing`.execute(db);
}

export function selectErasure(db: Database, t: Tenant, id: string) {
  return db.selectFrom('privacy_erasures').select(['id', 'report']).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('id', '=', id).executeTakeFirst();
}
