/** Webhook endpoints (service description, Webhooks): create, list, read, update, delete, rotate the secret. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { updateWebhookEndpoint } from './update-webhook-endpoint.js';
import { getWebhookDelivery } from './get-webhook-delivery.js';
import { listWebhookDeliveries } from './list-webhook-deliveries.js';
import { retryWebhookDelivery } from './retry-webhook-delivery.js';
import { sendTestPing } from './send-test-ping.js';
import {
  ListWebhookDeliveriesQuerySchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  type ListWebhookDeliveriesQuery,
} from './webhook-delivery.schema.js';
import {
  CreateWebhookEndpointQuerySchema,
  CreateWebhookEndpointSchema,
  ListWebhookEndpointsQuerySchema,
  RotateWebhookSecretSchema,
  UpdateWebhookEndpointSchema,
  WebhookEndpointPageSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  type CreateWebhookEndpoint,
  type CreateWebhookEndpointQuery,
  type RotateWebhookSecret,
  type UpdateWebhookEndpoint,
} from './webhook-endpoint.schema.js';

export const WEBHOOK_PATHS = {
  endpoints: '/v1/webhook-endpoints',
  endpoint: '/v1/webhook-endpoints/:id',
  rotate: '/v1/webhook-endpoints/:id/rotate-secret',
  test: '/v1/webhook-endpoints/:id/test',
  deliveries: '/v1/webhook-deliveries',
  delivery: '/v1/webhook-deliveries/:id',
  retry: '/v1/webhook-deliveries/:id/retry',
} as const;

const manage = { access: { scope: 'webhooks:manage' as const } };
type ById = { Params: { id: string } };

export async function webhookRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [
    WebhookEndpointSchema,
    WebhookEndpointWithSecretSchema,
    WebhookEndpointPageSchema,
    CreateWebhookEndpointSchema,
    UpdateWebhookEndpointSchema,
    RotateWebhookSecretSchema,
    WebhookDeliverySchema,
    WebhookDeliveryDetailSchema,
    WebhookDeliveryPageSchema,
  ]) {
    app.addSchema(schema);
  }
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);
  const allowPrivate = runtime.config.webhooks.allowPrivateTargets;

  app.post<{ Body: CreateWebhookEndpoint; Querystring: CreateWebhookEndpointQuery }>(
    WEBHOOK_PATHS.endpoints,
    {
      config: { ...manage, errors: ['bad_request', 'test_mode_only'] },
      schema: {
        operationId: 'createWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Create a webhook endpoint',
        description: 'The `secret` is in this response only. A `url` that is not https or not publicly routable is refused with a finding on `url`.',
        querystring: CreateWebhookEndpointQuerySchema,
        body: Type.Ref(CreateWebhookEndpointSchema),
        response: { 201: Type.Ref(WebhookEndpointWithSecretSchema, { description: 'The endpoint, with its signing secret.' }) },
      },
    },
    async (request, reply) => {
      const created = await createWebhookEndpoint(ctx(request), request.body, allowPrivate);
      return reply.status(201).header('location', `${WEBHOOK_PATHS.endpoints}/${created.id}`).send(created);
    },
  );

  app.get<{ Querystring: { limit?: number; cursor?: string; order?: 'asc' | 'desc' } }>(
    WEBHOOK_PATHS.endpoints,
    {
      config: { ...manage, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listWebhookEndpoints',
        tags: ['webhooks'],
        summary: 'List webhook endpoints, newest first',
        querystring: ListWebhookEndpointsQuerySchema,
        response: { 200: Type.Ref(WebhookEndpointPageSchema, { description: 'A page of endpoints (never their secrets).' }) },
      },
    },
    async (request) => listWebhookEndpoints(ctx(request), request.query),
  );

  app.get<ById>(
    WEBHOOK_PATHS.endpoint,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getWebhookEndpoint', tags: ['webhooks'], summary: 'Get a webhook endpoint', params: WebhookEndpointParamsSchema, response: { 200: Type.Ref(WebhookEndpointSchema, { description: 'The endpoint.' }) } },
    },
    async (request) => getWebhookEndpoint(ctx(request), request.params.id),
  );

  app.patch<ById & { Body: UpdateWebhookEndpoint }>(
    WEBHOOK_PATHS.endpoint,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Update a webhook endpoint',
        description: 'Change `url`, `events`, `description` (null clears it) or `active`. A new url is checked like a new endpoint\'s.',
        params: WebhookEndpointParamsSchema,
        body: Type.Ref(UpdateWebhookEndpointSchema),
        response: { 200: Type.Ref(WebhookEndpointSchema, { description: 'The updated endpoint.' }) },
      },
    },
    async (request) => updateWebhookEndpoint(ctx(request), request.params.id, request.body, allowPrivate),
  );

  app.delete<ById>(
    WEBHOOK_PATHS.endpoint,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint',
        description: 'It receives nothing more. The delivery log keeps naming it.',
        params: WebhookEndpointParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(ctx(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post<ById & { Body: RotateWebhookSecret | undefined }>(
    WEBHOOK_PATHS.rotate,
    {
      config: { optionalBody: true, ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: ['webhooks'],
        summary: 'Rotate the signing secret',
        description: 'Returns the new `whsec_` secret, used from the next attempt. The old one signs beside it (a second `v1`) for `grace_period_hours` (default 24).',
        params: WebhookEndpointParamsSchema,
        body: Type.Ref(RotateWebhookSecretSchema),
        response: { 200: Type.Ref(WebhookEndpointWithSecretSchema, { description: 'The endpoint with its new secret.' }) },
      },
    },
    async (request) => rotateWebhookSecret(ctx(request), request.params.id, request.body?.grace_period_hours),
  );

  app.post<ById>(
    WEBHOOK_PATHS.test,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'sendWebhookTestPing',
        tags: ['webhooks'],
        summary: 'Send a test ping',
        description:
          'POSTs a signed envelope of type `webhook.ping` (data: `endpoint_id`) to the endpoint while you wait: one attempt, no retries, at most 10 s. ' +
          'The answer is the delivery as logged, with the receiver\'s status and answer. Works on an inactive endpoint too, to try it before switching it on.',
        params: WebhookEndpointParamsSchema,
        response: { 201: Type.Ref(WebhookDeliveryDetailSchema, { description: 'The ping delivery, succeeded or failed.' }) },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestPing(ctx(request), request.params.id);
      return reply.status(201).header('location', `${WEBHOOK_PATHS.deliveries}/${delivery.id}`).send(delivery);
    },
  );

  app.get<{ Querystring: ListWebhookDeliveriesQuery }>(
    WEBHOOK_PATHS.deliveries,
    {
      config: { ...manage, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['webhooks'],
        summary: 'List webhook deliveries, newest first',
        description: 'The delivery log: one entry per event and endpoint, per replay and per ping.',
        querystring: ListWebhookDeliveriesQuerySchema,
        response: { 200: Type.Ref(WebhookDeliveryPageSchema, { description: 'A page of deliveries.' }) },
      },
    },
    async (request) => listWebhookDeliveries(ctx(request), request.query),
  );

  app.get<ById>(
    WEBHOOK_PATHS.delivery,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getWebhookDelivery',
        tags: ['webhooks'],
        summary: 'Get a webhook delivery',
        description: 'The sent headers and body, the receiver\'s status and answer (first 4 KB), and every attempt with its time, duration and error.',
        params: WebhookDeliveryParamsSchema,
        response: { 200: Type.Ref(WebhookDeliveryDetailSchema, { description: 'The delivery.' }) },
      },
    },
    async (request) => getWebhookDelivery(ctx(request), request.params.id),
  );

  app.post<ById>(
    WEBHOOK_PATHS.retry,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found', 'conflict'] },
      schema: {
        operationId: 'retryWebhookDelivery',
        tags: ['webhooks'],
        summary: 'Replay a delivery',
        description:
          'Queues the same event (same `service-event-id`, same body) as a new delivery with a new id and a fresh schedule, due at once. ' +
          '409 `conflict` while the delivery is still pending, and when its endpoint is inactive or deleted.',
        params: WebhookDeliveryParamsSchema,
        response: { 201: Type.Ref(WebhookDeliveryDetailSchema, { description: 'The new delivery.' }) },
      },
    },
    async (request, reply) => {
      const replay = await retryWebhookDelivery(ctx(request), request.params.id);
      return reply.status(201).header('location', `${WEBHOOK_PATHS.deliveries}/${replay.id}`).send(replay);
    },
  );
}
