/**
 * The job outbox on the `jobs` table (DESIGN, Architecture).
 *
 * Invariants: a job row is inserted in the transaction of the change that causes it; a worker
 * claims due rows in one short statement (`FOR UPDATE SKIP LOCKED`, setting `locked_until` as a
 * lease and counting the attempt), runs the slow work with no transaction open, and records the
 * result in a second short statement. The result is only written while the attempt count still
 * matches the claim, so a worker whose lease expired and was re-claimed cannot overwrite the newer
 * attempt. An expired lease (a crashed worker) makes the row claimable again.
 */
import { sql } from 'kysely';
import { newId } from '../core/ids.js';
import type { Database, DatabaseTransaction } from '../ports/database.js';

export interface JobRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  /** When it was due: a worker starting it later than this is lag (metrics). */
  run_at: Date;
}

export interface EnqueueInput {
  kind: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  /** One row per key, ever: a second enqueue with the same key is dropped. */
  dedupeKey?: string;
}

/** Inserts a job; with `dedupeKey`, resolves false when that key was enqueued before. */
export async function enqueueJob(db: Database | DatabaseTransaction, input: EnqueueInput, now: Date): Promise<boolean> {
  const result = await enqueueJobWrite(db, input, now).executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** The insert of a job, to run in the statement of the change that causes it (writeAsOneStatement). */
export function enqueueJobWrite(db: Database | DatabaseTransaction, input: EnqueueInput, now: Date) {
  return db
    .insertInto('jobs')
    .values({
      id: newId('job', now),
      kind: input.kind,
      payload: JSON.stringify(input.payload),
      state: 'pending',
      run_at: input.runAt,
      max_attempts: input.maxAttempts,
      dedupe_key: input.dedupeKey ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing());
}

/** Claims up to `limit` due jobs for `leaseMs`. */
export async function claimDueJobs(db: Database, now: Date, leaseMs: number, limit: number): Promise<JobRow[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const result = await sql<JobRow>`
    update jobs set locked_until = ${leaseUntil}, attempts = attempts + 1
    where id in (
      select id from jobs
      where state = 'pending' and run_at <= ${now} and (locked_until is null or locked_until < ${now})
      order by run_at
      limit ${limit}
      for update skip locked)
    returning id, kind, payload, attempts, max_attempts, run_at`.execute(db);
  return result.rows;
}

export async function completeJob(db: Database, job: JobRow, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'succeeded', locked_until: null, finished_at: now, last_error: null })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** Records a failed attempt: the job runs again at `retryAt`, or fails for good when that is null. */
export async function failJob(db: Database, job: JobRow, now: Date, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set(retryAt ? { run_at: retryAt, locked_until: null, last_error: error } : { state: 'failed', locked_until: null, finished_at: now, last_error: error })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** Deletes finished jobs older than `before`, so scheduled runs do not pile up. */
export async function purgeFinishedJobs(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', '!=', 'pending').where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
