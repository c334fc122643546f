/**
 * Lists request logs in id order across batches. Batches of different processes may overlap in
 * id range, so batches are read in walking order a few at a time, and a row is only final once no
 * unread batch can hold a row before it: for newest-first, rows above the `last_id` of the next
 * unread batch. Rows not yet final wait in the pool for the next round.
 */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page, type SortOrder } from '../../core/pagination.js';
import { fetchBatches, type RequestLog } from './request-logs.repository.js';

export interface ListRequestLogsQuery {
  limit?: number;
  order?: SortOrder;
  cursor?: string;
  method?: string;
  status?: number;
  status_class?: '2xx' | '3xx' | '4xx' | '5xx';
  api_key_id?: string;
  path?: string;
  created_gte?: string;
  created_lt?: string;
}

const BATCHES_PER_ROUND = 8;

function matcher(q: ListRequestLogsQuery, after: string | undefined, order: SortOrder): (e: RequestLog) => boolean {
  const gte = q.created_gte ? new Date(q.created_gte).getTime() : undefined;
  const lt = q.created_lt ? new Date(q.created_lt).getTime() : undefined;
  const classLow = q.status_class ? Number(q.status_class[0]) * 100 : undefined;
  return (e) =>
    (after === undefined || (order === 'desc' ? e.id < after : e.id > after)) &&
    (q.method === undefined || e.method === q.method) &&
    (q.status === undefined || e.status === q.status) &&
    (classLow === undefined || (e.status >= classLow && e.status < classLow + 100)) &&
    (q.api_key_id === undefined || e.api_key_id === q.api_key_id) &&
    (q.path === undefined || e.path === q.path) &&
    (gte === undefined || Date.parse(e.created_at) >= gte) &&
    (lt === undefined || Date.parse(e.created_at) < lt);
}

/** Lists the request logs of the caller's organisation and mode, newest first. Raises `invalid_cursor`. */
export async function listRequestLogs(ctx: TenantContext, query: ListRequestLogsQuery): Promise<Page<RequestLog>> {
  const scope = cursorScope(ctx, 'request_logs');
  const page = pageRequest(scope, query);
  const desc = page.order === 'desc';
  const before = (a: string, b: string) => (desc ? a > b : a < b);
  const matches = matcher(query, page.after, page.order);
  const prune = { status: query.status, path: query.path, api_key_id: query.api_key_id, created_gte: query.created_gte ? new Date(query.created_gte) : undefined };

  const final: RequestLog[] = [];
  let pool: RequestLog[] = [];
  let beyond: string | undefined;
  while (final.length <= page.limit) {
    const batches = await fetchBatches(ctx.db, ctx, { order: page.order, beyond, after: page.after, limit: BATCHES_PER_ROUND + 1 }, prune);
    const read = batches.slice(0, BATCHES_PER_ROUND);
    const next = batches[BATCHES_PER_ROUND];
    for (const batch of read) pool.push(...batch.entries.filter(matches));
    pool.sort((a, b) => (before(a.id, b.id) ? -1 : 1));
    // The first unread batch's edge: rows beyond it in walking order cannot be preceded by an unread row.
    const horizon = next ? (desc ? next.last_id : next.first_id) : undefined;
    const settled = horizon === undefined ? pool.length : pool.findIndex((e) => !before(e.id, horizon));
    const cut = settled === -1 ? pool.length : settled;
    final.push(...pool.slice(0, cut));
    pool = pool.slice(cut);
    if (!next) break;
    beyond = desc ? read.at(-1)!.last_id : read.at(-1)!.first_id;
  }
  return toPage(scope, page, final.slice(0, page.limit + 1));
}
