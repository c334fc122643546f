/**
 * Daily: forgets the provider event ids kept for replay protection once they are a week old. A
 * replayed event is refused by its stale timestamp after the provider's tolerance (minutes, see the
 * catalogue), so the id needs keeping only that long; a week leaves room for a provider whose clock
 * or retries run late, without keeping every id forever (docs/providers.md).
 */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteReceiptsBefore } from './provider-webhooks.repository.js';

export const RECEIPT_RETENTION_MS = 7 * 24 * 3600_000;

export const purgeProviderWebhookReceiptsJob = defineJob<Record<string, never>>({
  kind: 'purge-provider-webhook-receipts',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    await deleteReceiptsBefore(db, new Date(clock.now().getTime() - RECEIPT_RETENTION_MS));
  },
});
