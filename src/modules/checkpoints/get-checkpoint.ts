/** One checkpoint of the tenant, as delivered; raises `not_found`. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Checkpoint } from './checkpoint-signature.js';
import { selectCheckpoint } from './checkpoints.repository.js';

export async function getCheckpoint(ctx: TenantContext, id: string): Promise<Checkpoint> {
  const checkpoint = await selectCheckpoint(ctx.db, ctx, id);
  if (!checkpoint) throw new AppError('not_found', `No checkpoint ${id}.`);
  return checkpoint;
}
