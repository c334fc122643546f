/** Reads one export of the caller's organisation and mode; any other is `not_found`. */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { ExportBody } from './export.schema.js';
import { exportView } from './export-view.js';
import { selectExport } from './exports.repository.js';

export async function getExport(ctx: TenantContext, id: string): Promise<ExportBody> {
  const row = await selectExport(ctx.db, ctx, id);
  if (!row) throw new AppError('not_found', `No export ${id}.`);
  return exportView(ctx, row);
}
