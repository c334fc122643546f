/**
 * Keeps the delivery log as long as the event feed (90 days, service description Limits): older
 * finished deliveries go, with their attempts and dead letters. A pending one stays until it ends.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { EVENT_RETENTION_MS } from '../events/list-events.js';
import { deleteClockedFinishedDeliveriesOlderThan, deleteFinishedDeliveriesBefore } from './deliveries.repository.js';

export const purgeWebhookDeliveriesJob = defineJob<Record<string, never>>({
  kind: 'purge-webhook-deliveries',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    await deleteFinishedDeliveriesBefore(db, new Date(clock.now().getTime() - EVENT_RETENTION_MS));
    await deleteClockedFinishedDeliveriesOlderThan(db, EVENT_RETENTION_MS);
  },
});
