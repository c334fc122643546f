/**
 * Usage rows of the tenant per UTC day and metric, newest day first. Works whether or not billing
 * is configured (service description: usage remains visible). Counted metrics show the days with
 * usage; `storage_bytes` shows the end-of-day total of every day from the first day anything was
 * stored, up to today, so that a day without uploads still shows what was kept that day. A range of
 * 366 days holds at most a few thousand rows: they are put together here and paged like every list.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding } from '../../core/findings.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { utcDay, type UsageMetric } from './record-usage.js';
import { selectStorageBefore, selectUsageCounts, type UsageCount } from './usage.repository.js';
import type { ListUsageQuery } from './usage.schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_USAGE_RANGE_DAYS = 366;

/** Metrics counted per level or channel: their rows carry `breakdown`. */
const WITH_BREAKDOWN: ReadonlySet<string> = new Set<UsageMetric>(['signatures', 'notifications']);

export interface UsageRow {
  date: string;
  metric: string;
  value: number;
  breakdown?: Record<string, number>;
}

/** Cursor key of a row: its day and metric, neither of which holds `|`. */
const rowKey = (row: UsageRow) => `${row.date}|${row.metric}`;

/** Raises `bad_request` for a reversed or over-long range and `invalid_cursor`. */
export async function listUsage(ctx: TenantContext, query: ListUsageQuery): Promise<Page<UsageRow>> {
  const today = utcDay(ctx.clock.now());
  const to = query.date_lte ?? today;
  const from = query.date_gte ?? utcDay(new Date(Date.parse(to) - 31 * DAY_MS));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw new AppError('bad_request', 'date_gte is after date_lte.', { errors: [finding('query.date_gte', 'invalid')] });
  if (days >= MAX_USAGE_RANGE_DAYS) {
    throw new AppError('bad_request', `A range covers at most ${MAX_USAGE_RANGE_DAYS} days.`, { errors: [finding('query.date_gte', 'invalid')] });
  }
  // The cursor names the range and the filter: it cannot be replayed on another one.
  const scope = cursorScope(ctx, `usage:${from}:${to}:${query.metric ?? '*'}`);
  const page = pageRequest(scope, { ...query, order: 'desc' });
  const counts = await selectUsageCounts(ctx.db, ctx, { from, to, metric: query.metric });
  const rows = countedRows(counts.filter((c) => c.metric !== 'storage_bytes'));
  if (query.metric === undefined || query.metric === 'storage_bytes') {
    const before = await selectStorageBefore(ctx.db, ctx, from);
    const changes = counts.filter((c) => c.metric === 'storage_bytes');
    // Up to today, or to the last change where a test clock stored something in its own future.
    const last = changes.reduce((max, c) => (c.day > max ? c.day : max), today);
    rows.push(...storageRows(before, changes, from, to < last ? to : last));
  }
  rows.sort((a, b) => (a.date === b.date ? (a.metric < b.metric ? -1 : 1) : a.date < b.date ? 1 : -1));
  const [day, metric] = page.after?.split('|') ?? [];
  const rest = day !== undefined && metric !== undefined ? rows.filter((r) => r.date < day || (r.date === day && r.metric > metric)) : rows;
  return toPage(scope, page, rest.slice(0, page.limit + 1), rowKey);
}

/** One row per day and metric, the dimensions summed into `value` and listed in `breakdown`. */
function countedRows(counts: UsageCount[]): UsageRow[] {
  const rows = new Map<string, UsageRow>();
  for (const c of counts) {
    const key = `${c.day}|${c.metric}`;
    const row = rows.get(key) ?? { date: c.day, metric: c.metric, value: 0, ...(WITH_BREAKDOWN.has(c.metric) ? { breakdown: {} } : {}) };
    row.value += c.value;
    if (row.breakdown && c.dimension !== '') row.breakdown[c.dimension] = (row.breakdown[c.dimension] ?? 0) + c.value;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** The end-of-day total of each day from `from` to `last`, carried over days without a change; none before the first change ever. */
function storageRows(before: number | undefined, changes: UsageCount[], from: string, last: string): UsageRow[] {
  const change = new Map<string, number>();
  for (const c of changes) change.set(c.day, (change.get(c.day) ?? 0) + c.value);
  const rows: UsageRow[] = [];
  let total = before;
  for (let at = Date.parse(from); at <= Date.parse(last); at += DAY_MS) {
    const date = utcDay(new Date(at));
    const delta = change.get(date);
    if (delta !== undefined) total = (total ?? 0) + delta;
    if (total !== undefined) rows.push({ date, metric: 'storage_bytes', value: total });
  }
  return rows;
}
