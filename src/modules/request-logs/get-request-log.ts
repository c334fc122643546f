import { AppError, ERROR_CATALOGUE, type ErrorCode } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { findFailure } from './request-log-failures.repository.js';
import { findRequestLog } from './request-logs.repository.js';
import type { RequestLogDetail } from './request-logs.schema.js';

/** The catalogue's entry for a code as logged (a code the catalogue no longer has is shown bare). */
export function loggedError(code: string | null, docsUrl: string): RequestLogDetail['error'] {
  if (!code) return null;
  const entry = ERROR_CATALOGUE[code as ErrorCode] as { title: string } | undefined;
  return { code, title: entry?.title ?? code, type: `${docsUrl}/errors/${code}` };
}

/**
 * One request-log row of the caller's organisation and mode; a failed call with its error and the
 * redacted bodies it sent and got back (request_log_failures). Raises `not_found`.
 */
export async function getRequestLog(ctx: TenantContext, id: string, docsUrl: string): Promise<RequestLogDetail> {
  const log = await findRequestLog(ctx.db, ctx, id);
  if (!log) throw new AppError('not_found', `No request log ${id}.`);
  const failure = log.status >= 400 ? await findFailure(ctx.db, ctx, id) : undefined;
  return {
    ...log,
    error: loggedError(log.error_code ?? failure?.error_code ?? null, docsUrl),
    request_body: failure?.request_body ?? null,
    request_body_truncated: failure?.request_truncated ?? false,
    response_body: failure?.response_body ?? null,
    response_body_truncated: failure?.response_truncated ?? false,
  };
}
