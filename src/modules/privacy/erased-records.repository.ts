/**
 * The writes of an erasure: each replaces the personal data of one record, scoped by organisation
 * and mode, inside the erasure's transaction. Events keep `data_sha256` and `hash` and gain
 * `erased_at`, so the chain still verifies (src/modules/events/hash-chain.ts).
 */
import { sql } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { Tenant } from './privacy.repository.js';

const json = (v: unknown) => JSON.stringify(v);

export async function eraseShipment(db: Database, t: Tenant, id: string, data: unknown, cancellationReason: string | undefined): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ data: json(data), ...(cancellationReason !== undefined ? { cancellation_reason: cancellationReason } : {}) })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

export async function eraseChainEvent(db: Database, t: Tenant, shipmentId: string, seq: number, data: unknown, now: Date): Promise<void> {
  await db
    .updateTable('shipment_events')
    .set({ data: json(data), erased_at: sql`coalesce(erased_at, ${now})` })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', shipmentId)
    .where('seq', '=', seq)
    .execute();
}

export async function eraseFeedEvent(db: Database, t: Tenant, id: string, data: unknown): Promise<void> {
  await db.updateTable('events').set({ data: json(data) }).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('id', '=', id).execute();
}

export async function eraseDeliveryBody(db: Database, t: Tenant, id: string, body: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ body }).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('id', '=', id).execute();
}

export async function eraseSignature(db: Database, t: Tenant, id: string, signerName: string): Promise<void> {
  await db
    .updateTable('signatures')
    .set({ signer_name: signerName, ip: null, user_agent: null, location: null, place: null })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

/** What was instructed loses the subject's values; `evidence` (an instruction they gave) clears its IP address and user agent. */
export async function eraseDisposalInstruction(db: Database, t: Tenant, id: string, values: { delivery: unknown; consignee: unknown; text: string | null }, evidence: boolean): Promise<void> {
  await db
    .updateTable('disposal_instructions')
    .set({ delivery: values.delivery === null ? null : json(values.delivery), consignee: values.consignee === null ? null : json(values.consignee), text: values.text, ...(evidence ? { ip: null, user_agent: null } : {}) })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

export async function eraseShipmentTemplate(db: Database, t: Tenant, id: string, name: string, data: unknown): Promise<void> {
  await db.updateTable('shipment_templates').set({ name, data: json(data) }).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('id', '=', id).execute();
}

/** The recipient goes: its keyed hash and hint become the marker, the sealed address is dropped (no code can be sent any more). */
export async function eraseSignatureRequest(db: Database, t: Tenant, id: string, marker: string): Promise<void> {
  await db
    .updateTable('signature_requests')
    .set({ recipient_hash: marker, recipient_hint: marker, recipient_sealed: null })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

export async function eraseIdentification(db: Database, t: Tenant, id: string, marker: string): Promise<void> {
  await db
    .updateTable('sign_identifications')
    .set({ signer_name_hash: marker, certificate: null, activation_sealed: null })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

export async function eraseRemarkText(db: Database, t: Tenant, id: string, text: string): Promise<void> {
  await db.updateTable('remarks').set({ text }).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('id', '=', id).execute();
}

export async function eraseNotification(db: Database, t: Tenant, id: string, marker: string, error: string | null): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ recipient_hash: marker, recipient_hint: marker, error })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

export async function eraseTour(db: Database, t: Tenant, id: string, values: { name: string; driver: unknown; driver_phone: string; stops: unknown; cancellation_reason: string | null }): Promise<void> {
  await db
    .updateTable('tours')
    .set({ ...values, driver: json(values.driver), stops: json(values.stops) })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '=', id)
    .execute();
}

export async function eraseRequestLogBatch(db: Database, t: Tenant, firstId: string, lastId: string, entries: unknown[], paths: string[]): Promise<void> {
  await db
    .updateTable('request_log_batches')
    .set({ entries: Buffer.from(json(entries)), paths })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('first_id', '=', firstId)
    .where('last_id', '=', lastId)
    .execute();
}

export async function eraseRequestLogFailure(db: Database, t: Tenant, requestId: string, bodies: { request_body: string | null; response_body: string | null }): Promise<void> {
  await db.updateTable('request_log_failures').set(bodies).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('request_id', '=', requestId).execute();
}

export async function eraseIdempotentResponse(db: Database, t: Tenant, key: string, body: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response_body: body }).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('key', '=', key).execute();
}

/** The address goes; a pending invitation to it is revoked, since no one can accept it any more. */
export async function eraseInvitation(db: Database, organizationId: string, id: string, marker: string, now: Date): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ email: marker, revoked_at: sql`coalesce(revoked_at, case when accepted_at is null then ${now}::timestamptz end)` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .execute();
}
