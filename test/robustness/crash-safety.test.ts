/**
 * Crash safety of separate API and worker processes on one PostgreSQL (DESIGN, Architecture):
 * clients create shipments with an Idempotency-Key and issue them, concurrently, retrying every
 * request until it is answered, while the API process and the worker process are killed with
 * SIGKILL at random moments and started again. Afterwards:
 *
 * - no acknowledged write is missing: every 201 names a shipment that exists, every acknowledged
 *   issue left the shipment issued;
 * - every retried issue got its 200, also when the kill fell between its commit and its answer
 *   (the answer commits with the issue);
 * - no retried key made a duplicate: one shipment per logical create, at most one
 *   `shipment.issued` event per shipment;
 * - every shipment's hash chain verifies (GET /v1/shipments/{id}/integrity);
 * - every event reached the webhook receiver at least once.
 *
 * Seeded: CRASH_SEED=<seed> replays the kill schedule; CRASH_ROUNDS sets how many kills (npm run
 * soak raises it). PostgreSQL only: separate processes need it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_LEASE_MS } from '../../src/modules/webhooks/delivery-policy.js';
import { scratchDatabase, type ScratchDatabase } from '../support/databases.js';
import { freePort, startServer, type RunningServer } from '../support/processes.js';
import { sendUntilAnswered, type Answer } from '../support/retrying-client.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 4);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, so a kill schedule can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One logical write of a client: a create (with `?issue=true` or not), then maybe an issue. */
interface LogicalWrite {
  reference: string;
  issueInCreate: boolean;
  issueAfter: boolean;
  created?: Answer;
  issued?: Answer;
}

describe.skipIf(!process.env.DATABASE_URL)('crash safety: API and worker killed with SIGKILL under concurrent writes (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let t: TestApp | undefined;
  let receiver: WebhookReceiver | undefined;
  let tenant: Tenant;
  const running: { api?: RunningServer; worker?: RunningServer } = {};
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-crash-safety-'));
  let port: number;
  let env: Record<string, string>;

  const start = async (role: 'api' | 'worker') => {
    const child = startServer({ ...env, ROLE: role, LOG_LEVEL: role === 'worker' ? 'info' : 'warn' });
    running[role] = child;
    if (role === 'worker') return child.waitFor('"started"', 60_000);
    // Starting under tsx takes seconds, many on a machine loaded by other work.
    const deadline = Date.now() + 180_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/v1/health`).then((r) => r.ok, () => false);
      if (up) return;
      if (child.child.exitCode !== null || Date.now() > deadline) throw new Error(`the API did not start; stderr:\n${child.stderr()}`);
      await sleep(100);
    }
  };
  const kill = async (role: 'api' | 'worker') => {
    const child = running[role]!;
    child.child.kill('SIGKILL');
    await child.exited;
  };

  beforeAll(async () => {
    console.log(`crash safety: CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS} CRASH_CLIENTS=${CLIENTS}`);
    scratch = await scratchDatabase('postgres');
    t = await buildTestApp({ name: 'pg', databaseUrl: scratch.url, redisUrl: process.env.REDIS_URL }, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', RATE_LIMIT_REQUESTS: '100000' } });
    receiver = await startWebhookReceiver();
    tenant = await t.newTenant();
    const endpoint = await t.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey), payload: { url: receiver.url, events: ['*'] } });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    port = await freePort();
    env = {
      ...scratch.env,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      ENVIRONMENT: 'test',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      RATE_LIMIT_REQUESTS: '100000',
    };
    await Promise.all([start('api'), start('worker')]);
  }, 400_000);

  afterAll(async () => {
    const steps: (() => Promise<unknown> | unknown)[] = [
      ...(['api', 'worker'] as const).map((role) => async () => {
        const child = running[role];
        if (child && child.child.exitCode === null && child.child.signalCode === null) {
          child.child.kill('SIGKILL');
          await child.exited;
        }
      }),
      () => receiver?.close(),
      () => t?.close(),
      () => scratch?.drop(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    ];
    for (const step of steps) await Promise.resolve().then(step).catch((error: unknown) => console.error('cleanup failed', error));
  });

  it('no acknowledged write lost, no duplicate from a retried key, every chain valid, every event delivered', { timeout: 300_000 + ROUNDS * 120_000 }, async () => {
    const app = t!;
    const hooks = receiver!;
    const base = `http://127.0.0.1:${port}`;
    const rand = random(SEED);
    const writes: LogicalWrite[] = [];
    const failures: string[] = [];
    let stopping = false;

    const client = async (n: number) => {
      for (let i = 0; !stopping; i++) {
        const w: LogicalWrite = { reference: `crash-${SEED}-${n}-${i}`, issueInCreate: i % 3 === 0, issueAfter: i % 3 === 1 };
        writes.push(w);
        const deadline = Date.now() + 120_000;
        w.created = await sendUntilAnswered(base, { method: 'POST', path: `/v1/shipments${w.issueInCreate ? '?issue=true' : ''}`, key: tenant.testKey, idempotencyKey: w.reference, body: { ...minimalShipment(), reference: w.reference } }, deadline);
        if (w.created.status !== 201) {
          failures.push(`create ${w.reference}: ${w.created.status} ${JSON.stringify(w.created.body)}`);
          continue;
        }
        if (!w.issueAfter) continue;
        w.issued = await sendUntilAnswered(base, { method: 'POST', path: `/v1/shipments/${w.created.body.id}/issue`, key: tenant.testKey, idempotencyKey: `${w.reference}-issue` }, deadline);
        // The issue keeps its answer with its commit: a retry after an answer lost to a kill replays the 200.
        if (w.issued.status !== 200) failures.push(`issue ${w.reference}: ${w.issued.status} ${JSON.stringify(w.issued.body)}`);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));

    // The kills: alternately the API and the worker, each at a random moment under load (once the
    // clients have had a few answers since the last restart, however slow the machine is).
    const answered = () => writes.filter((w) => w.created).length;
    for (let round = 0; round < ROUNDS; round++) {
      for (const before = answered(); answered() < before + CLIENTS; ) await sleep(50);
      await sleep(rand() * 1500);
      const role = round % 2 === 0 ? 'api' : 'worker';
      await kill(role);
      await sleep(rand() * 500);
      await start(role);
    }
    await sleep(500 + rand() * 1000);
    stopping = true;
    await Promise.all(clients);

    const answers = writes.flatMap((w) => [w.created, w.issued].filter((a): a is Answer => a !== undefined));
    const interrupted = answers.reduce((sum, a) => sum + a.interrupted, 0);
    const serverErrors = answers.flatMap((a) => a.serverErrors);
    console.log(
      `crash safety: ${writes.length} logical writes, ${ROUNDS} kills; attempts refused while down ${answers.reduce((sum, a) => sum + a.unanswered, 0) - interrupted}, ` +
        `cut off by a kill ${interrupted}, answered by an idempotent replay ${answers.filter((a) => a.replayed).length}; 5xx on the way: ${serverErrors.join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
    if (ROUNDS > 0) expect(interrupted, 'the kills of the API cut off requests in flight').toBeGreaterThan(0);
    expect(serverErrors.filter((e) => !e.startsWith('503 '))).toEqual([]);

    // Read everything back through the in-process app on the same database.
    const pages = async (path: string) => {
      const all: any[] = [];
      for (let cursor: string | null = null; ; ) {
        const res: LightMyRequestResponse = await app.app.inject({ method: 'GET', url: `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers: app.auth(tenant.testKey) });
        expect(res.statusCode, res.body).toBe(200);
        all.push(...res.json().data);
        cursor = res.json().next_cursor;
        if (!res.json().has_more) return all;
      }
    };
    const shipments = await pages('/v1/shipments');
    const byReference = new Map<string, any[]>();
    for (const s of shipments) byReference.set(s.reference, [...(byReference.get(s.reference) ?? []), s]);
    const duplicates = [...byReference].filter(([, list]) => list.length > 1).map(([reference, list]) => `${reference}: ${list.map((s) => s.id).join(', ')}`);
    expect(duplicates, 'one shipment per Idempotency-Key').toEqual([]);

    const byId = new Map(shipments.map((s) => [s.id, s]));
    const missing = writes.filter((w) => w.created?.status === 201 && byId.get(w.created.body.id)?.reference !== w.reference).map((w) => w.reference);
    expect(missing, 'every acknowledged create exists').toEqual([]);
    const notIssued = writes
      .filter((w) => (w.issueInCreate && w.created?.status === 201) || w.issued?.status === 200)
      .filter((w) => byId.get(w.created!.body.id)?.status !== 'issued')
      .map((w) => `${w.reference}: ${byId.get(w.created!.body.id)?.status}`);
    expect(notIssued, 'every acknowledged issue left the shipment issued').toEqual([]);

    const events: { id: string }[] = [];
    const chains: string[] = [];
    for (const s of shipments) {
      const own = await pages(`/v1/shipments/${s.id}/events`);
      events.push(...own);
      const issuedEvents = own.filter((e) => e.type === 'shipment.issued').length;
      if (issuedEvents !== (s.status === 'issued' ? 1 : 0)) chains.push(`${s.id} (${s.status}): ${issuedEvents} shipment.issued events`);
      const integrity = await app.app.inject({ method: 'GET', url: `/v1/shipments/${s.id}/integrity`, headers: app.auth(tenant.testKey) });
      if (integrity.statusCode !== 200 || integrity.json().valid !== true) chains.push(`${s.id}: integrity ${integrity.body}`);
    }
    expect(chains, 'every chain valid, each shipment issued at most once').toEqual([]);

    // The worker delivers what it can; deliveries a killed worker held are claimed again once their
    // lease runs out, which a worker in this process does with its clock past the lease.
    const received = () => new Set(hooks.received.map((r) => r.headers['service-event-id'] as string));
    for (let last = -1, deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(500)) {
      const got = received();
      if (events.every((e) => got.has(e.id)) || got.size === last) break;
      last = got.size;
    }
    running.worker!.child.kill('SIGTERM');
    await running.worker!.exited;
    app.clock.set(new Date(Date.now() + DELIVERY_LEASE_MS + 60_000));
    for (let rounds = 0; (await app.runtime.deliveries.tick()) > 0; rounds++) expect(rounds).toBeLessThan(100);
    const got = received();
    expect(events.filter((e) => !got.has(e.id)).map((e) => e.id), 'every event delivered at least once').toEqual([]);
  });
});
