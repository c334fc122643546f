/** Lists the tenant's checkpoints, newest first, with a cursor. */
import type { TenantContext } from '../../core/context.js';
import { listPage, type Page } from '../../core/pagination.js';
import type { Checkpoint } from './checkpoint-signature.js';
import type { ListCheckpointsQuery } from './checkpoints.schema.js';
import { selectCheckpoints } from './checkpoints.repository.js';

export async function listCheckpoints(ctx: TenantContext, query: ListCheckpointsQuery): Promise<Page<Checkpoint>> {
  return listPage(ctx, 'checkpoints', query, (window) => selectCheckpoints(ctx.db, ctx, window), (checkpoint) => checkpoint);
}
