import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { findRequestLog, type RequestLog } from './request-logs.repository.js';

/** One request-log row of the caller's organisation and mode. Raises `not_found`. */
export async function getRequestLog(ctx: TenantContext, id: string): Promise<RequestLog> {
  const log = await findRequestLog(ctx.db, ctx, id);
  if (!log) throw new AppError('not_found', `No request log ${id}.`);
  return log;
}
