/**
 * Queries on `request_log_batches`, always scoped by organisation and mode. A batch holds up to
 * 1000 calls of one tenant, sorted by id, with `first_id`/`last_id` bounding them; batches written
 * by different processes may overlap in id range, which the listing merges (list-request-logs.ts).
 */
import { sql } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';

/**
 * One call as stored: [id, method, path (the route template), status, duration_ms, api_key_id,
 * created_at epoch ms, url_path (the path as called), error_code (of a failed call)]. Compact on
 * purpose: one is made on every API call. Rows written before the last two existed lack them.
 */
export type Entry = [id: string, method: string, path: string, status: number, duration_ms: number, api_key_id: string, created_ms: number, url_path?: string, error_code?: string | null];

/** The entries of one organisation and mode, as the writer buffers them. */
export interface TenantEntries {
  organizationId: string;
  mode: Mode;
  entries: Entry[];
}

/** One call as the API shows it. */
export interface RequestLog {
  id: string;
  method: string;
  path: string;
  url_path: string;
  status: number;
  error_code: string | null;
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

/** Writes each tenant's entries as sorted batches of at most MAX_BATCH_ROWS, in one statement. */
export async function insertRequestLogBatches(db: Database, groups: readonly TenantEntries[]): Promise<void> {
  const values = [];
  for (const group of groups) {
    // Entries are recorded when responses finish, so concurrent requests arrive slightly out of id order.
    const entries = [...group.entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (let i = 0; i < entries.length; i += MAX_BATCH_ROWS) {
      const chunk = entries.slice(i, i + MAX_BATCH_ROWS);
      values.push({
        organization_id: group.organizationId,
        mode: group.mode,
        first_id: chunk[0]![0],
        last_id: chunk.at(-1)![0],
        last_at: new Date(chunk.reduce((max, e) => (e[6] > max ? e[6] : max), 0)),
        row_count: chunk.length,
        statuses: [...new Set(chunk.map((e) => e[3]))],
        paths: [...new Set(chunk.map((e) => e[2]))],
        api_key_ids: [...new Set(chunk.map((e) => e[5]))],
        entries: Buffer.from(JSON.stringify(chunk)),
      });
    }
  }
  if (values.length === 0) return;
  // A batch retried after a timeout that did commit has the same key: it is not written twice.
  await db.insertInto('request_log_batches').values(values).onConflict((oc) => oc.columns(['organization_id', 'mode', 'last_id']).doNothing()).execute();
}

function decodeEntries(entries: Buffer, mode: Mode): RequestLog[] {
  return (JSON.parse(entries.toString('utf8')) as Entry[]).map(([id, method, path, status, duration_ms, api_key_id, created_ms, url_path, error_code]) => ({
    id,
    method,
    path,
    url_path: url_path ?? path,
    status,
    error_code: error_code ?? null,
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
