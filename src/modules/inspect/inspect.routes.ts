/**
 * The inspect area: the note behind the QR code as JSON (GET /v1/inspect/{token}) and as
 * a phone page (GET /inspect/{token}), both without an API key, and the view log the carrier reads
 * with a key (GET /v1/shipments/{id}/inspection-views).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import type { Config } from '../../config.js';
import { pagePictureHeaders } from '../../http/html-page.js';
import { tenantContext } from '../../http/tenant-context.js';
import { toAppError } from '../../http/problem.js';
import { inspectionUrl } from '../documents/inspection-link.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { getInspection } from './get-inspection.js';
import { getInspectionPhoto } from './get-inspection-photo.js';
import type { EftiIdentity } from './inspection-document.js';
import { inspectionLanguage } from './inspection-languages.js';
import { inspectionPage } from './inspection-page.js';
import type { InspectionRequest } from './inspection-request.js';
import { INSPECTION_PAGE_CSP, renderInspectionErrorPage, renderInspectionPage } from './render-inspection-page.js';
import { InspectionPageQuerySchema, InspectionPhotoParamsSchema, InspectionSchema, InspectionTokenParamsSchema, InspectionViewPageSchema, InspectionViewSchema, ListInspectionViewsQuerySchema, type ListInspectionViewsQuery } from './inspect.schema.js';
import { listInspectionViews } from './list-inspection-views.js';
import type { InspectionErrorCode } from './words/inspection-words.js';

export const INSPECT_PATHS = {
  inspection: '/v1/inspect/:token',
  page: '/inspect/:token',
  photo: '/v1/inspect/:token/photos/:document_id',
  views: '/v1/shipments/:id/inspection-views',
} as const;

type ByToken = { Params: { token: string } };

/** The eFTI gate and platform ids, once the eFTI configuration exists (EFTI_GATE_ID, EFTI_PLATFORM_ID). */
function eftiIdentity(config: Config): EftiIdentity {
  return { gateId: config.efti?.gateId ?? null, platformId: config.efti?.platformId ?? null };
}

function inspectionRequest(runtime: AppRuntime, request: FastifyRequest<{ Params: { token: string } }>): InspectionRequest {
  return {
    token: request.params.token,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    acceptLanguage: request.headers['accept-language'],
    graceDays: runtime.config.inspection.graceDays,
    options: { efti: eftiIdentity(runtime.config) },
  };
}

/** The page holds a capability in its URL and changes with every signature: never cached, never referred. Its language follows Accept-Language. */
function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', INSPECTION_PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Language')
    .type('text/html; charset=utf-8');
}

const DESCRIPTION =
  'The consignment note behind the QR code, for an inspector at the roadside; no API key: the token is the key. ' +
  'The current version\'s data, every PDF version with a signed download link (15 minutes), the signatures (without their evidence), the remarks, the integrity verdict (`intact` only when the event chain verifies as `GET /v1/shipments/{id}/integrity` reports it, the current PDF still has its recorded SHA-256 and its PAdES seal verifies), and the eFTI identifier. ' +
  'The same as a phone page at `/inspect/{token}` (the link on the note), in any of the 24 official EU languages: `?lang=` when given, else the best of Accept-Language, else English. ' +
  'An unknown token, or one not of the shape we issue, is 404 `not_found`. The link works until `INSPECTION_LINK_GRACE_DAYS` (30 by default) after the shipment was delivered or cancelled, then 410 `token_expired`. ' +
  'At most 60 requests per minute per client address, over all tokens: then 429 `rate_limited` with `Retry-After`. ' +
  'Every answer on a known token is logged (`GET /v1/shipments/{id}/inspection-views`, event `shipment.inspected`), refusals included: at most one `rate_limited` view per address, link and minute.';

export async function inspectRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [InspectionSchema, InspectionViewSchema, InspectionViewPageSchema]) app.addSchema(schema);

  app.get<ByToken>(
    INSPECT_PATHS.inspection,
    {
      config: { access: { public: true }, errors: ['not_found', 'token_expired', 'rate_limited'] },
      schema: {
        operationId: 'getInspection',
        tags: ['inspect'],
        summary: 'Read-only inspection of a consignment note',
        description: DESCRIPTION,
        params: InspectionTokenParamsSchema,
        response: { 200: Type.Ref(InspectionSchema, { description: 'The note as an inspector sees it.' }) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(await getInspection(runtime.services, inspectionRequest(runtime, request))),
  );

  app.get<{ Params: { token: string; document_id: string } }>(
    INSPECT_PATHS.photo,
    {
      config: { access: { public: true }, errors: ['not_found', 'token_expired', 'rate_limited'] },
      schema: {
        operationId: 'getInspectionPhoto',
        tags: ['inspect'],
        summary: 'Thumbnail of a remark\'s photo (inspection link)',
        description:
          'A photo of a remark of the link\'s shipment, as the inspection page shows it: a JPEG of at most 480 pixels a side, upright and without metadata (a photo that cannot be scaled, such as HEIC, as stored, with its own media type). Its SHA-256 and time are in the inspection\'s `remarks[].photo_files`. ' +
          'The token is judged as on `GET /v1/inspect/{token}` (the same 60 requests per minute per address, 429 `rate_limited`; 404 `not_found`; 410 `token_expired`). A document id that is not a photo of one of this shipment\'s remarks — another shipment\'s, an attachment, any other string — is 404 `not_found`. Not cached (`no-store`): the token is the key. Not logged as a view of its own: the page that shows it is.',
        params: InspectionPhotoParamsSchema,
        response: { 200: { description: 'The thumbnail.', content: { 'image/jpeg': { schema: Type.String({ format: 'binary' }) }, 'image/*': { schema: Type.String({ format: 'binary' }) } } } },
      },
    },
    async (request, reply) => {
      const photo = await getInspectionPhoto(runtime.services, inspectionRequest(runtime, request), request.params.document_id);
      return pagePictureHeaders(reply, photo.contentType).send(photo.body);
    },
  );

  app.get<ByToken & { Querystring: { lang?: string } }>(
    INSPECT_PATHS.page,
    { config: { access: { public: true } }, schema: { hide: true, params: InspectionTokenParamsSchema, querystring: InspectionPageQuerySchema } },
    async (request, reply) => {
      const input = inspectionRequest(runtime, request);
      try {
        const page = await inspectionPage(runtime.services, input, request.query.lang);
        if (page.kind === 'note') return pageHeaders(reply).send(renderInspectionPage(page.document, page.language, inspectionUrl(runtime.config.publicBaseUrl, input.token)));
        return pageHeaders(reply).status(page.status).headers(page.headers).send(renderInspectionErrorPage(page.language, page.code, { requestId: request.id, retryAfterS: page.retryAfterS }));
      } catch (error) {
        const appError = toAppError(error);
        if (appError.status >= 500) request.log.error({ err: error }, 'inspection page failed');
        const code: InspectionErrorCode = appError.code === 'service_unavailable' ? 'service_unavailable' : 'internal_error';
        const language = inspectionLanguage(request.query.lang, input.acceptLanguage);
        return pageHeaders(reply).status(code === 'service_unavailable' ? 503 : 500).headers(appError.headers).send(renderInspectionErrorPage(language, code, { requestId: request.id }));
      }
    },
  );

  app.get<{ Params: { id: string }; Querystring: ListInspectionViewsQuery }>(
    INSPECT_PATHS.views,
    {
      config: { access: { scope: 'shipments:read' }, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listInspectionViews',
        tags: ['inspect'],
        summary: 'Inspection views of a shipment',
        description:
          'Every answer on the shipment\'s inspection link (JSON `json`, page `page`), every request of the eFTI gate (`gate`) and every federated read (`federated`), refusals included: newest first (`order=asc` for oldest first). Each also emitted `shipment.inspected`, which is not part of the shipment\'s event chain: a view changes nothing.',
        params: ShipmentParamsSchema,
        querystring: ListInspectionViewsQuerySchema,
        response: { 200: Type.Ref(InspectionViewPageSchema, { description: 'A page of views.' }) },
      },
    },
    async (request) => listInspectionViews(tenantContext(runtime, request), request.params.id, request.query),
  );
}
