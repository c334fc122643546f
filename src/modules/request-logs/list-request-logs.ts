import type { TenantContext } from '../../core/context.js';
import { pageRequest, toPage, type Page, type SortOrder } from '../../core/pagination.js';
import { listRequestLogs as queryRequestLogs, type RequestLog, type RequestLogFilters } from './request-logs.repository.js';

export interface ListRequestLogsQuery extends Omit<RequestLogFilters, 'created_gte' | 'created_lt'> {
  limit?: number;
  order?: SortOrder;
  cursor?: string;
  created_gte?: string;
  created_lt?: string;
}

/** Lists the request logs of the caller's organisation and mode, newest first. Raises `invalid_cursor`. */
export async function listRequestLogs(ctx: TenantContext, query: ListRequestLogsQuery): Promise<Page<RequestLog>> {
  const scope = { secret: ctx.secrets.cursor, list: 'request_logs', organizationId: ctx.organizationId, mode: ctx.mode, now: ctx.clock.now() };
  const page = pageRequest(scope, query);
  const filters: RequestLogFilters = {
    ...query,
    created_gte: query.created_gte ? new Date(query.created_gte) : undefined,
    created_lt: query.created_lt ? new Date(query.created_lt) : undefined,
  };
  return toPage(scope, page, await queryRequestLogs(ctx.db, ctx, page, filters));
}
