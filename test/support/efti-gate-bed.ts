/**
 * One test app wired to a fake eFTI gate over mutual TLS, with the platform listener listening:
 * certificates made once, the gate (and its sandbox gate under /test) started, EFTI_* set, and
 * the app on a database of its own (the job queue claims across organisations).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startPlatformListener } from '../../src/platform-listener.js';
import type { Backend } from './backends.js';
import { makeEftiCerts, type EftiCerts } from './efti-certs.js';
import { startFakeGate, type FakeGate } from './fake-efti-gate.js';
import { buildTestApp, type TestApp } from './test-app.js';

export const GATE_ID = 'gate-nl-test';
export const PLATFORM_ID = 'fds-platform-test';

export interface GateBed {
  t: TestApp;
  certs: EftiCerts;
  gate: FakeGate;
  listener: FastifyInstance;
  /** The platform listener's port. */
  port: number;
  /** Runs due jobs until none is left (the test app's worker loop is not started). */
  runJobs(): Promise<void>;
  close(): Promise<void>;
}

/** The dataset id the gate knows a shipment by, as its record shows it (`efti_uil.dataset_id`). */
export function datasetIdOf(record: Record<string, unknown>): string {
  return (record.efti_uil as { dataset_id: string }).dataset_id;
}

export async function gateBed(backend: Backend): Promise<GateBed> {
  const certs = makeEftiCerts({ gateId: GATE_ID, platformId: PLATFORM_ID });
  const gate = await startFakeGate(certs);
  const t = await buildTestApp(backend, {
    ownDatabase: true,
    env: {
      EFTI_GATE_URL: gate.url,
      EFTI_TEST_GATE_URL: gate.testUrl,
      EFTI_GATE_ID: GATE_ID,
      EFTI_PLATFORM_ID: PLATFORM_ID,
      EFTI_CLIENT_CERT: certs.platform.certPath,
      EFTI_CLIENT_KEY: certs.platform.keyPath,
      EFTI_GATE_CA: certs.ca.certPath,
      EFTI_PLATFORM_PORT: '0',
    },
  });
  const listener = await startPlatformListener(t.runtime, t.runtime.config.efti!, '127.0.0.1');
  return {
    t,
    certs,
    gate,
    listener,
    port: (listener.server.address() as AddressInfo).port,
    async runJobs() {
      while ((await t.runtime.jobs.loop.tick()) > 0);
    },
    async close() {
      await listener.close();
      await t.close();
      await gate.close();
      certs.remove();
    },
  };
}
