/**
 * The console's shipment pages, read-only for every member role (`console:read`): the list with
 * search and filters, one shipment's page, and what that page opens in the member's session — a
 * document's bytes (note versions, attachments, photos, the invoice's UBL), a remark photo's
 * thumbnail, the proof of delivery's PDF and the eFTI dataset. A shipment of another organisation
 * or mode, or an id that names none, is the console's 404 page. The shipment's page follows the
 * shipment (shipment-live.ts): asked again with its ETag it is an empty 304 until an event arrives. Acts on a shipment live elsewhere.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import { pagePictureHeaders } from '../../http/html-page.js';
import { contentDisposition } from '../documents/documents.routes.js';
import { readShipmentDocument } from '../documents/read-shipment-document.js';
import { getEftiDataset, getEftiDatasetXml } from '../efti/get-efti-dataset.js';
import { proofOfDeliveryPdf } from '../pod/proof-of-delivery-pdf.js';
import { remarkPhotoThumbnail } from '../remarks/remark-photo.js';
import { searchShipments } from '../shipments/list-shipments.js';
import type { ShipmentStatus } from '../shipments/shipment-status.js';
import { ListShipmentsQuerySchema } from '../shipments/shipment.schema.js';
import { CONSOLE_LIVE_PICTURES_CSP } from './console-layout.js';
import { consolePageContext, consolePageRoute, dropEmptyQueryValues, sendConsolePage } from './console-page.routes.js';
import { filtersOf, hrefWith, pageMode } from './console-page-parts.js';
import { createdWindow } from './filter-window.js';
import { apiLanguage } from './console-words.js';
import { shipmentActBar, shipmentActNotice, shipmentPath } from './shipment-act-bar.js';
import { readShipmentDossier } from './shipment-dossier.js';
import { renderShipmentsPage, CONSOLE_SHIPMENTS_PATH } from './shipment-list-page.js';
import { renderEftiPage } from './shipment-extra-pages.js';
import { SHIPMENT_LIVE_SCRIPT, SHIPMENT_LIVE_SCRIPT_PATH, shipmentPageTag } from './shipment-live.js';
import { renderShipmentPage } from './shipment-page.js';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const pageProperties = { mode: Type.Optional(Type.String({ maxLength: 10 })), lang: Type.Optional(Type.String({ maxLength: 10 })) };
const { cursor, status, limit } = ListShipmentsQuerySchema.properties;
const ListQuery = Type.Object(
  { cursor, limit, status, q: Type.Optional(Type.String({ maxLength: 100 })), from: Type.Optional(Type.String({ pattern: DATE })), to: Type.Optional(Type.String({ pattern: DATE })), ...pageProperties },
  { additionalProperties: false },
);
type ListQuery = { cursor?: string; limit?: number; status?: (typeof status)['static']; q?: string; from?: string; to?: string; mode?: string; lang?: string };
/** Any text as the id: one that names no shipment of this organisation and mode is the 404 page, as another's is. */
const ShipmentParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }), document: Type.String({ maxLength: 64 }) });
const PageQuery = Type.Object(pageProperties, { additionalProperties: false });
/** The shipment's page also shows the outcome of an act that sent the member back to it (shipment-act-bar.ts). */
const ShipmentPageQuery = Type.Object(
  { ...pageProperties, done: Type.Optional(Type.String({ maxLength: 20 })), act_error: Type.Optional(Type.String({ maxLength: 40 })), act: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
type ById = { Params: { id: string }; Querystring: { mode?: string; lang?: string; done?: string; act_error?: string; act?: string } };
type ByFile = { Params: { id: string; document: string }; Querystring: { mode?: string; lang?: string } };

async function readPage(runtime: AppRuntime, request: FastifyRequest) {
  const page = await consolePageContext(runtime, request);
  const mode = pageMode((request.query as { mode?: string }).mode, page.organization.live_enabled);
  return { ...page, mode, ctx: consoleTenantContext(runtime, request, mode) };
}

/** A file the member opens from the page: never cached, never sniffed, never able to run in the console's origin. */
function sendFile(reply: FastifyReply, contentType: string, disposition: string, body: Buffer): FastifyReply {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('content-type', contentType)
    .header('content-disposition', disposition)
    .send(body);
}

export async function consoleShipmentPageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  app.addHook('preValidation', dropEmptyQueryValues);
  const read = consolePageRoute('console:read');

  app.get<{ Querystring: ListQuery }>(CONSOLE_SHIPMENTS_PATH, { ...read, schema: { hide: true, querystring: ListQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const { q, from, to } = request.query;
    // Days in the member's zone; `to` includes its whole day.
    const query = { cursor: request.query.cursor, limit: request.query.limit, status: request.query.status, search: q, ...createdWindow({ from, to }, p.zone) };
    const page = await searchShipments(p.ctx, query, apiLanguage(p.language));
    const filters = filtersOf(request.query) as Record<string, string | undefined>;
    return sendConsolePage(reply, renderShipmentsPage({ language: p.language, view: p.view, mode: p.mode, filters, page, onLaterPage: Boolean(request.query.cursor) }));
  });

  app.get(SHIPMENT_LIVE_SCRIPT_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(SHIPMENT_LIVE_SCRIPT),
  );

  app.get<ById>(`${CONSOLE_SHIPMENTS_PATH}/:id`, { ...read, schema: { hide: true, params: ShipmentParams, querystring: ShipmentPageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    // The page's script asks again with the validator it was drawn at: unchanged is an empty 304, before the dossier is read.
    const tag = await shipmentPageTag(p.ctx, request.params.id, { language: p.language, zone: p.zone, role: p.session.role });
    reply.header('etag', tag);
    if (request.headers['if-none-match'] === tag) return reply.header('cache-control', 'no-store').status(304).send();
    const dossier = await readShipmentDossier(p.ctx, request.params.id, p.language);
    const { shipment } = dossier;
    const actionsHtml = shipmentActBar({ shipmentId: shipment.id, status: shipment.status as ShipmentStatus, signRequests: dossier.signatureRequests, invoiced: dossier.invoice !== null, role: p.session.role, language: p.language, mode: p.mode, returnTo: hrefWith(shipmentPath(shipment.id), { lang: p.language, mode: p.mode }) });
    const notice = shipmentActNotice(p.language, request.query);
    const live = { src: hrefWith(shipmentPath(shipment.id), { mode: p.mode, lang: (request.query as { lang?: string }).lang }), tag };
    return sendConsolePage(reply, renderShipmentPage({ language: p.language, view: p.view, mode: p.mode, dossier, actionsHtml, live, ...(notice ? { notice } : {}) }), 200, CONSOLE_LIVE_PICTURES_CSP);
  });

  app.get<ByFile>(`${CONSOLE_SHIPMENTS_PATH}/:id/documents/:document`, { ...read, schema: { hide: true, params: FileParams, querystring: PageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const { document, body } = await readShipmentDocument(p.ctx, request.params.id, request.params.document);
    return sendFile(reply, document.content_type, contentDisposition(document.filename ?? document.id, document.kind !== 'attachment'), body);
  });

  app.get<ByFile>(`${CONSOLE_SHIPMENTS_PATH}/:id/photos/:document`, { ...read, schema: { hide: true, params: FileParams, querystring: PageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const picture = await remarkPhotoThumbnail(p.ctx, request.params.id, request.params.document);
    return pagePictureHeaders(reply, picture.contentType).send(picture.body);
  });

  app.get<ById>(`${CONSOLE_SHIPMENTS_PATH}/:id/pod.pdf`, { ...read, schema: { hide: true, params: ShipmentParams, querystring: PageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const { document, body } = await proofOfDeliveryPdf(p.ctx, request.params.id, apiLanguage(p.language));
    return sendFile(reply, 'application/pdf', contentDisposition(document.filename ?? `${document.id}.pdf`, true), body);
  });

  app.get<ById>(`${CONSOLE_SHIPMENTS_PATH}/:id/efti`, { ...read, schema: { hide: true, params: ShipmentParams, querystring: PageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const ids = { gateId: runtime.config.efti?.gateId ?? null, platformId: runtime.config.efti?.platformId ?? null };
    const dataset = await getEftiDataset(p.ctx, request.params.id, undefined, ids);
    return sendConsolePage(reply, renderEftiPage(p.language, p.view, p.mode, request.params.id, dataset));
  });

  app.get<ById>(`${CONSOLE_SHIPMENTS_PATH}/:id/efti.xml`, { ...read, schema: { hide: true, params: ShipmentParams, querystring: PageQuery } }, async (request, reply) => {
    const p = await readPage(runtime, request);
    const xml = await getEftiDatasetXml(p.ctx, request.params.id, undefined);
    return sendFile(reply, 'application/xml; charset=utf-8', `inline; filename="${request.params.id}-efti.xml"`, Buffer.from(xml));
  });
}
