/** Schemas of webhook deliveries: the log entry, its detail with attempts, and the list filters. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { MAX_ATTEMPTS } from './delivery-policy.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;

const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

const deliveryProperties = {
  id: Type.String({ description: 'The `wd_` id, sent as `service-delivery-id` on every attempt of this delivery.' }),
  endpoint_id: Type.String({ description: 'The `we_` id of the endpoint.' }),
  event_id: Type.String({ description: 'The `evt_` id, sent as `service-event-id`; a replay keeps it.' }),
  event_type: Type.String(),
  origin: StringEnum(['event', 'replay', 'ping'] as const, { description: '`event`: fanned out when the event happened; `replay`: queued by the retry route; `ping`: the test route.' }),
  replay_of: nullable(Type.String(), 'For a replay, the delivery it replays.'),
  status: StringEnum(DELIVERY_STATUSES, {
    description:
      `\`pending\` until an attempt is answered with 2xx (\`succeeded\`) or the ${MAX_ATTEMPTS}th attempt fails (\`failed\`: it goes to the dead-letter queue). ` +
      'A failed delivery that is not replayed successfully within 7 days becomes `dead` (stranded); it can still be replayed.',
  }),
  attempts: Type.Integer({ minimum: 0, description: `Attempts made so far (at most ${MAX_ATTEMPTS}; one for a ping).` }),
  next_attempt_at: Type.Union([DateTimeString(), Type.Null()], { description: 'When the next attempt is due; only while `pending`.' }),
  last_attempt_at: Type.Union([DateTimeString(), Type.Null()]),
  response_status: nullable(Type.Integer(), 'Status code of the last answer; null when none came (refused, unreachable, timed out).'),
  created_at: DateTimeString(),
  updated_at: DateTimeString(),
};

export const WebhookDeliverySchema = Type.Object(deliveryProperties, { $id: 'WebhookDelivery', description: 'One event on its way to one endpoint.' });

const attempt = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  started_at: DateTimeString(),
  finished_at: Type.Union([DateTimeString(), Type.Null()]),
  duration_ms: nullable(Type.Integer()),
  outcome: StringEnum(['succeeded', 'failed', 'in_progress', 'interrupted'] as const, {
    description: '`interrupted`: the worker stopped before it recorded an answer; such an attempt does not count against the eight and is made again.',
  }),
  response_status: nullable(Type.Integer()),
  response_body: nullable(Type.String(), 'The first 4 KB of the answer.'),
  error: nullable(Type.String(), 'Why the attempt failed, in words.'),
});

export const WebhookDeliveryDetailSchema = Type.Object(
  {
    ...deliveryProperties,
    request_headers: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
      description: 'The headers the service set on the last attempt, its `service-signature` included.',
    }),
    request_body: Type.String({ description: 'The body sent, byte for byte: the event envelope.' }),
    response_body: nullable(Type.String(), 'The first 4 KB of the last answer.'),
    attempt_history: Type.Array(attempt, { description: 'Every attempt, oldest first.' }),
  },
  { $id: 'WebhookDeliveryDetail', description: 'A delivery with what was sent and what came back.' },
);

export const WebhookDeliveryPageSchema = PageOf(Type.Ref('WebhookDelivery'), 'WebhookDeliveryPage');

export const ListWebhookDeliveriesQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    endpoint_id: Type.Optional(IdString('webhook_endpoint')),
    status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
    event_type: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-z_]+(\\.[a-z_]+)+$', description: 'An exact event type.' })),
  },
  { additionalProperties: false },
);
export type ListWebhookDeliveriesQuery = Static<typeof ListWebhookDeliveriesQuerySchema>;

export const WebhookDeliveryParamsSchema = Type.Object({ id: IdString('webhook_delivery') }, { additionalProperties: false });
