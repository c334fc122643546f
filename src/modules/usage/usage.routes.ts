/** Usage area: GET /v1/usage. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { listUsage } from './list-usage.js';
import { ListUsageQuerySchema, UsagePageSchema, UsageRowSchema, type ListUsageQuery } from './usage.schema.js';

export const USAGE_PATHS = { list: '/v1/usage' } as const;

export async function usageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addSchema(UsageRowSchema);
  app.addSchema(UsagePageSchema);
  app.get<{ Querystring: ListUsageQuery }>(
    USAGE_PATHS.list,
    {
      config: { access: { scope: 'usage:read' }, errors: ['bad_request'] },
      schema: {
        operationId: 'listUsage',
        tags: ['usage'],
        summary: 'Metered usage per UTC day',
        description: 'Counts per day and metric for this organisation and mode, also when no billing provider is configured.',
        querystring: ListUsageQuerySchema,
        response: { 200: Type.Ref(UsagePageSchema, { description: 'Usage rows, newest day first.' }) },
      },
    },
    async (request) => listUsage(tenantContext(runtime, request), request.query),
  );
}
