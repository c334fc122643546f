/**
 * Privacy area (docs/privacy.md): erase the personal data of one data subject
 * across the organisation, in the key's mode, after a dry run; read an erasure's report back.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { eraseDataSubject } from './erase-data-subject.js';
import { getErasure } from './get-erasure.js';
import { CreateErasureBodySchema, ErasureParamsSchema, ErasureReportSchema, PRIVACY_SCHEMAS, type CreateErasureBody } from './privacy.schema.js';

export const PRIVACY_PATHS = {
  erasures: '/v1/privacy/erasures',
  erasure: '/v1/privacy/erasures/:id',
} as const;

const manage = { access: { scope: 'privacy:manage' as const } };
const report = (description: string) => Type.Ref(ErasureReportSchema, { description });

export async function privacyRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of PRIVACY_SCHEMAS) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post<{ Body: CreateErasureBody }>(
    PRIVACY_PATHS.erasures,
    {
      config: { ...manage, errors: [] },
      schema: {
        operationId: 'eraseDataSubject',
        tags: ['privacy'],
        summary: 'Erase a data subject (or dry-run it)',
        description:
          "Finds every record of the organisation, in the key's mode, that holds the subject's personal data: parties, contacts and drivers of shipments, tour drivers, signers' names and evidence, " +
          'sign-link and notification recipients (kept as keyed hashes: matched by hashing the address given), remarks made through their links, free text naming them, events and webhook bodies, request logs, stored idempotent responses, invitations. ' +
          'With `dry_run: true` it answers 200 with where they are (resource, id, field paths, counts; never values) and changes nothing. With `dry_run: false` it replaces them, in one transaction, with `[erased]` (strings a schema requires) or removes them (optional fields and those with a format), ' +
          'answers 201 with the same report and the erasure\'s id, records `erasure.completed` in the audit log and emits `privacy.erasure_completed`. ' +
          'Events keep their `data_sha256` and gain `erased_at`, so `GET /v1/shipments/{id}/integrity` stays valid. Sealed consignment-note versions, proofs of delivery, invoices and the signature evidence in them are kept under their legal retention duty and listed in `retained` with the date the purge job erases them (docs/privacy.md).',
        body: Type.Ref(CreateErasureBodySchema),
        response: { 200: report('The dry run: what would be erased, where.'), 201: report('The erasure: what was erased, where.') },
      },
    },
    async (request, reply) => {
      const result = await eraseDataSubject(ctx(request), request.body);
      if (result.id === null) return reply.status(200).send(result);
      return reply.status(201).header('location', `${PRIVACY_PATHS.erasures}/${result.id}`).send(result);
    },
  );

  app.get<{ Params: { id: string } }>(
    PRIVACY_PATHS.erasure,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getErasure', tags: ['privacy'], summary: 'Get an erasure', params: ErasureParamsSchema, response: { 200: report('The erasure\'s report.') } },
    },
    async (request) => getErasure(ctx(request), request.params.id),
  );
}
