/**
 * Deletes what driver sign-in no longer needs, a day after it stopped working: sign-in codes past
 * their expiry, and sessions past their 12 hours or signed out, with their grants. A session row
 * holds the driver's phone, address and browser: personal data kept no longer than the session
 * (docs/driver.md, docs/privacy.md). The day's grace lets an organisation still see in
 * `GET /v1/driver-sessions` that a session ended.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { deleteSessionsEndedBefore, deleteSignInCodesExpiredBefore } from './driver-sessions.repository.js';

const GRACE_MS = 24 * 3600_000;

export const purgeDriverSessionsJob = defineJob<Record<string, never>>({
  kind: 'purge-driver-sessions',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    const cutoff = new Date(clock.now().getTime() - GRACE_MS);
    await deleteSignInCodesExpiredBefore(db, cutoff);
    await deleteSessionsEndedBefore(db, cutoff);
  },
});
