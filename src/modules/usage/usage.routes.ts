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
      config: { access: { scope: 'usage:read' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listUsage',
        tags: ['usage'],
        summary: 'Metered usage per UTC day',
        description:
          'Counts per day and metric for this organisation and mode, also when no billing provider is configured. Newest day first, metrics in name order; ' +
          'days without usage are left out. Paged like every list (`limit`, `cursor`); a cursor is valid for the range and metric it was issued for.',
        querystring: ListUsageQuerySchema,
        response: { 200: Type.Ref(UsagePageSchema, { description: 'Usage rows, newest day first.' }) },
      },
    },
    async (request) => listUsage(tenantContext(runtime, request), request.query),
  );
}
