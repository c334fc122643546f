/**
 * A delivery worker killed with SIGKILL mid-attempt loses no delivery (issue requirement): a real
 * `ROLE=worker` child process delivers from a PostgreSQL database while the receivers leave some
 * requests hanging; the child is killed; a worker started afterwards on the same database, once
 * the dead worker's leases have run out, delivers everything left. Every event then reached every
 * subscribed endpoint at least once, the killed attempts show as `interrupted`, and none of them
 * counted as a failure.
 *
 * PostgreSQL only: separate processes on one database need it (the embedded PGlite is single-process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_LEASE_MS, RETRY_DELAYS_MS } from '../../src/modules/webhooks/delivery-policy.js';
import { scratchDatabase, type ScratchDatabase } from '../support/databases.js';
import { startServer, type RunningServer } from '../support/processes.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';
import { webhooksApi, type DeliveryDetail, type WebhooksApi } from '../support/webhooks-api.js';

const SHIPMENTS = 20;
/** Each receiver answers this many requests of the child with 200, then leaves every later one hanging. */
const ANSWERED = 5;

/** Polls `check` until it returns a value; fails, with the child's output, on timeout or when the child dies first. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, child: RunningServer, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (exited || Date.now() > deadline) {
      throw new Error(`${exited ? 'worker exited' : 'timed out'} waiting for ${what}; stdout:\n${child.stdout()}\nstderr:\n${child.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const header = (r: ReceivedWebhook, name: string) => r.headers[name] as string;

describe.skipIf(!process.env.DATABASE_URL)('webhook delivery survives a SIGKILLed worker process (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let t: TestApp | undefined;
  let tenant: Tenant;
  let hooks: WebhooksApi;
  let all: WebhookReceiver | undefined;
  let issued: WebhookReceiver | undefined;
  let child: RunningServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-crash-'));

  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    t = await buildTestApp({ name: 'pg', databaseUrl: scratch.url, redisUrl: process.env.REDIS_URL }, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
    all = await startWebhookReceiver();
    issued = await startWebhookReceiver();
  });

  afterAll(async () => {
    // Each step on its own, so one failing still lets the others clean up.
    const steps: (() => Promise<unknown> | unknown)[] = [
      async () => {
        if (child && child.child.exitCode === null && child.child.signalCode === null) {
          child.child.kill('SIGKILL');
          await child.exited;
        }
      },
      () => all?.close(),
      () => issued?.close(),
      () => t?.close(),
      () => scratch?.drop(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    ];
    for (const step of steps) await Promise.resolve().then(step).catch((error: unknown) => console.error('cleanup failed', error));
  });

  it('after SIGKILL mid-attempt and a restart, every event reaches every subscribed endpoint', { timeout: 60_000 }, async () => {
    const app = t!;
    const toAll = all!;
    const toIssued = issued!;
    tenant = await app.newTenant();
    hooks = webhooksApi(app, tenant);
    const shipments = shipmentsApi(app, tenant);
    const endpointAll = await hooks.endpoint({ url: toAll.url, events: ['*'] });
    const endpointIssued = await hooks.endpoint({ url: toIssued.url, events: ['shipment.issued'] });

    // Every receiver answers its first requests, then hangs: those attempts are in flight when the kill comes.
    for (const r of [toAll, toIssued]) r.respond((_req, index) => (index < ANSWERED ? { status: 200, body: 'ok' } : 'hang'));

    // 20 shipments → 40 events (created + issued) → 40 deliveries to `*` and 20 to `shipment.issued`.
    // The test app's clock stands at its start (real time), so all are due for the child's real clock.
    const events: { id: string; type: string }[] = [];
    for (let i = 0; i < SHIPMENTS; i++) {
      const shipment = await shipments.created(minimalShipment(), { issue: true });
      events.push(...(await shipments.events(shipment.id)).json().data.map((e: { id: string; type: string }) => ({ id: e.id, type: e.type })));
    }
    expect(events.map((e) => e.type).sort()).toEqual([...Array(SHIPMENTS).fill('shipment.created'), ...Array(SHIPMENTS).fill('shipment.issued')]);
    const expected = new Map<string, Set<string>>([
      [endpointAll.id, new Set(events.map((e) => e.id))],
      [endpointIssued.id, new Set(events.filter((e) => e.type === 'shipment.issued').map((e) => e.id))],
    ]);
    const deliveries = await allDeliveries();
    expect(deliveries).toHaveLength(60);
    expect(deliveries.every((d) => d.status === 'pending' && d.attempts === 0)).toBe(true);

    const db = app.runtime.services.db;
    const deliveryRows = () => db.selectFrom('webhook_deliveries').select(['id', 'status', 'attempts', 'failures']).execute();

    child = startServer({
      ROLE: 'worker',
      ...scratch.env,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      DATA_DIR: dataDir,
      PORT: '0',
      ENVIRONMENT: 'test',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      // No scheduled checkpoint: its first run is due at once, and its audit.checkpoint_created
      // event would add a delivery to the `*` endpoint whenever the child lived long enough to run it.
      CHECKPOINT_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
    });
    const worker = child;

    // Wait until the child has had its answered attempts recorded and has attempts hanging at both receivers.
    const recordedByChild = await until(
      'the child to record the answered attempts and leave others hanging',
      async () => {
        if (toAll.received.length <= ANSWERED || toIssued.received.length <= ANSWERED) return undefined;
        const rows = await deliveryRows();
        const succeeded = rows.filter((r) => r.status === 'succeeded');
        return succeeded.length === 2 * ANSWERED ? succeeded.map((r) => r.id) : undefined;
      },
      worker,
    );
    const hungIds = [toAll, toIssued].flatMap((r) => r.received.slice(ANSWERED).map((req) => header(req, 'service-delivery-id')));
    const beforeKill = await deliveryRows();
    const inFlight = beforeKill.filter((r) => r.status === 'pending' && r.attempts > 0);
    // Every hanging request is a claimed, unrecorded attempt; none had been answered or failed yet.
    expect(inFlight.map((r) => r.id)).toEqual(expect.arrayContaining(hungIds));
    expect(beforeKill.filter((r) => r.status === 'failed' || r.failures > 0)).toEqual([]);

    worker.child.kill('SIGKILL');
    expect(await worker.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(worker.stdout() + worker.stderr(), 'the worker logged no errors before the kill').not.toMatch(/"level":(50|60)/);

    // The restart: a worker in this process on the same database, after the dead worker's leases
    // (and any first retry delay) have run out; the receivers now answer everything.
    for (const r of [toAll, toIssued]) r.respond(() => ({ status: 200, body: 'ok' }));
    app.clock.set(new Date(Date.now() + Math.max(DELIVERY_LEASE_MS, RETRY_DELAYS_MS[0]) + 60_000));
    let rounds = 0;
    let delivered = 0;
    for (let n; (n = await app.runtime.deliveries.tick()) > 0; rounds++) {
      delivered += n;
      expect(rounds, 'the restarted worker keeps finding work').toBeLessThan(20);
    }
    expect(delivered).toBe(60 - 2 * ANSWERED);

    // Every (event, endpoint) subscribed pair reached the right receiver at least once, with the
    // delivery id of that pair's row.
    const byDelivery = new Map(deliveries.map((d) => [d.id, d]));
    for (const [endpointId, receiver] of [
      [endpointAll.id, toAll],
      [endpointIssued.id, toIssued],
    ] as const) {
      const got = new Set<string>();
      for (const req of receiver.received) {
        const d = byDelivery.get(header(req, 'service-delivery-id'));
        expect(d, 'a known delivery').toBeDefined();
        expect(d!.endpoint_id).toBe(endpointId);
        expect(header(req, 'service-event-id')).toBe(d!.event_id);
        expect(req.json.id).toBe(d!.event_id);
        got.add(d!.event_id);
      }
      expect([...got].sort()).toEqual([...expected.get(endpointId)!].sort());
    }
    expect(deliveries.map((d) => `${d.endpoint_id} ${d.event_id}`).sort()).toEqual(
      [...expected].flatMap(([endpointId, ids]) => [...ids].map((id) => `${endpointId} ${id}`)).sort(),
    );

    // Every delivery succeeded; none failed, and the killed attempts counted as no failure.
    const after = await deliveryRows();
    expect(after.filter((r) => r.status !== 'succeeded')).toEqual([]);
    expect(after.filter((r) => r.failures !== 0)).toEqual([]);
    expect((await hooks.deliveries('?status=failed&limit=100')).data).toEqual([]);

    const details = new Map<string, DeliveryDetail>();
    for (const d of deliveries) details.set(d.id, await hooks.delivery(d.id));
    for (const [id, detail] of details) {
      const outcomes = detail.attempt_history.map((a) => a.outcome);
      expect(detail.status, id).toBe('succeeded');
      // Any number of interrupted attempts, then exactly one success.
      expect(outcomes.at(-1), id).toBe('succeeded');
      expect(outcomes.slice(0, -1).every((o) => o === 'interrupted'), `${id}: ${outcomes.join(', ')}`).toBe(true);
      expect(detail.attempts).toBe(outcomes.length);
    }
    // The deliveries the child finished were not sent again; those hanging at the kill were
    // interrupted, then delivered by the restarted worker.
    for (const id of recordedByChild) expect(details.get(id)!.attempt_history.map((a) => a.outcome), id).toEqual(['succeeded']);
    expect(hungIds.length).toBeGreaterThanOrEqual(2);
    for (const id of hungIds) expect(details.get(id)!.attempt_history.map((a) => a.outcome), id).toEqual(['interrupted', 'succeeded']);
    const received = [...toAll.received, ...toIssued.received].map((r) => header(r, 'service-delivery-id'));
    for (const id of recordedByChild) expect(received.filter((r) => r === id), id).toHaveLength(1);
  });

  async function allDeliveries() {
    const page = await hooks.deliveries('?limit=100');
    expect(page.has_more).toBe(false);
    return page.data;
  }
});
