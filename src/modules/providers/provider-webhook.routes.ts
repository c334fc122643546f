/**
 * Providers-webhook area (docs/providers.md): the public door providers post
 * their events to, verified per provider, and the events kept for review.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { isAppError } from '../../core/errors.js';
import { tenantContext } from '../../http/tenant-context.js';
import { listProviderWebhookReviews } from './list-provider-webhook-reviews.js';
import {
  ListProviderWebhookReviewsQuerySchema,
  ProviderEventSchema,
  ProviderWebhookAnswerSchema,
  ProviderWebhookParamsSchema,
  ProviderWebhookReviewPageSchema,
  ProviderWebhookReviewSchema,
  type ListProviderWebhookReviewsQuery,
} from './provider-webhook.schema.js';
import { receiveProviderWebhook } from './receive-provider-webhook.js';

export const PROVIDER_WEBHOOK_PATHS = { receive: '/v1/providers-webhook/:provider', reviews: '/v1/providers-webhook/reviews' } as const;

/** A provider event is small; a signature's image data is the largest part. */
const BODY_LIMIT = 512 * 1024;

export async function providerWebhookRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [ProviderEventSchema, ProviderWebhookAnswerSchema, ProviderWebhookReviewSchema, ProviderWebhookReviewPageSchema]) app.addSchema(schema);

  app.get<{ Querystring: ListProviderWebhookReviewsQuery }>(
    PROVIDER_WEBHOOK_PATHS.reviews,
    {
      config: { access: { scope: 'providers:manage' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listProviderWebhookReviews',
        tags: ['providers-webhook'],
        summary: 'List provider events kept for review, newest first',
        description:
          "Events of notes handed to a provider that could not be applied to the shipment: a transition our state machine does not allow now (a `delivered` before the pickup), or one our rules refuse. Events naming a note no hand-over has carry no organisation: they are kept for the deployment's operator (docs/providers.md).",
        querystring: ListProviderWebhookReviewsQuerySchema,
        response: { 200: Type.Ref(ProviderWebhookReviewPageSchema, { description: 'A page of kept events.' }) },
      },
    },
    async (request) => listProviderWebhookReviews(tenantContext(runtime, request), request.query),
  );

  await app.register(async (scope) => {
    // The signature covers the exact bytes: the body reaches the handler unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { provider: string } }>(
      PROVIDER_WEBHOOK_PATHS.receive,
      {
        config: { access: { public: true }, idempotent: false, bodyCheckedByHandler: true, errors: ['not_found', 'bad_request', 'unauthorized', 'malformed_json', 'unsupported_media_type', 'payload_too_large'] },
        schema: {
          operationId: 'receiveProviderWebhook',
          tags: ['providers-webhook'],
          summary: 'Receive an event from an eCMR provider',
          description:
            'No API key: the provider signs each request by the scheme its catalogue entry declares (`webhook`: header names, HMAC-SHA256 over `<timestamp>.<raw body>` with PROVIDER_<ID>_WEBHOOK_SECRET, timestamp tolerance). ' +
            'A missing or malformed timestamp is 400 `bad_request`; a missing or wrong signature, or a timestamp outside the tolerance, 401 `unauthorized`; a provider unknown or not taking webhooks here 404 `not_found`; refusals are logged. ' +
            'The body is a `ProviderEvent` (JSON); anything else is 400 `malformed_json` or `bad_request`. An event id already taken answers 200 `duplicate` and changes nothing. ' +
            "A status the catalogue maps onto ours moves the shipment (`IN_TRANSPORT` → `in_transit`, `ARRIVED_AT_DESTINATION` → `delivered` for olf-ecmr); a signature is recorded with method `provider`, a remark with source `provider`, with the provider's evidence; each is a chained shipment event our webhooks deliver. " +
            'An event for a note no hand-over has, or one our state machine or rules refuse, is kept for review and answered 202 `review`, so the provider does not retry it forever.',
          params: ProviderWebhookParamsSchema,
          response: {
            200: Type.Ref(ProviderWebhookAnswerSchema, { description: 'Applied, ignored (a status of theirs with no counterpart of ours), or a duplicate.' }),
            202: Type.Ref(ProviderWebhookAnswerSchema, { description: 'Kept for review.' }),
          },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const answer = await receiveProviderWebhook(runtime.services, { providerId: request.params.provider, headers: request.headers, body });
          return reply.status(answer.outcome === 'review' ? 202 : 200).send(answer);
        } catch (error) {
          if (isAppError(error) && error.status < 500) request.log.warn({ provider: request.params.provider, code: error.code, detail: error.message }, 'provider webhook refused');
          throw error;
        }
      },
    );
  });
}
