/** GET /v1/shipments/{id}/documents: a shipment's documents, newest first; note versions and uploads alike. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import { findShipment } from '../shipments/get-shipment.js';
import type { ListDocumentsQuery } from './document.schema.js';
import { documentView, type DocumentView } from './document-view.js';
import { selectDocuments } from './documents.repository.js';

export async function listDocuments(ctx: TenantContext, shipmentId: string, query: ListDocumentsQuery): Promise<Page<DocumentView>> {
  await findShipment(ctx.db, ctx, shipmentId);
  // The cursor names the shipment and the filter: it cannot be replayed on another list.
  return listPage(ctx, `documents:${shipmentId}:${query.kind ?? '*'}`, query, (window) => selectDocuments(ctx.db, ctx, { shipmentId, kind: query.kind, ...window }), documentView);
}
