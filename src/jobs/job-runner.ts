/**
 * Runs the job outbox: a registry of job kinds, a worker loop that claims `jobs` rows as leases,
 * and the scheduler that enqueues periodic jobs.
 *
 * Scheduled jobs run once per period across any number of processes: every process enqueues the
 * period's run under the same dedupe key (`<kind>@<period number>`), the unique index keeps one
 * row, and one worker claims it (the deterministic-id approach).
 */
import type { Services } from '../core/context.js';
import type { Metrics } from '../ports/metrics.js';
import type { JobDefinition, Schedule } from './job-definition.js';
import { claimDueJobs, completeJob, enqueueJob, failJob, type JobRow } from './job-queue.js';
import { WorkerLoop } from './worker-loop.js';

/** A job's lease: long enough for any handler; a crashed worker's job runs again after it. */
const LEASE_MS = 5 * 60 * 1000;

export class JobRegistry {
  private readonly kinds = new Map<string, JobDefinition<unknown>>();

  constructor(definitions: readonly JobDefinition<unknown>[]) {
    for (const definition of definitions) {
      if (this.kinds.has(definition.kind)) throw new Error(`job kind ${definition.kind} is defined twice`);
      this.kinds.set(definition.kind, definition);
    }
  }

  get(kind: string): JobDefinition<unknown> | undefined {
    return this.kinds.get(kind);
  }

  /** Refuses schedules of kinds nobody handles, at start rather than at the first run. */
  assertHandles(schedules: readonly Schedule[]): void {
    for (const s of schedules) if (!this.kinds.has(s.kind)) throw new Error(`schedule names job kind ${s.kind}, which has no handler`);
  }
}

export interface JobRunnerOptions {
  pollIntervalMs?: number;
  onError?: (error: unknown, context: string) => void;
  /** Times how late each job starts (job lag). */
  metrics?: Metrics;
}

export class JobRunner {
  readonly loop: WorkerLoop<JobRow>;
  /** The last period this process enqueued per schedule: the insert runs once per period, not per poll. */
  private readonly enqueuedPeriod = new Map<string, number>();

  constructor(
    private readonly services: Services,
    private readonly registry: JobRegistry,
    private readonly schedules: readonly Schedule[],
    private readonly options: JobRunnerOptions = {},
  ) {
    registry.assertHandles(schedules);
    this.loop = new WorkerLoop<JobRow>({
      name: 'jobs',
      pollIntervalMs: options.pollIntervalMs,
      onError: options.onError,
      claim: async (limit) => {
        await this.enqueueScheduled();
        return claimDueJobs(services.db, services.clock.now(), LEASE_MS, limit);
      },
      process: (job) => this.run(job),
    });
  }

  /** Enqueues the current period's run of every schedule; other processes doing the same is harmless. */
  async enqueueScheduled(): Promise<void> {
    const now = this.services.clock.now();
    for (const s of this.schedules) {
      const period = Math.floor(now.getTime() / s.everyMs);
      if (this.enqueuedPeriod.get(s.kind) === period) continue;
      const maxAttempts = (this.registry.get(s.kind)?.retryDelaysMs.length ?? 0) + 1;
      await enqueueJob(this.services.db, { kind: s.kind, payload: {}, runAt: new Date(period * s.everyMs), maxAttempts, dedupeKey: `${s.kind}@${period}` }, now);
      this.enqueuedPeriod.set(s.kind, period);
    }
  }

  private async run(job: JobRow): Promise<void> {
    const { db, clock } = this.services;
    const definition = this.registry.get(job.kind);
    this.options.metrics?.jobStarted(job.kind, (clock.now().getTime() - new Date(job.run_at).getTime()) / 1000);
    try {
      if (!definition) throw new Error(`no handler for job kind ${job.kind}`);
      await definition.handle(this.services, definition.parse(job.payload));
      await completeJob(db, job, clock.now());
    } catch (error) {
      const delay = definition?.retryDelaysMs[job.attempts - 1];
      const retryAt = delay !== undefined && job.attempts < job.max_attempts ? new Date(clock.now().getTime() + delay) : null;
      const message = error instanceof Error ? error.message : String(error);
      await failJob(db, job, clock.now(), message, retryAt);
      if (retryAt === null && definition?.onExhausted) await definition.onExhausted(this.services, definition.parse(job.payload), message);
      throw error;
    }
  }
}
