/** Schemas of webhook endpoints: the record, its create and update bodies, and rotation. */
import { Type, type Static } from '@sinclair/typebox';
import { AttachedTestClock, TestClockQueryProperty } from '../test-clocks/test-clock.schema.js';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { EVENT_TYPE_FILTER_PATTERN } from '../events/events.schema.js';

const url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'https and publicly routable: loopback, private, CGNAT, link-local, unique-local and other reserved addresses, and internal names such as `localhost`, are refused.',
});
const events = Type.Array(Type.String({ pattern: EVENT_TYPE_FILTER_PATTERN, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: 'Exact event types (`shipment.delivered`), family wildcards (`shipment.*`) or `*` (everything, also types added later).',
});
const description = Type.String({ maxLength: 500 });

const endpointProperties = {
  id: Type.String({ description: 'The `we_` id.' }),
  url: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  events: Type.Array(Type.String()),
  active: Type.Boolean({ description: 'Inactive endpoints receive nothing, and their deliveries cannot be replayed.' }),
  mode: StringEnum(['test', 'live'] as const, { description: 'Create the endpoint with a live key to receive live events, with a test key for sandbox events; both may exist for one URL.' }),
  previous_secret_expires_at: Type.Union([DateTimeString(), Type.Null()], { description: 'Until then deliveries also carry a `v1` signed with the secret before the last rotation.' }),
  allow_private_targets: Type.Boolean({
    readOnly: true,
    description:
      'Read-only. True when the url was set by a deployment running with `WEBHOOK_ALLOW_PRIVATE_TARGETS=1` (local development and tests): only then, and only from a worker running with it too, ' +
      'are private addresses and plain http delivered to. A worker without it fails such an attempt (error "… refused (…)") and retries it on the normal schedule.',
  }),
  simulated_failure: Type.Boolean({
    readOnly: true,
    description:
      'Read-only, sandbox only. True after `POST /v1/test/shipments/{id}/simulate` with `fail_webhooks`: every attempt fails without being sent (error "simulated failure (fail_webhooks)") and is retried on the normal schedule, ' +
      'until `recover_webhooks`. Always false in live.',
  }),
  test_clock: AttachedTestClock('the endpoint\'s deliveries (their retry schedule and dead letters)'),
  created_at: DateTimeString(),
  updated_at: DateTimeString(),
};

export const WebhookEndpointSchema = Type.Object(endpointProperties, { $id: 'WebhookEndpoint', description: 'A webhook endpoint. Its secret is never shown again after creation or rotation.' });

export const WebhookEndpointWithSecretSchema = Type.Object(
  { ...endpointProperties, secret: Type.String({ description: 'The `whsec_` signing secret, shown only in this response: store it now.' }) },
  { $id: 'WebhookEndpointWithSecret' },
);

export const WebhookEndpointPageSchema = PageOf(Type.Ref('WebhookEndpoint'), 'WebhookEndpointPage');

export const CreateWebhookEndpointSchema = Type.Object(
  { url, events, description: Type.Optional(description), active: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false, $id: 'CreateWebhookEndpoint' },
);
export type CreateWebhookEndpoint = Static<typeof CreateWebhookEndpointSchema>;

export const UpdateWebhookEndpointSchema = Type.Object(
  { url: Type.Optional(url), events: Type.Optional(events), description: Type.Optional(Type.Union([description, Type.Null()])), active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, $id: 'UpdateWebhookEndpoint' },
);
export type UpdateWebhookEndpoint = Static<typeof UpdateWebhookEndpointSchema>;

export const RotateWebhookSecretSchema = Type.Object(
  {
    grace_period_hours: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 168, default: 24, description: 'How long the old secret still signs beside the new one; 0 ends it at once.' }),
    ),
  },
  { additionalProperties: false, $id: 'RotateWebhookSecret' },
);
export type RotateWebhookSecret = Static<typeof RotateWebhookSecretSchema>;

export const WebhookEndpointParamsSchema = Type.Object({ id: IdString('webhook_endpoint') }, { additionalProperties: false });
export const ListWebhookEndpointsQuerySchema = Type.Object(pageQueryProperties, { additionalProperties: false });

/** Sandbox: the endpoint's deliveries follow the test clock named here. */
export const CreateWebhookEndpointQuerySchema = Type.Object({ ...TestClockQueryProperty }, { additionalProperties: false });
export type CreateWebhookEndpointQuery = Static<typeof CreateWebhookEndpointQuerySchema>;
