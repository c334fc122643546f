/**
 * A request killed in flight does not block its retries: the in-progress mark of an
 * Idempotency-Key ends with its process. Two real API processes share one PostgreSQL. One runs a
 * request that keeps a claim while it waits on the network — a webhook test ping to a receiver that
 * holds the first ping unanswered — and is killed with SIGKILL mid-request. The client retries with
 * the same key on the other process and gets its answer within seconds of the kill (the claim's lock
 * lapses once nothing renews it), not 409 `idempotency_in_progress` for a minute as before. The
 * killed process is started again for the next round, where the roles swap.
 *
 * CRASH_ROUNDS (npm run soak) sets how many kills: a quarter of it, at least one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../support/databases.js';
import { freePort, startServer, type RunningServer } from '../support/processes.js';
import { sendUntilAnswered } from '../support/retrying-client.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const ROUNDS = Math.max(1, Math.ceil(Number(process.env.CRASH_ROUNDS ?? 1) / 4));
/** How soon after the kill the retry must be answered: the claim's lock (a few seconds) and some slack for a loaded machine. */
const PROMPTLY_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A webhook receiver that holds the first ping of each round unanswered (the request in flight) and answers the rest. */
function holdingReceiver() {
  let holdNext = true;
  let arrived: () => void = () => {};
  const held: ServerResponse[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      if (holdNext) {
        holdNext = false;
        held.push(response);
        arrived();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return {
    server,
    /** Resolves when the next ping arrives and is held. */
    holdNext: () =>
      new Promise<void>((resolve) => {
        holdNext = true;
        arrived = resolve;
      }),
    close: () => {
      held.forEach((r) => r.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)('a request killed in flight (SIGKILL) does not block its retry (PostgreSQL)', () => {
  let scratch: ScratchDatabase;
  let t: TestApp | undefined;
  let tenant: Tenant;
  const apis: (RunningServer | undefined)[] = [];
  const ports: number[] = [];
  const receiver = holdingReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'fds-idempotency-kill-'));
  let env: Record<string, string>;

  const start = async (n: number) => {
    const api = startServer({ ...env, PORT: String(ports[n]), ROLE: 'api', LOG_LEVEL: 'warn' });
    apis[n] = api;
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (await fetch(`http://127.0.0.1:${ports[n]}/v1/health`).then((r) => r.ok, () => false)) return;
      if (api.child.exitCode !== null || Date.now() > deadline) throw new Error(`the API did not start; stderr:\n${api.stderr()}`);
      await sleep(100);
    }
  };

  beforeAll(async () => {
    scratch = await scratchDatabase('postgres');
    t = await buildTestApp({ name: 'pg', databaseUrl: scratch.url, redisUrl: process.env.REDIS_URL }, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
    tenant = await t.newTenant();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    ports.push(await freePort(), await freePort());
    env = {
      DATABASE_URL: scratch.url!,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      DATA_DIR: dataDir,
      ENVIRONMENT: 'test',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      RATE_LIMIT_REQUESTS: '100000',
    };
    await Promise.all([start(0), start(1)]);
  }, 400_000);

  afterAll(async () => {
    const steps: (() => Promise<unknown> | unknown)[] = [
      ...[0, 1].map((n) => async () => {
        const api = apis[n];
        if (api && api.child.exitCode === null && api.child.signalCode === null) {
          api.child.kill('SIGKILL');
          await api.exited;
        }
      }),
      () => receiver.close(),
      () => t?.close(),
      () => scratch?.drop(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    ];
    for (const step of steps) await Promise.resolve().then(step).catch((error: unknown) => console.error('cleanup failed', error));
  });

  it('the retry with the same key answers within seconds of the kill, not idempotency_in_progress for a minute', { timeout: 120_000 + ROUNDS * 240_000 }, async () => {
    const base = (n: number) => `http://127.0.0.1:${ports[n]}`;
    const { address } = receiver.server.address() as { address: string; port: number };
    const url = `http://${address}:${(receiver.server.address() as { port: number }).port}/hooks`;
    const endpoint = await t!.app.inject({ method: 'POST', url: '/v1/webhook-endpoints', headers: t!.auth(tenant.testKey), payload: { url, events: ['*'] } });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const ping = { method: 'POST' as const, path: `/v1/webhook-endpoints/${endpoint.json().id}/test`, key: tenant.testKey };

    for (let round = 0; round < ROUNDS; round++) {
      const [dies, lives] = round % 2 === 0 ? [0, 1] : [1, 0];
      const idempotencyKey = `ping-${round}`;
      const arrived = receiver.holdNext();
      const inFlight = fetch(`${base(dies)}${ping.path}`, { method: 'POST', headers: { authorization: `Bearer ${tenant.testKey}`, 'idempotency-key': idempotencyKey } }).then(
        (r) => r.status,
        () => 'cut off' as const,
      );
      // The ping is at the receiver: the key is claimed and the request is in flight. Kill the process.
      await arrived;
      apis[dies]!.child.kill('SIGKILL');
      await apis[dies]!.exited;
      const killed = Date.now();
      expect(await inFlight).toBe('cut off');

      // The client retries at once on the process that lives, through idempotency_in_progress while the lock lasts.
      const answer = await sendUntilAnswered(base(lives), { ...ping, idempotencyKey }, killed + PROMPTLY_MS);
      const waited = Date.now() - killed;
      console.log(`idempotency kill round ${round}: the retry was answered ${waited} ms after the kill`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body).toMatchObject({ event_type: 'webhook.ping', status: 'succeeded' });
      // The retry ran the ping once (not a replay of a cut-off first run, which kept no answer).
      expect(answer.replayed).toBe(false);
      const again = await sendUntilAnswered(base(lives), { ...ping, idempotencyKey }, Date.now() + 30_000);
      expect([again.status, again.replayed, again.body.id]).toEqual([201, true, answer.body.id]);
      await start(dies);
    }
  });
});
