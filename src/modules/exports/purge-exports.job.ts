/**
 * Hourly: deletes exports past their retention (EXPORT_RETENTION_DAYS after they finished), zip
 * first and row second, so a crash in between leaves a row whose next purge deletes it again; and
 * fails any export still `running` whose writer has been silent for ABANDONED_MS, in case the
 * jobs watching it were lost (docs/export.md). Never an export left running forever.
 */
import { defineJob } from '../../jobs/job-definition.js';
import { withTransaction } from '../../ports/database.js';
import { storageWrite } from '../usage/record-usage.js';
import { failExport } from './run-export.js';
import { deleteExportRow, selectAbandonedExports, selectExpiredExports } from './exports.repository.js';

export const ABANDONED_MS = 60 * 60 * 1000;
const BATCH = 100;

export const purgeExportsJob = defineJob<Record<string, never>>({
  kind: 'purge-exports',
  parse: () => ({}),
  retryDelaysMs: [60_000, 5 * 60_000],
  async handle(services) {
    const { db, clock, objects } = services;
    const now = clock.now();
    for (const row of await selectAbandonedExports(db, new Date(now.getTime() - ABANDONED_MS), BATCH)) {
      await failExport(services, { export_id: row.id, organization_id: row.organization_id, mode: row.mode }, 'The export stopped making progress; request a new one.');
    }
    for (;;) {
      const expired = await selectExpiredExports(db, now, BATCH);
      for (const row of expired) {
        if (row.object_key) await objects.delete(row.object_key);
        // The zip's bytes leave `storage_bytes` with its row, once (docs/usage-billing.md).
        await withTransaction(db, async (trx) => {
          const deleted = await deleteExportRow(trx, row.id);
          if (deleted?.size) await trx.executeQuery(storageWrite(trx, { organizationId: deleted.organization_id, mode: deleted.mode }, now, -deleted.size).compile());
        });
      }
      if (expired.length < BATCH) return;
    }
  },
});
