/**
 * Deletes what console sign-in no longer needs, a day after it stopped working: magic links past
 * their expiry, and sessions revoked or past their absolute expiry. A session that ended by idling
 * goes at its absolute expiry (at most CONSOLE_SESSION_MAX_DAYS after sign-in): until then its row
 * only says it is over.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteMagicLinksExpiredBefore, deleteSessionsEndedBefore } from './console-auth.repository.js';

const GRACE_MS = 24 * 3600_000;

export const purgeConsoleAuthJob = defineJob<Record<string, never>>({
  kind: 'purge-console-auth',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    const cutoff = new Date(clock.now().getTime() - GRACE_MS);
    await deleteMagicLinksExpiredBefore(db, cutoff);
    await deleteSessionsEndedBefore(db, cutoff);
  },
});
