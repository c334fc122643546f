/**
 * The one place that builds `application/problem+json` (RFC 9457) from the error catalogue, and
 * the translation of everything that can go wrong in a request into an AppError: schema failures,
 * Fastify's body-parsing errors, store outages, and bugs (which leak nothing but the request id).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_CATALOGUE, isAppError } from '../core/errors.js';
import { translateFindings, type Finding } from '../core/findings.js';
import { negotiateLanguage, titleLanguage, type Language } from '../core/language.js';
import { validationFindings } from './validation.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  request_id: string;
  errors: Finding[];
  warnings: Finding[];
}

export function problemBody(error: AppError, requestId: string, language: Language, docsUrl: string): ProblemBody {
  const entry = ERROR_CATALOGUE[error.code];
  return {
    type: `${docsUrl}/errors/${error.code}`,
    title: titleLanguage(language) === 'nl' ? entry.title_nl : entry.title,
    status: entry.status,
    code: error.code,
    detail: error.message,
    request_id: requestId,
    errors: translateFindings(error.errors, language),
    warnings: translateFindings(error.warnings, language),
  };
}

/** Node's error codes for a peer that is not there: the database or key-value store is down. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '57P01', '57P03']);

function isUnreachable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] } | undefined;
  if (!e) return false;
  if (typeof e.code === 'string' && UNREACHABLE.has(e.code)) return true;
  if (Array.isArray(e.errors) && e.errors.some(isUnreachable)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Stream isn't writeable|Connection is closed|max retries per request/i.test(message);
}

const ACCEPTS_JSON = 'Send the body as application/json (a PATCH also takes application/merge-patch+json).';

/**
 * Maps any thrown value to the AppError the client will see. `accepts` is the route's own word on
 * the media types it takes (config `accepts`), for a 415 on a route whose body is not JSON.
 */
export function toAppError(error: unknown, accepts = ACCEPTS_JSON): AppError {
  if (isAppError(error)) return error;
  const fe = error as Partial<FastifyError> & { validation?: unknown[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    const part = fe.validationContext ?? 'body';
    const { findings, hasBadId } = validationFindings(part, fe.validation as never);
    // DESIGN, Errors: an id of the wrong shape in the path or the body is invalid_id; in the query it is a bad parameter.
    if (hasBadId && part !== 'querystring') return new AppError('invalid_id', 'An identifier has the wrong shape.', { errors: findings });
    if (part === 'body') return new AppError('validation_failed', 'The request body does not validate; see errors.', { errors: findings });
    return new AppError('bad_request', `The ${part === 'querystring' ? 'query' : part} parameters are not valid; see errors.`, { errors: findings });
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('malformed_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than this route accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', accepts);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', 'Content-Length does not match the body.');
  }
  if (error instanceof SyntaxError && fe.statusCode === 400) return new AppError('malformed_json', 'The request body is not valid JSON.');
  if (isUnreachable(error)) return new AppError('service_unavailable', 'A storage service is not answering; retry shortly.', { cause: error });
  return new AppError('internal_error', 'Something went wrong on our side. Quote the request_id to support.', { cause: error });
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError, docsUrl: string): FastifyReply {
  const language = negotiateLanguage(request.headers['accept-language']);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.status(error.status).type(PROBLEM_CONTENT_TYPE).send(problemBody(error, request.id, language, docsUrl));
}

/** Installs the error and not-found handlers. Internal errors are logged with their stack; clients get the request id. */
export function registerProblemHandling(app: FastifyInstance, docsUrl: string): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, request.routeOptions.config?.accepts);
    // A client that hung up before its answer (its render dropped unstarted, say) is no failure of
    // the service: the answer reaches nobody, so it is noted, not logged as an error.
    if (appError.status >= 500 && request.clientGone?.aborted) request.log.info({ code: appError.code, reason: (appError.cause as Error | undefined)?.name }, 'request dropped: the client went away');
    else if (appError.status >= 500) request.log.error({ err: appError.cause ?? error, code: appError.code }, 'request failed');
    return sendProblem(request, reply, appError, docsUrl);
  });
  app.setNotFoundHandler((request, reply) => sendProblem(request, reply, new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`), docsUrl));
}
