/** Signatures (service description, signatures area): list a shipment's signatures; record one for an authenticated party. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { keptResponse, noHeaders } from '../../http/idempotency.js';
import type { SignatureView } from './signature-view.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { listSignatures } from './list-signatures.js';
import { recordSignature } from './record-signature.js';
import { ListSignaturesQuerySchema, RecordSignatureSchema, SignaturePageSchema, SignatureSchema, type ListSignaturesQuery, type RecordSignature } from './signature.schema.js';
import { createSignatureRequest } from './create-signature-request.js';
import { getSignatureRequest, resendSignatureRequest, revokeSignatureRequest } from './manage-signature-requests.js';
import {
  CreatedSignatureRequestSchema,
  CreateSignatureRequestQuerySchema,
  CreateSignatureRequestSchema,
  type CreateSignatureRequestQuery,
  ResendSignatureRequestSchema,
  SignatureRequestParamsSchema,
  SignatureRequestSchema,
  type CreateSignatureRequest,
} from './signature-request.schema.js';

export const SIGNATURE_PATHS = {
  shipmentSignatures: '/v1/shipments/:id/signatures',
  shipmentRequests: '/v1/shipments/:id/signature-requests',
  request: '/v1/signature-requests/:id',
  revoke: '/v1/signature-requests/:id/revoke',
  resend: '/v1/signature-requests/:id/resend',
} as const;

type ById = { Params: { id: string } };

export async function signatureRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [SignatureSchema, SignaturePageSchema, RecordSignatureSchema, CreateSignatureRequestSchema, ResendSignatureRequestSchema, SignatureRequestSchema, CreatedSignatureRequestSchema]) {
    app.addSchema(schema);
  }
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.get<ById & { Querystring: ListSignaturesQuery }>(
    SIGNATURE_PATHS.shipmentSignatures,
    {
      config: { access: { scope: 'signatures:read' }, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listShipmentSignatures',
        tags: ['signatures'],
        summary: 'Signatures of a shipment',
        params: ShipmentParamsSchema,
        querystring: ListSignaturesQuerySchema,
        response: { 200: Type.Ref(SignaturePageSchema, { description: 'The signatures, in the order given.' }) },
      },
    },
    async (request) => listSignatures(ctx(request), request.params.id, request.query),
  );

  app.post<ById & { Body: RecordSignature }>(
    SIGNATURE_PATHS.shipmentSignatures,
    {
      config: { access: { scope: 'signatures:write' }, idempotent: 'in-transaction', errors: ['invalid_id', 'not_found', 'already_signed', 'invalid_state', 'invalid_transition', 'shipment_immutable', 'pdf_render_failed', 'conflict'] },
      schema: {
        operationId: 'recordSignature',
        tags: ['signatures'],
        summary: 'Record a signature for an authenticated party',
        description:
          'For a party your platform has authenticated itself (level `platform_auth`, method `platform`). The evidence keeps the consignment-note version current at the time, the caller\'s IP and user agent, and `location` when given. ' +
          'Consignor and carrier sign while the shipment is `issued`; when both have, it is `in_transit` (`shipment.in_transit`). A successive carrier signs `in_transit` when it takes the goods over, with the `place` of the takeover (`shipment.taken_over`), in the order of `successive_carriers` (before the one before it has signed: 409 `invalid_state`). The consignee signs `in_transit`, which delivers it (`shipment.delivered`). ' +
          'A filled role is 409 `already_signed`; the wrong phase 409 `invalid_state`. On a `cancelled` or `delivered` shipment a signature that would move it (the consignee\'s, which delivers; ' +
          'the second of consignor and carrier, which picks up) is 409 `invalid_transition`, any other 409 `shipment_immutable`. Emits `signature.completed` and renders the next version of the note with the signature in its box.',
        params: ShipmentParamsSchema,
        body: Type.Ref(RecordSignatureSchema),
        response: { 201: Type.Ref(SignatureSchema, { description: 'The signature with its evidence.' }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const response = keptResponse<SignatureView>(runtime, request, reply, 201, noHeaders);
      return response.send(() => recordSignature(
        ctx(request),
        request.params.id,
        {
          role: body.role,
          successive_index: body.successive_index,
          signer_name: body.signer_name,
          method: 'platform',
          level: 'platform_auth',
          evidence: { ip: request.ip, user_agent: request.headers['user-agent'] ?? null, location: body.location },
          place: body.place,
        },
        negotiateLanguage(request.headers['accept-language']),
        response.alsoWrite,
      ));
    },
  );

  const requestErrors = ['invalid_id', 'not_found', 'already_signed', 'invalid_state', 'shipment_immutable', 'qtsp_unavailable'] as const;
  app.post<ById & { Body: CreateSignatureRequest; Querystring: CreateSignatureRequestQuery }>(
    SIGNATURE_PATHS.shipmentRequests,
    {
      config: { access: { scope: 'signatures:write' }, errors: [...requestErrors, 'bad_request', 'test_mode_only'] },
      schema: {
        operationId: 'createSignatureRequest',
        tags: ['signatures'],
        summary: 'Request a signature by sign link',
        description:
          'Sends a sign link for one role by e-mail or SMS and records the notification. One link per role is live: a new request replaces a pending one, whose link then answers 410 `token_rotated`. ' +
          'Sandbox keys get the link itself in `url`, to script the whole flow; live answers never carry it.',
        params: ShipmentParamsSchema,
        querystring: CreateSignatureRequestQuerySchema,
        body: Type.Ref(CreateSignatureRequestSchema),
        response: { 201: Type.Ref(CreatedSignatureRequestSchema, { description: 'The request, and the notification that carried it.' }) },
      },
    },
    async (request, reply) => {
      const created = await createSignatureRequest(ctx(request), request.params.id, request.body);
      return reply.status(201).header('location', `/v1/signature-requests/${created.id}`).send(created);
    },
  );

  app.get<ById>(
    SIGNATURE_PATHS.request,
    {
      config: { access: { scope: 'signatures:read' }, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getSignatureRequest', tags: ['signatures'], summary: 'Get a signature request', params: SignatureRequestParamsSchema, response: { 200: Type.Ref(SignatureRequestSchema, { description: 'The request.' }) } },
    },
    async (request) => getSignatureRequest(ctx(request), request.params.id),
  );

  app.post<ById>(
    SIGNATURE_PATHS.revoke,
    {
      config: { access: { scope: 'signatures:write' }, errors: ['invalid_id', 'not_found', 'conflict'] },
      schema: {
        operationId: 'revokeSignatureRequest',
        tags: ['signatures'],
        summary: 'Revoke a sign link',
        description: 'The link answers 410 `token_revoked` from now on. Only a pending request can be revoked (409 `conflict`).',
        params: SignatureRequestParamsSchema,
        response: { 200: Type.Ref(SignatureRequestSchema, { description: 'The revoked request.' }) },
      },
    },
    async (request) => revokeSignatureRequest(ctx(request), request.params.id),
  );

  app.post<ById & { Body: { recipient?: string } | undefined }>(
    SIGNATURE_PATHS.resend,
    {
      config: { optionalBody: true, access: { scope: 'signatures:write' }, errors: [...requestErrors, 'conflict'] },
      schema: {
        operationId: 'resendSignatureRequest',
        tags: ['signatures'],
        summary: 'Send the sign link again',
        description: 'Sends a new link (answered like a create, with a new request id); the old link answers 410 `token_rotated`.',
        params: SignatureRequestParamsSchema,
        body: Type.Ref(ResendSignatureRequestSchema),
        response: { 201: Type.Ref(CreatedSignatureRequestSchema, { description: 'The new request.' }) },
      },
    },
    async (request, reply) => {
      const created = await resendSignatureRequest(ctx(request), request.params.id, request.body?.recipient);
      return reply.status(201).header('location', `/v1/signature-requests/${created.id}`).send(created);
    },
  );
}
