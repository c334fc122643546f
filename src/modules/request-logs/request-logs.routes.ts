/**
 * Request-logs area: GET /v1/request-logs and GET /v1/request-logs/{id}, and the hook that keeps
 * what a failed keyed call sent and got back (redacted) for its log entry.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { getRequestLog } from './get-request-log.js';
import { storableJson, storableText, type StoredBody } from './redact-body.js';
import { listRequestLogs } from './list-request-logs.js';
import { ListRequestLogsQuerySchema, RequestLogDetailSchema, RequestLogPageSchema, RequestLogParamsSchema, RequestLogSchema, type ListRequestLogsQuery } from './request-logs.schema.js';

export const REQUEST_LOG_PATHS = { list: '/v1/request-logs', one: '/v1/request-logs/:id' } as const;

export async function requestLogRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(RequestLogSchema);
  app.addSchema(RequestLogPageSchema);
  app.addSchema(RequestLogDetailSchema);

  app.get<{ Querystring: ListRequestLogsQuery }>(
    REQUEST_LOG_PATHS.list,
    {
      config: { access: { scope: 'request-logs:read' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listRequestLogs',
        tags: ['request-logs'],
        summary: 'List API calls of this organisation and mode, newest first (last 30 days)',
        description: 'Rows are written in batches about once a second, so a call shows up here within a few seconds.',
        querystring: ListRequestLogsQuerySchema,
        response: { 200: Type.Ref(RequestLogPageSchema, { description: 'A page of calls.' }) },
      },
    },
    async (request) => listRequestLogs(tenantContext(runtime, request), request.query),
  );

  app.get<{ Params: { id: string } }>(
    REQUEST_LOG_PATHS.one,
    {
      config: { access: { scope: 'request-logs:read' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getRequestLog',
        tags: ['request-logs'],
        summary: 'One API call by its request id',
        description: 'A failed call (status 400 or above) also shows its error and, redacted, the bodies it sent and got back.',
        params: RequestLogParamsSchema,
        response: { 200: Type.Ref(RequestLogDetailSchema, { description: 'The call.' }) },
      },
    },
    async (request) => getRequestLog(tenantContext(runtime, request), request.params.id, runtime.config.docsUrl),
  );
}

/** The parsed request body as it may be kept: JSON redacted; uploads and streams only described. */
function requestBody(request: FastifyRequest): StoredBody | null {
  const body: unknown = request.body;
  const type = request.headers['content-type'];
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return storableText(body, type);
  if (Buffer.isBuffer(body)) return { text: `[${body.length} bytes of ${type ?? 'unknown type'}, not kept]`, truncated: false };
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return { text: `[a ${type ?? 'binary'} upload, not kept]`, truncated: false };
  return storableJson(body);
}

/**
 * For keyed calls answered with 400 or above: the error code and both bodies, redacted and cut at
 * 16 KB, to the request-log writer, which hands the code to the call's entry (written after the
 * answer). Before the compression hook, so the payload is still the JSON as written.
 */
export function registerFailedCallCapture(app: FastifyInstance, runtime: AppRuntime): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal || reply.statusCode < 400) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    let errorCode: string | null = null;
    try {
      const code = (JSON.parse(text) as { code?: unknown }).code;
      if (typeof code === 'string') errorCode = code;
    } catch {
      // Not a problem document (an XML problem, say): no code to show.
    }
    runtime.requestLogs.recordFailure({
      organizationId: principal.organizationId,
      mode: principal.mode,
      requestId: request.id,
      createdAt: runtime.services.clock.now(),
      errorCode,
      request: requestBody(request),
      response: text ? storableText(text, contentType) : null,
    });
    return payload;
  });
}
