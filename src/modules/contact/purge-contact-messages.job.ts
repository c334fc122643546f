/** Deletes contact messages past their retention (CONTACT_RETENTION_DAYS after they arrived). */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteContactMessagesBefore } from './contact.repository.js';
import { CONTACT_RETENTION_MS } from './contact-policy.js';

export const purgeContactMessagesJob = defineJob<Record<string, never>>({
  kind: 'purge-contact-messages',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    await deleteContactMessagesBefore(db, new Date(clock.now().getTime() - CONTACT_RETENTION_MS));
  },
});
