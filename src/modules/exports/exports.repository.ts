/**
 * Queries on `exports`, scoped by organisation and mode, and the writer's ownership of a run: every
 * write a run makes names its `runner`, so a run that was taken over (its worker was thought dead)
 * can no longer change the export and learns so from the count of rows it changed.
 */
import { sql, type Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import type { ExportProgress, ExportStatus } from './export-status.js';
import type { ExportsTable } from './exports.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export interface ExportRow {
  id: string;
  organization_id: string;
  mode: Mode;
  status: ExportStatus;
  progress: ExportProgress;
  runner: string | null;
  runs: number;
  heartbeat_at: Date | null;
  object_key: string | null;
  size: number | null;
  sha256: string | null;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
  failed_at: Date | null;
  expires_at: Date | null;
}

const fromRow = (row: Selectable<ExportsTable>): ExportRow => ({ ...(row as unknown as ExportRow), size: row.size === null ? null : Number(row.size) });

export function insertExportWrite(db: Database, row: Pick<ExportRow, 'id' | 'organization_id' | 'mode' | 'progress' | 'created_at'>): Write {
  return db.insertInto('exports').values({ ...row, status: 'running', progress: JSON.stringify(row.progress) });
}

export async function selectExport(db: Database, t: Tenant, id: string): Promise<ExportRow | undefined> {
  const row = await db.selectFrom('exports').selectAll().where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** An export by id alone, for its signed download link (which carries no API key). */
export async function selectExportById(db: Database, id: string): Promise<ExportRow | undefined> {
  const row = await db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function selectExports(db: Database, t: Tenant, f: { after?: string; order: SortOrder; limit: number }): Promise<ExportRow[]> {
  let query = db.selectFrom('exports').selectAll().where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  query = keysetWindow(query, 'id', f);
  return (await query.execute()).map(fromRow);
}

/**
 * Makes `runner` the writer of a running export whose previous writer, if any, has been silent
 * since `staleBefore`; counts the run. Resolves false when the export is finished or another
 * writer is alive.
 */
export async function claimExportRun(db: Database, id: string, runner: string, now: Date, staleBefore: Date): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set({ runner, heartbeat_at: now, runs: sql`runs + 1` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records progress as the heartbeat of `runner`; false when the run is no longer its own. */
export async function recordExportProgress(db: Database, id: string, runner: string, progress: ExportProgress, now: Date): Promise<boolean> {
  const result = await db.updateTable('exports').set({ progress: JSON.stringify(progress), heartbeat_at: now }).where('id', '=', id).where('runner', '=', runner).where('status', '=', 'running').executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Lets another run start at once: the writer gave up after an error it reports to the job queue. */
export async function releaseExportRun(db: Database, id: string, runner: string): Promise<void> {
  await db.updateTable('exports').set({ runner: null, heartbeat_at: null }).where('id', '=', id).where('runner', '=', runner).execute();
}

export interface Finished {
  progress: ExportProgress;
  objectKey: string;
  size: number;
  sha256: string;
  expiresAt: Date;
}

export function completeExportWrite(db: Database, id: string, runner: string, f: Finished, now: Date) {
  return db
    .updateTable('exports')
    .set({ status: 'completed', progress: JSON.stringify(f.progress), object_key: f.objectKey, size: f.size, sha256: f.sha256, completed_at: now, expires_at: f.expiresAt, runner: null, heartbeat_at: null })
    .where('id', '=', id)
    .where('runner', '=', runner)
    .where('status', '=', 'running');
}

/** Marks a running export failed, whoever runs it (the job queue gave up, or its writer died too often). */
export function failExportWrite(db: Database, id: string, error: string, now: Date, expiresAt: Date) {
  return db.updateTable('exports').set({ status: 'failed', error, failed_at: now, expires_at: expiresAt, runner: null, heartbeat_at: null }).where('id', '=', id).where('status', '=', 'running');
}

/** Running exports nobody has written for since `staleBefore` (nor started, when they never began). */
export async function selectAbandonedExports(db: Database, staleBefore: Date, limit: number): Promise<ExportRow[]> {
  const rows = await db
    .selectFrom('exports')
    .selectAll()
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('heartbeat_at', '<', staleBefore), eb.and([eb('heartbeat_at', 'is', null), eb('created_at', '<', staleBefore)])]))
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}

export async function selectExpiredExports(db: Database, now: Date, limit: number): Promise<ExportRow[]> {
  return (await db.selectFrom('exports').selectAll().where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute()).map(fromRow);
}

/** Deletes the export's row; returns what the zip's bytes were metered to, or undefined if it was gone already. */
export async function deleteExportRow(db: Database, id: string): Promise<{ organization_id: string; mode: Mode; size: number | null } | undefined> {
  const deleted = await db.deleteFrom('exports').where('id', '=', id).returning(['organization_id', 'mode', 'size']).executeTakeFirst();
  return deleted && { organization_id: deleted.organization_id, mode: deleted.mode as Mode, size: deleted.size === null ? null : Number(deleted.size) };
}
