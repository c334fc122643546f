/**
 * Audit-log retention (service description, Limits: 2 years, append-only): daily, deletes rows
 * older than two years through purge_audit_log() (the service's role may not delete audit rows
 * itself; migration 0036) and moves each chain's anchor, so the integrity check starts from the
 * oldest remaining row.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { withTransaction } from '../../ports/database.js';
import { purgeAuditRowsBefore } from './audit-log.repository.js';

export const AUDIT_RETENTION_YEARS = 2;

/** Two calendar years before `now`. */
export function auditRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
  return cutoff;
}

export const purgeAuditLogJob = defineJob<Record<string, never>>({
  kind: 'purge-audit-log',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle({ db, clock }) {
    await withTransaction(db, (trx) => purgeAuditRowsBefore(trx, auditRetentionCutoff(clock.now())));
  },
});
