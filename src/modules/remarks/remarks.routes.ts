/**
 * Remarks (service description, remarks area): reservations at pickup or delivery, listed per
 * shipment, made with an API key or by a signer from their sign link (sign area, no key).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { pagePictureHeaders } from '../../http/html-page.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import { signLinkOf } from '../signatures/sign-link-access.js';
import type { RemarkView } from './remark-view.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { SignTokenParamsSchema } from '../signatures/signature-request.schema.js';
import { createRemark } from './create-remark.js';
import { createSignLinkRemark } from './create-sign-link-remark.js';
import { getSignLinkPhoto } from './get-sign-link-photo.js';
import { REMARK_WITH_PHOTOS_BODY_LIMIT } from './remark-photo-uploads.js';
import { listRemarks } from './list-remarks.js';
import {
  CreateRemarkSchema,
  CreateSignLinkRemarkSchema,
  ListRemarksQuerySchema,
  RemarkPageSchema,
  RemarkSchema,
  SignPhotoParamsSchema,
  type CreateRemark,
  type CreateSignLinkRemark,
  type ListRemarksQuery,
} from './remark.schema.js';

export const REMARK_PATHS = {
  shipmentRemarks: '/v1/shipments/:id/remarks',
  signRemarks: '/v1/sign/:token/remarks',
  signPhoto: '/v1/sign/:token/photos/:document_id',
} as const;

type ById = { Params: { id: string } };

const RULES =
  'Pickup remarks (the carrier\'s reservations, box 18) are made while the shipment is `issued`; takeover remarks (a successive carrier\'s, named by `successive_index`, box 18 under its name) while it is `in_transit`, once the carrier before it in `successive_carriers` has signed and before that carrier signs (otherwise 409 `invalid_state`); delivery remarks (the consignee\'s) while it is `in_transit`; another status is 409 `invalid_state`, a delivered or cancelled shipment 409 `shipment_immutable`. ' +
  'Emits `remark.created` and renders the next version of the consignment note with the remark printed in its box (500 `pdf_render_failed` if that fails: nothing changed, retry).';

export async function remarkRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [RemarkSchema, RemarkPageSchema, CreateRemarkSchema, CreateSignLinkRemarkSchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.get<ById & { Querystring: ListRemarksQuery }>(
    REMARK_PATHS.shipmentRemarks,
    {
      config: { access: { scope: 'remarks:read' }, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listShipmentRemarks',
        tags: ['remarks'],
        summary: 'Remarks of a shipment',
        description: 'Newest first (`order=asc` for oldest first); `phase` filters.',
        params: ShipmentParamsSchema,
        querystring: ListRemarksQuerySchema,
        response: { 200: Type.Ref(RemarkPageSchema, { description: 'A page of remarks.' }) },
      },
    },
    async (request) => listRemarks(ctx(request), request.params.id, request.query),
  );

  app.post<ById & { Body: CreateRemark }>(
    REMARK_PATHS.shipmentRemarks,
    {
      config: { access: { scope: 'remarks:write' }, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'invalid_state', 'shipment_immutable', 'pdf_render_failed', 'conflict'] },
      schema: {
        operationId: 'createRemark',
        tags: ['remarks'],
        summary: 'Make a remark (reservation)',
        description:
          `${RULES} ` +
          'Photos are uploaded first (`POST /v1/shipments/{id}/documents`, kind `photo`) and named here; an id that is not a photo of this shipment is 422 `validation_failed` with a finding on `$.photo_document_ids[i]` naming it. Such a photo can no longer be deleted.',
        params: ShipmentParamsSchema,
        body: Type.Ref(CreateRemarkSchema),
        response: { 201: Type.Ref(RemarkSchema, { description: 'The remark.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<RemarkView>(runtime, request, reply, 201, noHeaders);
      return response.send(() => createRemark(ctx(request), request.params.id, request.body, negotiateLanguage(request.headers['accept-language']), response.alsoWrite));
    },
  );

  app.post<{ Params: { token: string }; Body: CreateSignLinkRemark }>(
    REMARK_PATHS.signRemarks,
    {
      bodyLimit: REMARK_WITH_PHOTOS_BODY_LIMIT,
      config: {
        access: { public: true, signLink: 'pending' },
        idempotent: 'in-transaction',
        errors: ['not_found', 'token_expired', 'token_revoked', 'token_rotated', 'already_signed', 'otp_invalid', 'unsupported_media_type', 'invalid_state', 'shipment_immutable', 'pdf_render_failed', 'conflict'],
      },
      schema: {
        operationId: 'createSignLinkRemark',
        tags: ['sign'],
        summary: 'Make a remark from a sign link',
        description:
          'The signer records a reservation before signing, in their role\'s phase: consignor and carrier at pickup, a successive carrier at its takeover (its own reservations, CMR article 35), the consignee at delivery. The link must be pending: a used link is 409 `already_signed`, a withdrawn, replaced or expired one 410. ' +
          'A link that requires a one-time password needs `otp_verified_token` here as well (422 `otp_invalid` without a valid one); the remark does not use it up. ' +
          '`photos` from the phone\'s camera are judged as the driver\'s are (each an image of at most 10 MiB and 50 megapixels; a refused one stores none), each stored as a document of kind `photo` (`shipment.document_added`), then named by the remark. ' +
          `The remark names the link's role and request. ${RULES}`,
        params: SignTokenParamsSchema,
        body: Type.Ref(CreateSignLinkRemarkSchema),
        response: { 201: Type.Ref(RemarkSchema, { description: 'The remark.' }) },
      },
    },
    async (request, reply) => {
      const response = keptResponse<RemarkView>(runtime, request, reply, 201, noHeaders);
      return response.send(() => createSignLinkRemark(signLinkOf(request), request.body, negotiateLanguage(request.headers['accept-language']), response.alsoWrite));
    },
  );

  app.get<{ Params: { token: string; document_id: string } }>(
    REMARK_PATHS.signPhoto,
    {
      config: { access: { public: true, signLink: 'pending' }, errors: ['not_found', 'token_expired', 'token_revoked', 'token_rotated', 'already_signed'] },
      schema: {
        operationId: 'getSignLinkPhoto',
        tags: ['sign'],
        summary: 'Thumbnail of a remark\'s photo (sign link)',
        description:
          'A photo of a remark the signing page lists (the link\'s phase, the link\'s shipment): a JPEG of at most 480 pixels a side, upright and without metadata (a photo that cannot be scaled, such as HEIC, as stored). The link must be pending, as for the page. ' +
          'A document id that is not a photo of such a remark — another shipment\'s, an attachment, any other string — is 404 `not_found`. Not cached (`no-store`): the token is the key.',
        params: SignPhotoParamsSchema,
        response: { 200: { description: 'The thumbnail.', content: { 'image/jpeg': { schema: Type.String({ format: 'binary' }) }, 'image/*': { schema: Type.String({ format: 'binary' }) } } } },
      },
    },
    async (request, reply) => {
      const photo = await getSignLinkPhoto(signLinkOf(request), request.params.document_id);
      return pagePictureHeaders(reply, photo.contentType).send(photo.body);
    },
  );
}
