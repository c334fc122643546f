/** Proof of delivery (service description, pod area): JSON, or with `Accept: application/pdf` one sealed page. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { negotiateLanguage } from '../../core/language.js';
import { tenantContext } from '../../http/tenant-context.js';
import { AddressSchema, CoordinatesSchema } from '../shipments/shipment-input.schema.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { getProofOfDelivery } from './get-proof-of-delivery.js';
import { ProofOfDeliverySchema } from './pod.schema.js';
import { proofOfDeliveryPdf } from './proof-of-delivery-pdf.js';

export const POD_PATH = '/v1/shipments/:id/pod';

/** True when the Accept header ranks PDF above JSON (JSON wins ties, `*\/*` and no header). */
export function prefersPdf(accept: string | undefined): boolean {
  const quality = (type: string) =>
    Math.max(
      0,
      ...(accept ?? '')
        .split(',')
        .map((range) => range.trim().split(';'))
        .filter(([media]) => media?.trim().toLowerCase() === type)
        .map(([, ...params]) => Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? 1)),
    );
  return quality('application/pdf') > quality('application/json');
}

export async function podRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  // The shipments' scope registers these too; the answer here needs them for its `delivery.address`.
  for (const schema of [CoordinatesSchema, AddressSchema, ProofOfDeliverySchema]) app.addSchema(schema);

  app.get<{ Params: { id: string } }>(
    POD_PATH,
    {
      config: { access: { scope: 'pod:read' }, errors: ['invalid_id', 'not_found', 'pod_not_available', 'pdf_render_failed'] },
      schema: {
        operationId: 'getProofOfDelivery',
        tags: ['pod'],
        summary: 'Proof of delivery (JSON or PDF)',
        description:
          'For a delivered shipment: the consignee and their signature with its evidence, the time and place of delivery, every remark with its photos as signed download links, the final consignment-note version and its SHA-256, and the head of the event chain. ' +
          'With `Accept: application/pdf`: the same on one sealed A4 page (PAdES), rendered at the first such request, kept as a document of kind `pod` and served unchanged after (its SHA-256 is the `ETag`). Before delivery: 404 `pod_not_available`.',
        params: ShipmentParamsSchema,
        response: {
          200: {
            description: 'The proof of delivery.',
            content: {
              'application/json': { schema: Type.Ref(ProofOfDeliverySchema) },
              'application/pdf': { schema: Type.String({ format: 'binary' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const ctx = tenantContext(runtime, request);
      if (!prefersPdf(request.headers.accept)) return reply.header('vary', 'accept').send(await getProofOfDelivery(ctx, request.params.id));
      const { document, body } = await proofOfDeliveryPdf(ctx, request.params.id, negotiateLanguage(request.headers['accept-language']));
      return reply
        .header('vary', 'accept')
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${document.filename ?? `${document.id}.pdf`}"`)
        .header('etag', `"${document.sha256}"`)
        .send(body);
    },
  );
}
