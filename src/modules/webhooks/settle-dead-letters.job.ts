/**
 * Settles the dead-letter queue hourly (docs/webhooks.md, Dead letters): a failed delivery held
 * for DEAD_LETTER_HOLD_MS is `resolved` if the same event later reached the same endpoint,
 * otherwise it becomes `dead`.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { settleDeadLetters } from './deliveries.repository.js';
import { DEAD_LETTER_HOLD_MS } from './delivery-policy.js';

export const settleDeadLettersJob = defineJob<Record<string, never>>({
  kind: 'settle-webhook-dead-letters',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    const now = clock.now();
    await settleDeadLetters(db, now, new Date(now.getTime() - DEAD_LETTER_HOLD_MS));
  },
});
