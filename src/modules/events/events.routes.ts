/** Events area: GET /v1/events and GET /v1/events/{id}. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { EventPageSchema, EventParamsSchema, EventSchema, ListEventsQuerySchema, type ListEventsQuery } from './events.schema.js';
import { getEvent } from './get-event.js';
import { listEvents } from './list-events.js';

export const EVENT_PATHS = { list: '/v1/events', one: '/v1/events/:id' } as const;

export async function eventRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [EventSchema, EventPageSchema]) app.addSchema(schema);

  app.get<{ Querystring: ListEventsQuery }>(
    EVENT_PATHS.list,
    {
      config: { access: { scope: 'events:read' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: 'Event feed of this organisation and mode, newest first (last 90 days)',
        description: 'Catch up on what webhooks delivered or missed. Filter by `type` (exact or `family.*`), `shipment_id` and creation time.',
        querystring: ListEventsQuerySchema,
        response: { 200: Type.Ref(EventPageSchema, { description: 'A page of events.' }) },
      },
    },
    async (request) => listEvents(tenantContext(runtime, request), request.query),
  );

  app.get<{ Params: { id: string } }>(
    EVENT_PATHS.one,
    {
      config: { access: { scope: 'events:read' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getEvent',
        tags: ['events'],
        summary: 'One event',
        params: EventParamsSchema,
        response: { 200: Type.Ref(EventSchema, { description: 'The event.' }) },
      },
    },
    async (request) => getEvent(tenantContext(runtime, request), request.params.id),
  );
}
