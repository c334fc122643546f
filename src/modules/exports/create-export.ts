/**
 * Starts a GDPR export of the organisation's data in the caller's mode (issue 21, point 1): stores
 * a `running` export and, in the same statement, the job that writes its zip (docs/export.md).
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { writeAsOneStatement } from '../../ports/database.js';
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
  await writeAsOneStatement(ctx.db, [
    insertExportWrite(ctx.db, row),
    enqueueJobWrite(ctx.db, { kind: RUN_EXPORT_JOB, payload, runAt: now, maxAttempts: EXPORT_RETRY_DELAYS_MS.length + 1 }, now),
  ]);
  return exportView(ctx, row);
}
