/**
 * Documents (service description, documents area): a shipment's documents, uploads of attachments
 * and photos, metadata, deletion, signed download URLs, and the download itself under `/files/`.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError } from '../../core/errors.js';
import { tenantContext } from '../../http/tenant-context.js';
import { isUploadBody, RAW_UPLOAD_TYPES, registerUploadParsers } from '../../http/upload-body.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { createDownloadUrl } from './create-download-url.js';
import { deleteDocument } from './delete-document.js';
import {
  CreateDownloadUrlSchema,
  DocumentPageSchema,
  DocumentParamsSchema,
  DocumentSchema,
  DownloadUrlSchema,
  ListDocumentsQuerySchema,
  UploadFormSchema,
  UploadQuerySchema,
  type CreateDownloadUrl,
  type ListDocumentsQuery,
} from './document.schema.js';
import { FILES_PATH } from './download-links.js';
import { getDocument } from './get-document.js';
import { listDocuments } from './list-documents.js';
import { ACCEPTED_MEDIA_TYPES, MAX_UPLOAD_BYTES } from './media-types.js';
import { serveFile } from './serve-file.js';
import { uploadDocument } from './upload-document.js';

export const DOCUMENT_PATHS = {
  shipmentDocuments: '/v1/shipments/:id/documents',
  document: '/v1/documents/:id',
  downloadUrl: '/v1/documents/:id/download-url',
  file: `${FILES_PATH}/:id`,
} as const;

type ById = { Params: { id: string } };
const read = { access: { scope: 'documents:read' as const } };
const write = { access: { scope: 'documents:write' as const } };
/** What an upload may be sent as: the detail of its 415, whatever the Content-Type that was refused. */
const UPLOAD_ACCEPTS =
  `Send the file as multipart/form-data (fields kind and file), or the file itself as the body with its media type (${RAW_UPLOAD_TYPES.join(', ')}) and ?kind=. ` +
  `An attachment is ${ACCEPTED_MEDIA_TYPES.attachment.join(', ')}; a photo ${ACCEPTED_MEDIA_TYPES.photo.join(', ')}.`;

/** A multipart body may carry up to this much besides the file: boundaries, headers, the `kind` field. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

export function contentDisposition(filename: string, inline: boolean): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function documentRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [DocumentSchema, DocumentPageSchema, CreateDownloadUrlSchema, DownloadUrlSchema]) app.addSchema(schema);
  registerUploadParsers(app, MAX_UPLOAD_BYTES);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.get<ById & { Querystring: ListDocumentsQuery }>(
    DOCUMENT_PATHS.shipmentDocuments,
    {
      config: { ...read, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listShipmentDocuments',
        tags: ['documents'],
        summary: 'Documents of a shipment, newest first',
        description: 'Every version of the consignment note and every attachment and photo still stored.',
        params: ShipmentParamsSchema,
        querystring: ListDocumentsQuerySchema,
        response: { 200: Type.Ref(DocumentPageSchema, { description: 'A page of documents.' }) },
      },
    },
    async (request) => listDocuments(ctx(request), request.params.id, request.query),
  );

  app.post<ById & { Querystring: { kind?: string; filename?: string } }>(
    DOCUMENT_PATHS.shipmentDocuments,
    {
      bodyLimit: MAX_UPLOAD_BYTES + MULTIPART_FRAMING_BYTES,
      config: { ...write, bodyCheckedByHandler: true, accepts: UPLOAD_ACCEPTS, errors: ['invalid_id', 'not_found', 'shipment_immutable', 'bad_request'] },
      schema: {
        operationId: 'uploadShipmentDocument',
        tags: ['documents'],
        summary: 'Upload an attachment or photo',
        description:
          `Send \`multipart/form-data\` with the fields \`kind\` and \`file\`, or, from a script, the file itself as the body with its media type (${RAW_UPLOAD_TYPES.map((t) => `\`${t}\``).join(', ')}) and \`?kind=\`. ` +
          `The file may be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB (413 \`payload_too_large\`). What it is is decided by its bytes: an \`attachment\` must be a PDF, JPEG or PNG, a \`photo\` a JPEG, PNG, HEIC or WebP; anything else is 415 \`unsupported_media_type\`. ` +
          'A delivered or cancelled shipment takes no more documents. The upload is recorded in the shipment\'s chain as `shipment.document_added`, with the SHA-256.',
        consumes: ['multipart/form-data'],
        params: ShipmentParamsSchema,
        querystring: UploadQuerySchema,
        body: UploadFormSchema,
        response: { 201: Type.Ref(DocumentSchema, { description: 'The stored document.' }) },
      },
    },
    async (request, reply) => {
      if (!isUploadBody(request.body)) throw new AppError('unsupported_media_type', UPLOAD_ACCEPTS);
      const { kind, filename, bytes } = request.body;
      const created = await uploadDocument(ctx(request), request.params.id, { kind, filename, bytes });
      return reply.status(201).header('location', `/v1/documents/${created.id}`).send(created);
    },
  );

  app.get<ById>(
    DOCUMENT_PATHS.document,
    {
      config: { ...read, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getDocument', tags: ['documents'], summary: 'Get a document', params: DocumentParamsSchema, response: { 200: Type.Ref(DocumentSchema, { description: 'The document.' }) } },
    },
    async (request) => getDocument(ctx(request), request.params.id),
  );

  app.delete<ById>(
    DOCUMENT_PATHS.document,
    {
      config: { ...write, errors: ['invalid_id', 'not_found', 'conflict', 'shipment_immutable'] },
      schema: {
        operationId: 'deleteDocument',
        tags: ['documents'],
        summary: 'Delete an attachment or photo',
        description: 'Only uploads, and only while the shipment is neither delivered nor cancelled (409 `shipment_immutable`). Versions of the consignment note, and photos a remark shows, are never deleted (409 `conflict`).',
        params: DocumentParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      await deleteDocument(ctx(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post<ById & { Body: CreateDownloadUrl | undefined }>(
    DOCUMENT_PATHS.downloadUrl,
    {
      config: { optionalBody: true, ...read, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'createDocumentDownloadUrl',
        tags: ['documents'],
        summary: 'Make a signed download URL',
        description: 'A link to the bytes that works without an API key until `expires_at` (15 minutes unless `expires_in` says otherwise), for this document only. Hand it to a browser, a driver\'s phone or an inspector.',
        params: DocumentParamsSchema,
        body: Type.Ref(CreateDownloadUrlSchema),
        response: { 200: Type.Ref(DownloadUrlSchema, { description: 'The signed URL.' }) },
      },
    },
    async (request) => createDownloadUrl(ctx(request), request.params.id, request.body?.expires_in),
  );

  app.get<ById & { Querystring: { expires?: string; signature?: string } }>(
    DOCUMENT_PATHS.file,
    {
      config: { access: { public: true }, errors: ['invalid_id', 'not_found', 'forbidden', 'link_expired'] },
      schema: {
        operationId: 'downloadDocument',
        tags: ['documents'],
        summary: 'Download a document (signed URL)',
        description:
          'The URL from `POST /v1/documents/{id}/download-url`; no API key. An edited link is 403, an expired one 410 `link_expired`. ' +
          'Answers with the document\'s `Content-Type`, a `Content-Disposition` with its file name, and its SHA-256 as the `ETag` (`If-None-Match` gives 304).',
        params: DocumentParamsSchema,
        querystring: Type.Object({ expires: Type.Optional(Type.String()), signature: Type.Optional(Type.String()) }),
        response: { 200: Type.String({ format: 'binary', description: 'The bytes.' }), 304: Type.Null({ description: 'Not modified: the ETag matched.' }) },
      },
    },
    async (request, reply) => {
      const { document, body, validForS } = await serveFile(runtime.services, request.params.id, request.query);
      const etag = `"${document.sha256}"`;
      reply.header('etag', etag).header('cache-control', `private, max-age=${validForS}`).header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const filename = document.filename ?? `${document.id}`;
      return reply
        .header('content-type', document.content_type)
        .header('content-disposition', contentDisposition(filename, document.kind !== 'attachment'))
        .send(body);
    },
  );
}
