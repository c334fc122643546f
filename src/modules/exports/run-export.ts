/**
 * Runs an export's job (docs/export.md, "If a worker dies"). One run writes at a time: a run claims
 * the export as its `runner`; a job that finds another run alive (it reported within STALE_MS)
 * leaves it be and looks again later through a follow-up job, so an export is watched until it
 * finishes. A run whose writer died is taken over and started again from the beginning (the zip of
 * the dead run was never made visible), at most MAX_RUNS times; an error the writer saw itself is
 * retried on the job's schedule; when either runs out the export is `failed` with `export.failed`.
 */
import type { Services } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { MODES, type Mode } from '../../core/mode.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { enqueueJob } from '../../jobs/job-queue.js';
import { exportEventWrites } from '../events/record-export-events.js';
import { recordExport, storageWrite } from '../usage/record-usage.js';
import { EXPORT_RETENTION_DAYS, EXPORT_RETRY_DELAYS_MS, MAX_RUNS, RUN_EXPORT_JOB, STALE_MS } from './export-policy.js';
import { claimExportRun, completeExportWrite, failExportWrite, recordExportProgress, releaseExportRun, selectExport } from './exports.repository.js';
import { ExportTakenOver, writeExport } from './write-export.js';

export interface RunExportPayload {
  export_id: string;
  organization_id: string;
  mode: Mode;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function parseRunExportPayload(payload: unknown): RunExportPayload {
  const p = payload as Partial<RunExportPayload> | null;
  if (typeof p?.export_id !== 'string' || typeof p.organization_id !== 'string' || !MODES.includes(p.mode as Mode)) throw new Error(`not a ${RUN_EXPORT_JOB} payload`);
  return { export_id: p.export_id, organization_id: p.organization_id, mode: p.mode! };
}

/** Marks the export failed and tells the organisation, unless it already finished. */
export async function failExport(services: Services, p: RunExportPayload, error: string): Promise<void> {
  const now = services.clock.now();
  const tenant = { organizationId: p.organization_id, mode: p.mode };
  await withTransaction(services.db, async (trx) => {
    const result = await failExportWrite(trx, p.export_id, error, now, new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS)).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return;
    await writeAsOneStatement(trx, exportEventWrites(trx, tenant, p.export_id, 'export.failed', { error }, now));
  });
}

async function lookAgainLater(services: Services, p: RunExportPayload): Promise<void> {
  const now = services.clock.now();
  await enqueueJob(services.db, { kind: RUN_EXPORT_JOB, payload: p, runAt: new Date(now.getTime() + STALE_MS), maxAttempts: EXPORT_RETRY_DELAYS_MS.length + 1 }, now);
}

export async function runExport(services: Services, p: RunExportPayload): Promise<void> {
  const { db, clock } = services;
  const tenant = { organizationId: p.organization_id, mode: p.mode };
  const row = await selectExport(db, tenant, p.export_id);
  if (!row || row.status !== 'running') return;
  const staleBefore = new Date(clock.now().getTime() - STALE_MS);
  const writerGone = row.heartbeat_at === null || new Date(row.heartbeat_at) < staleBefore;
  if (row.runs >= MAX_RUNS && writerGone) {
    await failExport(services, p, `The export was interrupted ${row.runs} times; request a new one.`);
    return;
  }
  const runner = newId('job', clock.now()).replace(/^job_/, 'run_');
  if (!(await claimExportRun(db, p.export_id, runner, clock.now(), staleBefore))) {
    await lookAgainLater(services, p);
    return;
  }
  const objectKey = `${p.organization_id}/${p.mode}/exports/${p.export_id}-${runner.slice(-8).toLowerCase()}.zip`;
  let zip: Awaited<ReturnType<typeof writeExport>>;
  try {
    zip = await writeExport(services, {
      exportId: p.export_id,
      tenant,
      objectKey,
      heartbeat: (progress) => recordExportProgress(db, p.export_id, runner, progress, clock.now()),
    });
  } catch (error) {
    if (error instanceof ExportTakenOver) return;
    await releaseExportRun(db, p.export_id, runner);
    throw error;
  }
  const now = clock.now();
  const completed = await withTransaction(db, async (trx) => {
    const finished = { progress: zip.progress, objectKey, size: zip.size, sha256: zip.sha256, expiresAt: new Date(now.getTime() + EXPORT_RETENTION_DAYS * DAY_MS) };
    const result = await completeExportWrite(trx, p.export_id, runner, finished, now).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    // Metered with the act (docs/usage-billing.md): one export, and the zip's bytes while it is kept.
    await writeAsOneStatement(trx, [...exportEventWrites(trx, tenant, p.export_id, 'export.completed', { size: zip.size, sha256: zip.sha256 }, now), recordExport(trx, tenant, now), storageWrite(trx, tenant, now, zip.size)]);
    return true;
  });
  // Another run took the export over meanwhile: its zip is the one that counts.
  if (!completed) await services.objects.delete(objectKey);
}
