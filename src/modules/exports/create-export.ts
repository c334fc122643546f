/**
 * Starts a GDPR export of the organisation's data in the caller's mode: stores
 * a `running` export and, in the same statement, the job that writes its zip (docs/export.md). The
 * request is an administrative act (the whole organisation's data leaves), so it is audited in the
 * same transaction.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { enqueueJobWrite } from '../../jobs/job-queue.js';
import { EXPORT_RETRY_DELAYS_MS, RUN_EXPORT_JOB } from './export-policy.js';
import { NO_PROGRESS } from './export-status.js';
import type { ExportBody } from './export.schema.js';
import { exportView } from './export-view.js';
import { insertExportWrite, type ExportRow } from './exports.repository.js';
import type { RunExportPayload } from './run-export.js';

export async function createExport(ctx: TenantContext): Promise<ExportBody> {
  const now = ctx.clock.now();
  const row: ExportRow = {
    id: newId('export', now),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    status: 'running',
    progress: NO_PROGRESS,
    runner: null,
    runs: 0,
    heartbeat_at: null,
    object_key: null,
    size: null,
    sha256: null,
    error: null,
    created_at: now,
    completed_at: null,
    failed_at: null,
    expires_at: null,
  };
  const payload: RunExportPayload = { export_id: row.id, organization_id: ctx.organizationId, mode: ctx.mode };
  // Usage counts an export when it completes (run-export.ts), not when it is asked for.
  await withTransaction(ctx.db, async (trx) => {
    await writeAsOneStatement(trx, [
      insertExportWrite(trx, row),
      enqueueJobWrite(trx, { kind: RUN_EXPORT_JOB, payload, runAt: now, maxAttempts: EXPORT_RETRY_DELAYS_MS.length + 1 }, now),
    ]);
    await recordTenantAct(trx, ctx, { action: 'export.requested', target: { type: 'export', id: row.id }, changes: { mode: ctx.mode } });
  });
  return exportView(ctx, row);
}
