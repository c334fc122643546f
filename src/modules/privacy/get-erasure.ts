/** Reads an erasure's report back (`GET /v1/privacy/erasures/{id}`); another organisation's or mode's is `not_found`. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectErasure } from './privacy.repository.js';
import type { ErasureReport } from './privacy.schema.js';

/** Raises `not_found`. */
export async function getErasure(ctx: TenantContext, id: string): Promise<ErasureReport> {
  const row = await selectErasure(ctx.db, ctx, id);
  if (!row) throw new AppError('not_found', `No erasure ${id}.`);
  return { id: row.id, ...(row.report as Omit<ErasureReport, 'id'>) };
}
