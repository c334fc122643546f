/**
 * Usage rows of the tenant per UTC day and metric, newest day first. Works whether or not billing
 * is configured (service description: usage remains visible). Paged like every list: a range of
 * 366 days holds up to four rows a day.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding } from '../../core/findings.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { utcDay } from './record-usage.js';
import { selectUsage, type UsageRow } from './usage.repository.js';
import type { ListUsageQuery } from './usage.schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_USAGE_RANGE_DAYS = 366;

/** Cursor key of a row: its day and metric, neither of which holds `|`. */
const rowKey = (row: UsageRow) => `${row.date}|${row.metric}`;

/** Raises `bad_request` for a reversed or over-long range and `invalid_cursor`. */
export async function listUsage(ctx: TenantContext, query: ListUsageQuery): Promise<Page<UsageRow>> {
  const to = query.date_lte ?? utcDay(ctx.clock.now());
  const from = query.date_gte ?? utcDay(new Date(Date.parse(to) - 31 * DAY_MS));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw new AppError('bad_request', 'date_gte is after date_lte.', { errors: [finding('query.date_gte', 'invalid')] });
  if (days >= MAX_USAGE_RANGE_DAYS) {
    throw new AppError('bad_request', `A range covers at most ${MAX_USAGE_RANGE_DAYS} days.`, { errors: [finding('query.date_gte', 'invalid')] });
  }
  // The cursor names the range and the filter: it cannot be replayed on another one.
  const scope = cursorScope(ctx, `usage:${from}:${to}:${query.metric ?? '*'}`);
  const page = pageRequest(scope, { ...query, order: 'desc' });
  const [day, metric] = page.after?.split('|') ?? [];
  const after = day !== undefined && metric !== undefined ? { day, metric } : undefined;
  const rows = await selectUsage(ctx.db, ctx, { from, to, metric: query.metric, after, limit: page.limit + 1 });
  return toPage(scope, page, rows, rowKey);
}
