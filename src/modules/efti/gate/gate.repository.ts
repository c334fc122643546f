/**
 * Queries of the gate work: the datasets a gate was told about (looked up by `datasetId` across
 * organisations: the gate's requests carry no tenant), their outcome, and the follow-ups received.
 */
import { sql } from 'kysely';
import type { Mode } from '../../../core/mode.js';
import type { Database, Write } from '../../../ports/database.js';

interface DatasetOwner {
  organization_id: string;
  mode: Mode;
  shipment_id: string;
  dataset_id: string;
}

/** Records that `dataset_id` names the shipment at the gate; the first registration writes it, later ones find it. */
export async function rememberGateDataset(db: Database, owner: DatasetOwner, now: Date): Promise<void> {
  await db
    .insertInto('efti_gate_datasets')
    .values({ ...owner, registered_at: null, last_error: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The outcome of one PUT: the time the gate took it, or the error of a failed attempt. */
export async function recordGateAttempt(db: Database, shipmentId: string, outcome: { registeredAt: Date } | { error: string }, now: Date): Promise<void> {
  const values = 'registeredAt' in outcome ? { registered_at: outcome.registeredAt, last_error: null } : { last_error: outcome.error.slice(0, 2000) };
  await db.updateTable('efti_gate_datasets').set({ ...values, updated_at: now }).where('shipment_id', '=', shipmentId).execute();
}

/** True while another registration of the shipment waits in the job queue (`kind` is the registration job's). */
export async function hasQueuedRegistration(db: Database, kind: string, shipmentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('state', '=', 'pending')
    .where(sql<string>`payload->>'shipment_id'`, '=', shipmentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The live shipment a gate's `datasetId` names: sandbox datasets are never answered to a gate. */
export async function selectLiveGateDataset(db: Database, datasetId: string): Promise<DatasetOwner | undefined> {
  return db
    .selectFrom('efti_gate_datasets')
    .select(['organization_id', 'mode', 'shipment_id', 'dataset_id'])
    .where('dataset_id', '=', datasetId)
    .where('mode', '=', 'live')
    .executeTakeFirst();
}

export interface FollowUpRow extends DatasetOwner {
  id: string;
  gate_id: string;
  message: string;
  event_id: string;
  received_at: Date;
}

export function insertFollowUpWrite(db: Database, row: FollowUpRow): Write {
  return db.insertInto('efti_follow_ups').values(row);
}

/** The follow-ups of a shipment, oldest first. */
export async function selectFollowUps(db: Database, t: { organizationId: string; mode: Mode }, shipmentId: string): Promise<FollowUpRow[]> {
  return db
    .selectFrom('efti_follow_ups')
    .selectAll()
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('shipment_id', '=', shipmentId)
    .orderBy('id')
    .execute() as Promise<FollowUpRow[]>;
}
