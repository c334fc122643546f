/**
 * Usage rows of the tenant per UTC day and metric. Works whether or not billing is configured
 * (service description: usage remains visible). A range covers at most 366 days, so it is one page.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding } from '../../core/findings.js';
import { utcDay } from './record-usage.js';
import { selectUsage, type UsageRow } from './usage.repository.js';
import type { ListUsageQuery } from './usage.schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAX_USAGE_RANGE_DAYS = 366;

export async function listUsage(ctx: TenantContext, query: ListUsageQuery): Promise<{ data: UsageRow[]; has_more: false; next_cursor: null }> {
  const to = query.date_lte ?? utcDay(ctx.clock.now());
  const from = query.date_gte ?? utcDay(new Date(Date.parse(to) - 31 * DAY_MS));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (days < 0) throw new AppError('bad_request', 'date_gte is after date_lte.', { errors: [finding('query.date_gte', 'invalid')] });
  if (days >= MAX_USAGE_RANGE_DAYS) {
    throw new AppError('bad_request', `A range covers at most ${MAX_USAGE_RANGE_DAYS} days.`, { errors: [finding('query.date_gte', 'invalid')] });
  }
  return { data: await selectUsage(ctx.db, ctx, { from, to, metric: query.metric }), has_more: false, next_cursor: null };
}
