/**
 * The service as a process with an eFTI gate configured: `npm start` asks the gate who
 * it is, registers an issued sandbox dataset with the sandbox gate from its worker, opens the
 * platform listener on EFTI_PLATFORM_PORT beside the API, and closes both on SIGTERM.
 */
import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEftiCerts, type EftiCerts } from '../support/efti-certs.js';
import { callListener, startFakeGate, type FakeGate } from '../support/fake-efti-gate.js';
import { freePort, startServer } from '../support/processes.js';
import { migratedDataDir } from '../support/migrated-data-dir.js';

const example = readFileSync(new URL('../../examples/shipment.json', import.meta.url), 'utf8');

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

describe('server process with an eFTI gate', () => {
  const dataDir = migratedDataDir('fds-efti-proc-');
  let certs: EftiCerts;
  let gate: FakeGate;
  beforeAll(async () => {
    certs = makeEftiCerts({ gateId: 'gate-proc', platformId: 'platform-proc' });
    gate = await startFakeGate(certs);
  });
  afterAll(async () => {
    await gate.close();
    certs.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('whoami in health, the sandbox dataset registered from the worker, the listener answering the gate, both ports closed on SIGTERM', async () => {
    const [port, platformPort] = [await freePort(), await freePort()];
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      EFTI_GATE_URL: gate.url,
      EFTI_TEST_GATE_URL: gate.testUrl,
      EFTI_GATE_ID: 'gate-proc',
      EFTI_PLATFORM_ID: 'platform-proc',
      EFTI_CLIENT_CERT: certs.platform.certPath,
      EFTI_CLIENT_KEY: certs.platform.keyPath,
      EFTI_GATE_CA: certs.ca.certPath,
      EFTI_PLATFORM_PORT: String(platformPort),
    });
    try {
      await server.waitFor('curl -H', 60_000);
      const key = /API key:\s+(sk_test_[0-9A-Za-z]{40})/.exec(server.stdout())![1]!;
      const api = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

      const health = await (await api('/v1/health')).json();
      expect(health.checks.gate).toBe('ok');

      const created = await (await api('/v1/shipments?issue=true', { method: 'POST', body: example })).json();
      expect(created).toMatchObject({ status: 'issued', gate_status: 'pending', efti_uil: { gate_id: 'gate-proc', platform_id: 'platform-proc' } });
      const datasetId = created.efti_uil.dataset_id as string;
      for (let i = 0; i < 150 && gate.puts.length === 0; i++) await new Promise((r) => setTimeout(r, 200));
      expect(gate.puts).toEqual([expect.objectContaining({ gate: 'test', datasetId, clientCn: 'platform-proc', valid: true })]);
      for (let i = 0; i < 50; i++) {
        if ((await (await api(`/v1/shipments/${created.id}`)).json()).gate_status === 'registered') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await (await api(`/v1/shipments/${created.id}`)).json()).gate_status).toBe('registered');

      // The live gate asks the listener: a sandbox dataset is not there for it (404, problem+xml); an impostor certificate is refused.
      const asked = await callListener(platformPort, certs, { method: 'GET', path: `/v0/consignments/${datasetId}?subsetId=identifier`, client: certs.gateClient });
      expect(asked).toMatchObject({ status: 404, contentType: 'application/problem+xml' });
      const impostor = await callListener(platformPort, certs, { method: 'GET', path: `/v0/consignments/${datasetId}?subsetId=identifier`, client: certs.foreignGateClient });
      expect(impostor.status).toBe(401);

      server.child.kill('SIGTERM');
      expect(await server.exited, server.stderr()).toEqual({ code: 0, signal: null });
      expect(await refused(platformPort)).toBe(true);
      expect(await refused(port)).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});
