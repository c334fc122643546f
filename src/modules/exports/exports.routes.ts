/**
 * Exports area (docs/export.md): request a GDPR export of the organisation's
 * data in the key's mode, follow it, list them, and download the zip through a signed link.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { FILES_PATH } from '../documents/download-links.js';
import { createExport } from './create-export.js';
import { EXPORT_LINK_SECONDS, EXPORT_RETENTION_DAYS } from './export-policy.js';
import { ExportFileQuerySchema, ExportPageSchema, ExportParamsSchema, ExportProgressSchema, ExportSchema, ListExportsQuerySchema, type ListExportsQuery } from './export.schema.js';
import { EXPORT_FILES_FOLDER } from './export-view.js';
import { getExport } from './get-export.js';
import { listExports } from './list-exports.js';
import { serveExport } from './serve-export.js';

export const EXPORT_PATHS = {
  collection: '/v1/exports',
  one: '/v1/exports/:id',
  file: `${FILES_PATH}/${EXPORT_FILES_FOLDER}/:id`,
} as const;

const manage = { access: { scope: 'export:manage' as const } };
type ById = { Params: { id: string } };

export async function exportRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [ExportProgressSchema, ExportSchema, ExportPageSchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post(
    EXPORT_PATHS.collection,
    {
      config: { optionalBody: true, ...manage, errors: [] },
      schema: {
        operationId: 'createExport',
        tags: ['exports'],
        summary: 'Request a GDPR export',
        description:
          "Starts writing a zip of the organisation's data in the key's mode: every shipment with its events, signatures, sign links (never their tokens), remarks, invoices, " +
          'delegations and inspection views; tours, notifications, webhook endpoints (never their secrets) and deliveries, request logs, the audit log, every stored document ' +
          'as its original bytes, `manifest.json` (counts and the SHA-256 of every file) and `verify.mjs`, which checks the export offline. ' +
          'Answers 202 at once; follow `GET /v1/exports/{id}` until `status` is `completed` (then `download_url`) or `failed`. `export.completed` is sent to webhooks. ' +
          `The zip is kept ${EXPORT_RETENTION_DAYS} days. No body.`,
        response: { 202: Type.Ref(ExportSchema, { description: 'The export, `running`.' }) },
      },
    },
    async (request, reply) => {
      const created = await createExport(ctx(request));
      return reply.status(202).header('location', `${EXPORT_PATHS.collection}/${created.id}`).send(created);
    },
  );

  app.get<{ Querystring: ListExportsQuery }>(
    EXPORT_PATHS.collection,
    {
      config: { ...manage, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listExports',
        tags: ['exports'],
        summary: 'List exports, newest first',
        description: `Exports still kept (${EXPORT_RETENTION_DAYS} days after they finished).`,
        querystring: ListExportsQuerySchema,
        response: { 200: Type.Ref(ExportPageSchema, { description: 'A page of exports.' }) },
      },
    },
    async (request) => listExports(ctx(request), request.query),
  );

  app.get<ById>(
    EXPORT_PATHS.one,
    {
      config: { ...manage, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getExport',
        tags: ['exports'],
        summary: 'Get an export',
        description: `\`progress\` counts while it runs. Once \`completed\`, each read hands out a fresh \`download_url\` valid ${EXPORT_LINK_SECONDS / 60} minutes, with the zip's \`size\` and \`sha256\`.`,
        params: ExportParamsSchema,
        response: { 200: Type.Ref(ExportSchema, { description: 'The export.' }) },
      },
    },
    async (request) => getExport(ctx(request), request.params.id),
  );

  app.get<ById & { Querystring: { expires?: string; signature?: string } }>(
    EXPORT_PATHS.file,
    {
      config: { access: { public: true }, errors: ['invalid_id', 'not_found', 'forbidden', 'link_expired'] },
      schema: {
        operationId: 'downloadExport',
        tags: ['exports'],
        summary: 'Download an export (signed URL)',
        description: 'The `download_url` of a completed export; no API key. An edited link is 403, an expired one 410 `link_expired`. The zip\'s SHA-256 is its `ETag`.',
        params: ExportParamsSchema,
        querystring: ExportFileQuerySchema,
        response: { 200: Type.String({ format: 'binary', description: 'The zip.' }) },
      },
    },
    async (request, reply) => {
      const served = await serveExport(runtime.services, request.params.id, request.query);
      return reply
        .header('etag', `"${served.sha256}"`)
        .header('cache-control', `private, max-age=${served.validForS}`)
        .header('content-type', 'application/zip')
        .header('content-length', served.size)
        .header('content-disposition', `attachment; filename="${served.id}.zip"`)
        .send(served.body);
    },
  );
}
