/** GET /v1/documents/{id}: a document's metadata. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { documentView, type DocumentView } from './document-view.js';
import { selectDocument, type DocumentRow } from './documents.repository.js';

export async function findDocument(ctx: TenantContext, id: string): Promise<DocumentRow> {
  const row = await selectDocument(ctx.db, ctx, id);
  if (!row) throw new AppError('not_found', `No document ${id}.`);
  return row;
}

export async function getDocument(ctx: TenantContext, id: string): Promise<DocumentView> {
  return documentView(await findDocument(ctx, id));
}
