/** Lists the tenant's exports still kept, newest first, with a cursor. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { ExportBody, ListExportsQuery } from './export.schema.js';
import { exportView } from './export-view.js';
import { selectExports } from './exports.repository.js';

export async function listExports(ctx: TenantContext, query: ListExportsQuery): Promise<Page<ExportBody>> {
  return listPage(ctx, 'exports', query, (window) => selectExports(ctx.db, ctx, window), (row) => exportView(ctx, row));
}
