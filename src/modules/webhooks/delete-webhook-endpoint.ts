/**
 * Deletes an endpoint: it receives nothing more; its row stays so the delivery log can name it.
 * Recorded in the audit log (`webhook_endpoint.deleted`) in the same transaction.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { withTransaction } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { updateEndpoint } from './webhooks.repository.js';

export async function deleteWebhookEndpoint(ctx: TenantContext, id: string): Promise<void> {
  const now = ctx.clock.now();
  await withTransaction(ctx.db, async (trx) => {
    if (!(await updateEndpoint(trx, ctx, id, { active: false, deleted_at: now, updated_at: now }))) throw new AppError('not_found', `No webhook endpoint ${id}.`);
    await recordTenantAct(trx, ctx, { action: 'webhook_endpoint.deleted', target: { type: 'webhook_endpoint', id } });
  });
}
