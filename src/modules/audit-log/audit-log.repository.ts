/** Queries on `audit_log`, `audit_chain_heads` and `audit_backfill_pending`. */
import { sql } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { Database } from '../../ports/database.js';
import { GENESIS_HASH, type AuditChainHead, type ChainedAuditRow } from './audit-chain.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface StoredAuditRow extends ChainedAuditRow {
  organization_id: string;
  mode: Mode;
}

/** Locks the chain head of an organisation and mode (made at seq 0 on the first act); call in a transaction. */
export async function lockChainHead(trx: Database, t: Tenant): Promise<AuditChainHead> {
  await trx
    .insertInto('audit_chain_heads')
    .values({ organization_id: t.organizationId, mode: t.mode, seq: 0, hash: GENESIS_HASH })
    .onConflict((oc) => oc.columns(['organization_id', 'mode']).doNothing())
    .execute();
  const head = await trx
    .selectFrom('audit_chain_heads')
    .select(['seq', 'hash', 'anchor_seq', 'anchor_hash'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { seq: Number(head.seq), hash: head.hash, anchor_seq: Number(head.anchor_seq), anchor_hash: head.anchor_hash };
}

export async function selectChainHead(db: Database, t: Tenant): Promise<AuditChainHead | undefined> {
  const head = await db
    .selectFrom('audit_chain_heads')
    .select(['seq', 'hash', 'anchor_seq', 'anchor_hash'])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .executeTakeFirst();
  return head && { seq: Number(head.seq), hash: head.hash, anchor_seq: Number(head.anchor_seq), anchor_hash: head.anchor_hash };
}

export async function appendAuditRows(trx: Database, t: Tenant, rows: readonly ChainedAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(
      rows.map((r) => ({
        id: r.id,
        organization_id: t.organizationId,
        mode: t.mode,
        seq: r.seq,
        action: r.action,
        actor: JSON.stringify(r.actor),
        // The filter's key: the actor's id, or its type for the CLI and the service.
        actor_id: typeof r.actor.id === 'string' ? r.actor.id : String(r.actor.type),
        target_type: r.target.type,
        target_id: r.target.id,
        ip: r.ip,
        user_agent: r.user_agent,
        changes: JSON.stringify(r.changes),
        created_at: r.created_at,
        data_sha256: r.data_sha256,
        prev_hash: r.prev_hash,
        hash: r.hash,
      })),
    )
    .execute();
  const last = rows.at(-1)!;
  await trx
    .updateTable('audit_chain_heads')
    .set({ seq: last.seq, hash: last.hash })
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .execute();
}

const COLUMNS = ['id', 'organization_id', 'mode', 'seq', 'action', 'actor', 'target_type', 'target_id', 'ip', 'user_agent', 'changes', 'created_at', 'data_sha256', 'prev_hash', 'hash'] as const;

type RawRow = { [K in (typeof COLUMNS)[number]]: unknown };

function toStored(r: RawRow): StoredAuditRow {
  return {
    id: r.id as string,
    organization_id: r.organization_id as string,
    mode: r.mode as Mode,
    seq: Number(r.seq),
    action: r.action as string,
    actor: r.actor as Record<string, unknown>,
    target: { type: r.target_type as string, id: r.target_id as string },
    ip: r.ip as string | null,
    user_agent: r.user_agent as string | null,
    changes: r.changes as Record<string, unknown>,
    created_at: r.created_at as Date,
    data_sha256: r.data_sha256 as string,
    prev_hash: r.prev_hash as string,
    hash: r.hash as string,
  };
}

export interface AuditFilter {
  action?: string;
  actorId?: string;
  targetId?: string;
  createdGte?: Date;
  createdLt?: Date;
  after?: string;
  order: 'asc' | 'desc';
  limit: number;
}

export async function selectAuditRows(db: Database, t: Tenant, f: AuditFilter): Promise<StoredAuditRow[]> {
  let query = db
    .selectFrom('audit_log')
    .select([...COLUMNS])
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  if (f.action) query = query.where('action', '=', f.action);
  if (f.actorId) query = query.where('actor_id', '=', f.actorId);
  if (f.targetId) query = query.where('target_id', '=', f.targetId);
  if (f.createdGte) query = query.where('created_at', '>=', f.createdGte);
  if (f.createdLt) query = query.where('created_at', '<', f.createdLt);
  query = keysetWindow(query, 'id', f);
  return (await query.execute()).map((r) => toStored(r as RawRow));
}

/** The whole remaining chain of a tenant in seq order (the integrity check). */
export async function selectChain(db: Database, t: Tenant): Promise<StoredAuditRow[]> {
  const rows = await db.selectFrom('audit_log').select([...COLUMNS]).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).orderBy('seq', 'asc').execute();
  return rows.map((r) => toStored(r as RawRow));
}

/** Takes an organisation off the backfill list; true when it was on it (the caller then backfills, in the same transaction). */
export async function claimBackfill(trx: Database, organizationId: string): Promise<boolean> {
  const result = await trx.deleteFrom('audit_backfill_pending').where('organization_id', '=', organizationId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function pendingBackfills(db: Database): Promise<string[]> {
  return (await db.selectFrom('audit_backfill_pending').select('organization_id').execute()).map((r) => r.organization_id);
}

/**
 * Retention: deletes the rows created before `cutoff` (and never a row younger than two years) and
 * moves each chain's anchor to the last row removed, so the integrity check starts from the oldest
 * remaining row. The service's role may not delete audit rows itself: purge_audit_log (migration
 * 0036) does it with its owner's rights. Returns the number of rows removed.
 */
export async function purgeAuditRowsBefore(trx: Database, cutoff: Date): Promise<number> {
  const result = await sql<{ n: string }>`select purge_audit_log(${cutoff}) as n`.execute(trx);
  return Number(result.rows[0]?.n ?? 0);
}
