/**
 * Queries on `request_log_batches`, always scoped by organisation and mode. A batch holds up to
 * 1000 calls of one tenant, sorted by id, with `first_id`/`last_id` bounding them; batches written
 * by different processes may overlap in id range, which the listing merges (list-request-logs.ts).
 */
import { sql } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';

/** One call as the request path records it. */
export interface RequestLogRow {
  id: string;
  organization_id: string;
  mode: Mode;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  api_key_id: string;
  created_at: Date;
}

/** One call as the API shows it. */
export interface RequestLog {
  id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  api_key_id: string;
  mode: Mode;
  created_at: string;
}

export interface Tenant {
  organizationId: string;
  mode: Mode;
}

/** Filters a batch can be skipped on without reading its entries. */
export interface BatchPruning {
  status?: number;
  path?: string;
  api_key_id?: string;
  created_gte?: Date;
}

export interface Batch {
  first_id: string;
  last_id: string;
  entries: RequestLog[];
}

export const MAX_BATCH_ROWS = 1000;

/** Groups rows by tenant into sorted batches of at most MAX_BATCH_ROWS and writes them in one statement. */
export async function insertRequestLogs(db: Database, rows: readonly RequestLogRow[]): Promise<void> {
  const byTenant = new Map<string, RequestLogRow[]>();
  for (const row of rows) {
    const key = `${row.organization_id}|${row.mode}`;
    const list = byTenant.get(key);
    if (list) list.push(row);
    else byTenant.set(key, [row]);
  }
  const values = [];
  for (const tenantRows of byTenant.values()) {
    tenantRows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (let i = 0; i < tenantRows.length; i += MAX_BATCH_ROWS) {
      const chunk = tenantRows.slice(i, i + MAX_BATCH_ROWS);
      const first = chunk[0]!;
      const last = chunk.at(-1)!;
      values.push({
        organization_id: first.organization_id,
        mode: first.mode,
        first_id: first.id,
        last_id: last.id,
        last_at: chunk.reduce((max, r) => (r.created_at > max ? r.created_at : max), first.created_at),
        row_count: chunk.length,
        statuses: [...new Set(chunk.map((r) => r.status))],
        paths: [...new Set(chunk.map((r) => r.path))],
        api_key_ids: [...new Set(chunk.map((r) => r.api_key_id))],
        entries: Buffer.from(JSON.stringify(chunk.map(encodeEntry))),
      });
    }
  }
  if (values.length === 0) return;
  // A batch retried after a timeout that did commit has the same key: it is not written twice.
  await db.insertInto('request_log_batches').values(values).onConflict((oc) => oc.columns(['organization_id', 'mode', 'last_id']).doNothing()).execute();
}

type Entry = [id: string, method: string, path: string, status: number, duration_ms: number, api_key_id: string, created_ms: number];

function encodeEntry(r: RequestLogRow): Entry {
  return [r.id, r.method, r.path, r.status, r.duration_ms, r.api_key_id, r.created_at.getTime()];
}

function decodeEntries(entries: Buffer, mode: Mode): RequestLog[] {
  return (JSON.parse(entries.toString('utf8')) as Entry[]).map(([id, method, path, status, duration_ms, api_key_id, created_ms]) => ({
    id,
    method,
    path,
    status,
    duration_ms,
    api_key_id,
    mode,
    created_at: new Date(created_ms).toISOString(),
  }));
}

/**
 * The next `limit` batches in walking order: newest first by `last_id` (desc) or oldest first by
 * `first_id` (asc), strictly beyond `beyond` on that column, and only batches that can hold a row
 * beyond `after` (the page cursor) and match the pruning filters.
 */
export async function fetchBatches(
  db: Database,
  tenant: Tenant,
  walk: { order: SortOrder; beyond?: string; after?: string; limit: number },
  prune: BatchPruning,
): Promise<Batch[]> {
  const desc = walk.order === 'desc';
  const edge = desc ? 'last_id' : 'first_id';
  let q = db
    .selectFrom('request_log_batches')
    .select(['first_id', 'last_id', 'entries'])
    .where('organization_id', '=', tenant.organizationId)
    .where('mode', '=', tenant.mode);
  if (walk.beyond) q = q.where(edge, desc ? '<' : '>', walk.beyond);
  if (walk.after) q = q.where(desc ? 'first_id' : 'last_id', desc ? '<' : '>', walk.after);
  if (prune.status !== undefined) q = q.where(sql<boolean>`${prune.status} = any(statuses)`);
  if (prune.path !== undefined) q = q.where(sql<boolean>`${prune.path} = any(paths)`);
  if (prune.api_key_id !== undefined) q = q.where(sql<boolean>`${prune.api_key_id} = any(api_key_ids)`);
  if (prune.created_gte) q = q.where('last_at', '>=', prune.created_gte);
  const rows = await q.orderBy(edge, walk.order).limit(walk.limit).execute();
  return rows.map((r) => ({ first_id: r.first_id, last_id: r.last_id, entries: decodeEntries(r.entries, tenant.mode) }));
}

/** The call with this id, from whichever batch holds it. */
export async function findRequestLog(db: Database, tenant: Tenant, id: string): Promise<RequestLog | undefined> {
  const batches = await db
    .selectFrom('request_log_batches')
    .select('entries')
    .where('organization_id', '=', tenant.organizationId)
    .where('mode', '=', tenant.mode)
    .where('last_id', '>=', id)
    .where('first_id', '<=', id)
    .execute();
  for (const batch of batches) {
    const hit = decodeEntries(batch.entries, tenant.mode).find((e) => e.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** Deletes batches whose newest call is older than `before`. */
export async function deleteRequestLogsBefore(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('request_log_batches').where('last_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
