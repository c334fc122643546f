/** The job outbox and worker loop: lease claims, retries with back-off, schedules run once. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../src/adapters/database/migrator.js';
import { ManualClock } from '../../src/core/clock.js';
import type { Services } from '../../src/core/context.js';
import { defineJob } from '../../src/jobs/job-definition.js';
import { enqueueJob } from '../../src/jobs/job-queue.js';
import { JobRegistry, JobRunner } from '../../src/jobs/job-runner.js';
import type { Database } from '../../src/ports/database.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';

describe.each(scratchDatabaseKinds())('job runner on %s', (kind) => {
  let scratch: ScratchDatabase | undefined;
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.loop.stop()));
    await scratch?.drop();
    scratch = undefined;
  });

  const handled: string[] = [];
  const exhausted: string[] = [];
  let failuresLeft = 0;
  const echo = defineJob<{ tag: string }>({
    kind: 'echo',
    parse: (p) => p as { tag: string },
    retryDelaysMs: [60_000, 300_000],
    async handle(_services, payload) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('receiver down');
      }
      handled.push(payload.tag);
    },
    async onExhausted(_services, payload, error) {
      exhausted.push(`${payload.tag}: ${error}`);
    },
  });

  async function setup(clock = new ManualClock()) {
    scratch = await scratchDatabase(kind);
    const { db } = await scratch.open();
    await migrate(db);
    handled.length = 0;
    exhausted.length = 0;
    failuresLeft = 0;
    return { db, clock, runner: await runnerOn(db, clock) };
  }

  async function runnerOn(db: Database, clock: ManualClock, schedules = [] as { kind: string; everyMs: number }[]) {
    const runner = new JobRunner({ db, clock } as unknown as Services, new JobRegistry([echo]), schedules, { pollIntervalMs: 50 });
    runners.push(runner);
    return runner;
  }

  const job = (db: Database, clock: ManualClock, tag: string, extra = {}) =>
    enqueueJob(db, { kind: 'echo', payload: { tag }, runAt: clock.now(), maxAttempts: 3, ...extra }, clock.now());

  it('a running loop picks up a new due row within about a second', async () => {
    const { db, clock, runner } = await setup(new ManualClock(new Date()));
    runner.loop.start();
    await job(db, clock, 'now');
    await vi.waitFor(() => expect(handled).toEqual(['now']), { timeout: 1500, interval: 20 });
  });

  it('a failed attempt is retried after the delay of the schedule, and fails for good when it runs out, telling its kind once', async () => {
    const { db, clock, runner } = await setup();
    await job(db, clock, 'flaky');
    failuresLeft = 1;
    await runner.loop.tick();
    expect(handled).toEqual([]);
    clock.advance(59_000);
    expect(await runner.loop.tick()).toBe(0);
    clock.advance(1000);
    await runner.loop.tick();
    expect(handled).toEqual(['flaky']);

    await job(db, clock, 'doomed');
    failuresLeft = 3;
    await runner.loop.tick();
    clock.advance(60_000);
    await runner.loop.tick();
    clock.advance(300_000);
    await runner.loop.tick();
    const row = await db.selectFrom('jobs').selectAll().where('payload', '=', JSON.stringify({ tag: 'doomed' })).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_error: 'receiver down' });
    // Told once, after the last attempt only (not after the flaky job's retried failure).
    expect(exhausted).toEqual(['doomed: receiver down']);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await runner.loop.tick()).toBe(0);
  });

  it('a job whose worker died is claimed again once its lease lapses', async () => {
    const { db, clock, runner } = await setup();
    await job(db, clock, 'orphan');
    // Claim as a worker that then dies: the row is leased but never finished.
    await db.updateTable('jobs').set({ locked_until: new Date(clock.now().getTime() + 5 * 60_000), attempts: 1 }).execute();
    expect(await runner.loop.tick()).toBe(0);
    clock.advance(5 * 60_000 + 1);
    expect(await runner.loop.tick()).toBe(1);
    expect(handled).toEqual(['orphan']);
  });

  it('a schedule runs once per period however many processes run it', async () => {
    const { db, clock } = await setup(new ManualClock('2026-05-01T10:00:00Z'));
    const schedule = [{ kind: 'echo', everyMs: 60 * 60 * 1000 }];
    const a = await runnerOn(db, clock, schedule);
    const b = await runnerOn(db, clock, schedule);
    await Promise.all([a.loop.tick(), b.loop.tick(), a.loop.tick(), b.loop.tick()]);
    expect(handled).toHaveLength(1);
    clock.advance(60 * 60 * 1000);
    await Promise.all([a.loop.tick(), b.loop.tick()]);
    expect(handled).toHaveLength(2);
  });

  it('the registry refuses a kind defined twice, and a schedule nobody handles', () => {
    expect(() => new JobRegistry([echo, echo])).toThrow(/defined twice/);
    expect(() => new JobRegistry([echo]).assertHandles([{ kind: 'nobody', everyMs: 1000 }])).toThrow(/no handler/);
  });

  it.runIf(kind === 'postgres')('workers on separate connections claim with SKIP LOCKED: each job runs exactly once', async () => {
    const { db, clock } = await setup(new ManualClock(new Date()));
    for (let i = 0; i < 40; i++) await job(db, clock, `j${i}`);
    const others = await Promise.all([scratch!.open(), scratch!.open(), scratch!.open()]);
    const workers = await Promise.all(others.map((h) => runnerOn(h.db, clock)));
    workers.forEach((w) => w.loop.start());
    await vi.waitFor(() => expect(handled).toHaveLength(40), { timeout: 10_000, interval: 50 });
    expect(new Set(handled).size).toBe(40);
  });
});
