/** Request-logs area: GET /v1/request-logs and GET /v1/request-logs/{id}. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { getRequestLog } from './get-request-log.js';
import { listRequestLogs } from './list-request-logs.js';
import { ListRequestLogsQuerySchema, RequestLogPageSchema, RequestLogParamsSchema, RequestLogSchema, type ListRequestLogsQuery } from './request-logs.schema.js';

export const REQUEST_LOG_PATHS = { list: '/v1/request-logs', one: '/v1/request-logs/:id' } as const;

export async function requestLogRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(RequestLogSchema);
  app.addSchema(RequestLogPageSchema);

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
        params: RequestLogParamsSchema,
        response: { 200: Type.Ref(RequestLogSchema, { description: 'The call.' }) },
      },
    },
    async (request) => getRequestLog(tenantContext(runtime, request), request.params.id),
  );
}
