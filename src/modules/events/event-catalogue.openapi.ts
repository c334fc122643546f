/**
 * The event catalogue as the OpenAPI document's `webhooks` section (OpenAPI 3.1): one entry per
 * event type, with the envelope and the fields of its `data`, and the delivery headers.
 */
import { EVENT_CATALOGUE, subjectFields, type EventField, type EventType } from './event-catalogue.js';
import { PING_EVENT_TYPE } from '../webhooks/send-test-ping.js';

function fieldSchema(field: EventField): Record<string, unknown> {
  if (field.type === 'array') return { type: 'array', items: { type: 'string' }, description: field.description };
  if (field.type === 'object') return { type: 'object', additionalProperties: true, description: field.description };
  return { type: field.type, description: field.description };
}

const DELIVERY_HEADERS = {
  'service-signature': 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>; several v1 during rotation.',
  'service-event-id': 'The `evt_` id; identical on replays: deduplicate on it.',
  'service-delivery-id': 'This delivery; unique per delivery.',
};

function deliveryOperation(type: string, description: string, data: Record<string, unknown>): Record<string, unknown> {
  const envelope = {
    type: 'object',
    required: ['id', 'type', 'created_at', 'mode', 'data'],
    properties: {
      id: { type: 'string', description: 'The `evt_` id.' },
      type: { type: 'string', const: type },
      created_at: { type: 'string', format: 'date-time' },
      mode: { type: 'string', enum: ['test', 'live'] },
      data,
    },
  };
  return {
    post: {
      operationId: `event_${type.replace(/\W/g, '_')}`,
      summary: type,
      description,
      tags: ['events'],
      parameters: Object.entries(DELIVERY_HEADERS).map(([name, text]) => ({ name, in: 'header', required: true, description: text, schema: { type: 'string' } })),
      requestBody: { required: true, content: { 'application/json': { schema: envelope } } },
      responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else (3xx included) is retried.' } },
    },
  };
}

/** The test ping's envelope: sent only by `POST /v1/webhook-endpoints/{id}/test`, never subscribed to. */
const PING = {
  type: PING_EVENT_TYPE,
  description: 'Sent only by `POST /v1/webhook-endpoints/{id}/test`, one attempt, never retried; no subscription receives it otherwise. Not in `GET /v1/events`.',
  data: { type: 'object', required: ['endpoint_id'], properties: { endpoint_id: { type: 'string', description: 'The `we_` id of the pinged endpoint.' } }, additionalProperties: true },
};

export function eventWebhooks(): Record<string, unknown> {
  const events = EVENT_CATALOGUE.map((event: EventType) => {
    const common = Object.fromEntries(Object.entries(subjectFields(event.subject)).filter(([name]) => event.chained !== false || name !== 'seq'));
    const fields: Record<string, EventField> = { ...common, ...event.fields };
    const data = {
      type: 'object',
      required: Object.keys(common),
      properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)])),
      additionalProperties: true,
    };
    return [event.type, deliveryOperation(event.type, `${event.emittedWhen} Also listed by \`GET /v1/events\` for 90 days.`, data)] as const;
  });
  return Object.fromEntries([...events, [PING.type, deliveryOperation(PING.type, PING.description, PING.data)]]);
}
