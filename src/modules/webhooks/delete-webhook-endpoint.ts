/** Deletes an endpoint: it receives nothing more; its row stays so the delivery log can name it. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { updateEndpoint } from './webhooks.repository.js';

export async function deleteWebhookEndpoint(ctx: TenantContext, id: string): Promise<void> {
  const now = ctx.clock.now();
  if (!(await updateEndpoint(ctx.db, ctx, id, { active: false, deleted_at: now, updated_at: now }))) throw new AppError('not_found', `No webhook endpoint ${id}.`);
}
