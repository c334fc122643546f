/** GET /v1/shipments/{id}/documents: a shipment's documents, newest first; note versions and uploads alike. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListDocumentsQuery } from './document.schema.js';
import { documentView, type DocumentView } from './document-view.js';
import { selectDocuments } from './documents.repository.js';

export async function listDocuments(ctx: TenantContext, shipmentId: string, query: ListDocumentsQuery): Promise<Page<DocumentView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  // The cursor names the shipment and the filter: it cannot be replayed on another list.
  const scope = cursorScope(ctx, `documents:${shipmentId}:${query.kind ?? '*'}`);
  const page = pageRequest(scope, query);
  const rows = await selectDocuments(ctx.db, ctx, { shipmentId, kind: query.kind, after: page.after, order: page.order, limit: page.limit + 1 });
  return toPage(scope, page, rows.map(documentView));
}
