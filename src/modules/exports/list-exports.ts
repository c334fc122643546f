/** Lists the tenant's exports still kept, newest first, with a cursor. */
import type { TenantContext } from '../../core/context.js';
import { cursorScope, pageRequest, toPage, type Page } from '../../core/pagination.js';
import type { ExportBody, ListExportsQuery } from './export.schema.js';
import { exportView } from './export-view.js';
import { selectExports } from './exports.repository.js';

export async function listExports(ctx: TenantContext, query: ListExportsQuery): Promise<Page<ExportBody>> {
  const scope = cursorScope(ctx, 'exports');
  const page = pageRequest(scope, query);
  const rows = await selectExports(ctx.db, ctx, { after: page.after, order: page.order, limit: page.limit + 1 });
  return toPage(scope, page, rows.map((row) => exportView(ctx, row)));
}
