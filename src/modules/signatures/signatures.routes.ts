/** Signatures (service description, signatures area): list a shipment's signatures; record one for an authenticated party. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { listSignatures } from './list-signatures.js';
import { recordSignature } from './record-signature.js';
import { RecordSignatureSchema, SignaturePageSchema, SignatureSchema, type RecordSignature } from './signature.schema.js';

export const SIGNATURE_PATHS = { shipmentSignatures: '/v1/shipments/:id/signatures' } as const;

type ById = { Params: { id: string } };

export async function signatureRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [SignatureSchema, SignaturePageSchema, RecordSignatureSchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.get<ById>(
    SIGNATURE_PATHS.shipmentSignatures,
    {
      config: { access: { scope: 'signatures:read' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'listShipmentSignatures',
        tags: ['signatures'],
        summary: 'Signatures of a shipment',
        params: ShipmentParamsSchema,
        response: { 200: Type.Ref(SignaturePageSchema, { description: 'The signatures, in the order given.' }) },
      },
    },
    async (request) => listSignatures(ctx(request), request.params.id),
  );

  app.post<ById & { Body: RecordSignature }>(
    SIGNATURE_PATHS.shipmentSignatures,
    {
      config: { access: { scope: 'signatures:write' }, idempotent: true, errors: ['invalid_id', 'not_found', 'already_signed', 'invalid_state', 'shipment_immutable', 'pdf_render_failed'] },
      schema: {
        operationId: 'recordSignature',
        tags: ['signatures'],
        summary: 'Record a signature for an authenticated party',
        description:
          'For a party your platform has authenticated itself (level `platform_auth`, method `platform`). The evidence keeps the consignment-note version current at the time, the caller\'s IP and user agent, and `location` when given. ' +
          'Consignor and carrier sign while the shipment is `issued`; when both have, it is `in_transit` (`shipment.in_transit`). The consignee signs `in_transit`, which delivers it (`shipment.delivered`). ' +
          'A filled role is 409 `already_signed`; the wrong phase 409 `invalid_state`. Emits `signature.completed` and renders the next version of the note with the signature in its box.',
        params: ShipmentParamsSchema,
        body: Type.Ref(RecordSignatureSchema),
        response: { 201: Type.Ref(SignatureSchema, { description: 'The signature with its evidence.' }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const signature = await recordSignature(
        ctx(request),
        request.params.id,
        {
          role: body.role,
          successive_index: body.successive_index,
          signer_name: body.signer_name,
          method: 'platform',
          level: 'platform_auth',
          evidence: { ip: request.ip, user_agent: request.headers['user-agent'] ?? null, location: body.location },
        },
        negotiateLanguage(request.headers['accept-language']),
      );
      return reply.status(201).send(signature);
    },
  );
}
