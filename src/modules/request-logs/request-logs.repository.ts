/** Queries on `request_logs`, always scoped by organisation and mode. */
import { sql } from 'kysely';
import type { Database } from '../../ports/database.js';
import type { PageRequest } from '../../core/pagination.js';
import type { Mode } from '../../core/mode.js';

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

export interface RequestLogFilters {
  method?: string;
  status?: number;
  status_class?: '2xx' | '3xx' | '4xx' | '5xx';
  api_key_id?: string;
  path?: string;
  created_gte?: Date;
  created_lt?: Date;
}

function toRequestLog(row: RequestLogRow): RequestLog {
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    status: row.status,
    duration_ms: row.duration_ms,
    api_key_id: row.api_key_id,
    mode: row.mode,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Writes a batch as one statement with one array per column (unnest), not one parameter per value:
 * thousands of rows a second then cost a few parameters per batch to encode and parse, which keeps
 * the request log off the API's hot path (issue 2 benchmark).
 */
export async function insertRequestLogs(db: Database, rows: readonly RequestLogRow[]): Promise<void> {
  const column = <K extends keyof RequestLogRow>(k: K) => rows.map((r) => r[k]);
  // Request ids are unique; a batch retried after a timeout that did commit must not fail on them.
  await sql`
    insert into request_logs (id, organization_id, mode, method, path, status, duration_ms, api_key_id, created_at)
    select * from unnest(
      ${column('id')}::text[], ${column('organization_id')}::text[], ${column('mode')}::text[], ${column('method')}::text[],
      ${column('path')}::text[], ${column('status')}::int[], ${column('duration_ms')}::int[], ${column('api_key_id')}::text[],
      ${column('created_at')}::timestamptz[])
    on conflict (organization_id, mode, id) do nothing`.execute(db);
}

export async function listRequestLogs(db: Database, tenant: { organizationId: string; mode: Mode }, page: PageRequest, f: RequestLogFilters): Promise<RequestLog[]> {
  let q = db.selectFrom('request_logs').selectAll().where('organization_id', '=', tenant.organizationId).where('mode', '=', tenant.mode);
  if (page.after) q = q.where('id', page.order === 'desc' ? '<' : '>', page.after);
  if (f.method) q = q.where('method', '=', f.method);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.status_class) {
    const low = Number(f.status_class[0]) * 100;
    q = q.where('status', '>=', low).where('status', '<', low + 100);
  }
  if (f.api_key_id) q = q.where('api_key_id', '=', f.api_key_id);
  if (f.path) q = q.where('path', '=', f.path);
  if (f.created_gte) q = q.where('created_at', '>=', f.created_gte);
  if (f.created_lt) q = q.where('created_at', '<', f.created_lt);
  const rows = await q.orderBy('id', page.order).limit(page.limit + 1).execute();
  return rows.map(toRequestLog);
}

export async function findRequestLog(db: Database, tenant: { organizationId: string; mode: Mode }, id: string): Promise<RequestLog | undefined> {
  const row = await db
    .selectFrom('request_logs')
    .selectAll()
    .where('organization_id', '=', tenant.organizationId)
    .where('mode', '=', tenant.mode)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRequestLog(row);
}

export async function deleteRequestLogsBefore(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('request_logs').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
