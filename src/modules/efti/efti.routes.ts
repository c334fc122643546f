/**
 * eFTI (service description, efti area): the shipment's eFTI dataset, as JSON
 * (default) or, with `Accept: application/xml`, as the EFTI4EU XML.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { EftiConsignmentSchema, EftiDatasetQuerySchema, EftiDatasetSchema, EftiOmissionSchema, EftiUilSchema } from './efti.schema.js';
import { getEftiDataset, getEftiDatasetXml } from './get-efti-dataset.js';

export const EFTI_DATASET_PATH = '/v1/shipments/:id/efti';

const XML = 'application/xml';

/** True when the Accept header ranks XML (`application/xml` or `text/xml`) above JSON; JSON wins ties, `*\/*` and no header. */
export function prefersXml(accept: string | undefined): boolean {
  let xml = 0;
  let json = 0;
  for (const range of (accept ?? '').split(',')) {
    const [media = '', ...params] = range.split(';').map((p) => p.trim());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    const type = media.toLowerCase();
    if (type === XML || type === 'text/xml') xml = Math.max(xml, q);
    if (type === 'application/json') json = Math.max(json, q);
  }
  return xml > json;
}

export async function eftiRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [EftiUilSchema, EftiOmissionSchema, EftiConsignmentSchema, EftiDatasetSchema]) app.addSchema(schema);
  const ids = { gateId: runtime.config.efti?.gateId ?? null, platformId: runtime.config.efti?.platformId ?? null };

  app.get<{ Params: { id: string }; Querystring: { subset?: string[] } }>(
    EFTI_DATASET_PATH,
    {
      config: { access: { scope: 'efti:read' }, errors: ['invalid_id', 'not_found', 'subset_unknown'] },
      schema: {
        operationId: 'getEftiDataset',
        tags: ['efti'],
        summary: 'eFTI dataset of a shipment (JSON or XML)',
        description:
          'The shipment as the eFTI common dataset (Del. Reg. (EU) 2024/2024) from creation on, with its UIL. `subset` reduces it to the elements the EFTI4EU XSD v0.8 annotates for those subsets ' +
          '(an aggregate only with members inside); any other id is 422 `subset_unknown`, as problem+json whatever the `Accept`. ' +
          'With `Accept: application/xml`: `consignment` in `http://efti.eu/v1/consignment/common`, valid against consignment-common.xsd; ' +
          '`subset=identifier` alone gives the document valid against consignment-identifier.xsd (namespace `http://efti.eu/v1/consignment/identifier`) that the platform sends its gate.',
        params: ShipmentParamsSchema,
        querystring: EftiDatasetQuerySchema,
        response: {
          200: {
            description: 'The dataset.',
            content: {
              'application/json': { schema: Type.Ref(EftiDatasetSchema) },
              [XML]: { schema: Type.String({ description: 'EFTI4EU `consignment` document (consignment-common.xsd, or consignment-identifier.xsd for `subset=identifier`).' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const ctx = tenantContext(runtime, request);
      reply.header('vary', 'accept');
      if (!prefersXml(request.headers.accept)) return reply.send(await getEftiDataset(ctx, request.params.id, request.query.subset, ids));
      const xml = await getEftiDatasetXml(ctx, request.params.id, request.query.subset);
      return reply.header('content-type', `${XML}; charset=utf-8`).send(xml);
    },
  );
}
