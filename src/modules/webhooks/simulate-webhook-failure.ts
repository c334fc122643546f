/**
 * Sandbox `fail_webhooks` / `recover_webhooks` (POST /v1/test/shipments/{id}/simulate): marks every
 * webhook endpoint of the organisation's sandbox as failing, or not. While failing, the delivery
 * worker records each attempt as failed without sending it (attempt-delivery.ts), so retries and
 * dead letters can be watched; once recovered, the next attempt of each pending delivery is sent.
 * Only test-mode endpoints: the route is for sandbox keys only.
 */
import type { TenantContext } from '../../core/context.js';
import { setSimulatedFailure } from './webhooks.repository.js';

/** Resolves the ids of the endpoints changed, sorted. */
export async function simulateWebhookFailure(ctx: TenantContext, failing: boolean): Promise<string[]> {
  if (ctx.mode !== 'test') throw new Error('webhook failures are simulated in the sandbox only');
  return setSimulatedFailure(ctx.db, ctx, failing, ctx.clock.now());
}
