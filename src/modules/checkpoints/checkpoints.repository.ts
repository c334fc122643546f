/**
 * Queries on `chain_checkpoints` and `chain_checkpoint_shipments`, scoped by organisation and mode,
 * and the queries that find which chains moved past their last checkpoint.
 */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database } from '../../ports/database.js';
import { intArray, textArray } from '../../ports/database-arrays.js';
import { keysetWindow } from '../../ports/database-keyset.js';
import type { ChainHeadRecord, Checkpoint } from './checkpoint-signature.js';

export interface Tenant {
  organizationId: string;
  mode: Mode;
}

export async function insertCheckpoint(trx: Database, t: Tenant, checkpoint: Checkpoint, createdAt: Date): Promise<void> {
  await trx
    .insertInto('chain_checkpoints')
    .values({ id: checkpoint.id, organization_id: t.organizationId, mode: t.mode, created_at: createdAt, audit_seq: checkpoint.audit_log.seq, checkpoint: JSON.stringify(checkpoint) })
    .execute();
  if (checkpoint.shipments.length === 0) return;
  // Two array parameters, not three per row: a checkpoint names every shipment that moved since the
  // last one, and past 21,845 of them a multi-row VALUES would exceed PostgreSQL's 65,535 parameters.
  await sql`
    insert into chain_checkpoint_shipments (checkpoint_id, shipment_id, seq)
    select ${checkpoint.id}, s.shipment_id, s.seq
    from unnest(${textArray(checkpoint.shipments.map((s) => s.shipment_id))}::text[], ${intArray(checkpoint.shipments.map((s) => s.seq))}::bigint[]) as s(shipment_id, seq)`.execute(trx);
}

export async function selectLatestCheckpoint(db: Database, t: Tenant): Promise<Checkpoint | undefined> {
  const row = await db.selectFrom('chain_checkpoints').select('checkpoint').where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.checkpoint;
}

/** The id of the tenant's latest checkpoint other than `other` (one being written), or null: what a new checkpoint's previous_id must be. */
export async function selectLatestCheckpointId(db: Database, t: Tenant, f: { other: string }): Promise<string | null> {
  const row = await db
    .selectFrom('chain_checkpoints')
    .select('id')
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('id', '<>', f.other)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function selectCheckpoint(db: Database, t: Tenant, id: string): Promise<Checkpoint | undefined> {
  const row = await db.selectFrom('chain_checkpoints').select('checkpoint').where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).executeTakeFirst();
  return row?.checkpoint;
}

export async function selectCheckpoints(db: Database, t: Tenant, f: { after?: string; order: SortOrder; limit?: number }): Promise<Checkpoint[]> {
  const query = db.selectFrom('chain_checkpoints').select(['id', 'checkpoint']).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  return (await keysetWindow(query, 'id', f).execute()).map((r) => r.checkpoint);
}

/** The checkpoints of the tenant that name `shipmentId`, oldest first. */
export async function selectCheckpointsOfShipment(db: Database, t: Tenant, shipmentId: string): Promise<Checkpoint[]> {
  const rows = await db
    .selectFrom('chain_checkpoint_shipments as s')
    .innerJoin('chain_checkpoints as c', 'c.id', 's.checkpoint_id')
    .select('c.checkpoint')
    .where('s.shipment_id', '=', shipmentId)
    .where('c.organization_id', '=', t.organizationId)
    .where('c.mode', '=', t.mode)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => r.checkpoint);
}

/** The heads of the tenant's shipment chains that moved past the last seq a checkpoint sealed: the first `limit` by id, after `after`. */
export async function selectChangedShipmentHeads(db: Database, t: Tenant, f: { after?: string; limit: number }): Promise<(ChainHeadRecord & { shipment_id: string })[]> {
  const result = await sql<{ id: string; event_seq: string | number; head_hash: string }>`
    select s.id, s.event_seq, s.head_hash from shipments s
    where s.organization_id = ${t.organizationId} and s.mode = ${t.mode} and s.event_seq > 0 ${f.after === undefined ? sql`` : sql`and s.id > ${f.after}`}
      and s.event_seq > coalesce((select max(c.seq) from chain_checkpoint_shipments c where c.shipment_id = s.id), 0)
    order by s.id
    limit ${f.limit}`.execute(db);
  return result.rows.map((r) => ({ shipment_id: r.id, seq: Number(r.event_seq), hash: r.head_hash }));
}

/** Organisations and modes whose audit chain or a shipment chain moved past their last checkpoint. */
export async function selectTenantsWithChanges(db: Database): Promise<Tenant[]> {
  const result = await sql<{ organization_id: string; mode: Mode }>`
    select h.organization_id, h.mode from audit_chain_heads h
    where h.seq > coalesce((select max(c.audit_seq) from chain_checkpoints c where c.organization_id = h.organization_id and c.mode = h.mode), 0)
    union
    select s.organization_id, s.mode from shipments s
    where s.event_seq > coalesce((select max(c.seq) from chain_checkpoint_shipments c where c.shipment_id = s.id), 0)
    order by 1, 2`.execute(db);
  return result.rows.map((r) => ({ organizationId: r.organization_id, mode: r.mode }));
}
