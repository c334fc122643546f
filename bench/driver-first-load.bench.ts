/**
 * Benchmark: the driver app's first load on Chrome's "Slow 3G" (400 kbit/s, 400 ms latency) in
 * headless Chromium at 390×844, a signed-in driver with a tour of eight stops, until the run is
 * visible; with compression and without (Accept-Encoding: identity, as before compression), three
 * loads each, in one run. Then what compressing costs the event loop: Brotli at the dynamic
 * quality, gzip and Brotli at its best quality on a typical shipment as JSON and the driver page.
 *
 * Target: the run visible within 5 s on Slow 3G (test/browser/driver-first-load.test.ts checks the
 * bytes and round trips in CI; the time, on a loaded machine, only here).
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DYNAMIC_BROTLI_QUALITY } from '../src/http/compression.js';
import { backends } from '../test/support/backends.js';
import { launchChromium } from '../test/support/browser.js';
import { describeLoad, driverWithTour, measureFirstLoad, type FirstLoad } from '../test/support/driver-first-load.js';
import { listeningTestApp } from '../test/support/listening-app.js';
import { fullShipment } from '../test/support/shipment-fixtures.js';
import { shipmentsApi } from '../test/support/shipments-api.js';

const LOADS = Number(process.env.FIRST_LOADS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const t = await listeningTestApp(backends().find((b) => !b.databaseUrl)!);
const browser = await launchChromium();
try {
  const token = await driverWithTour(t);
  const runs: Record<'compressed' | 'identity', FirstLoad[]> = { compressed: [], identity: [] };
  for (let i = 0; i < LOADS; i++) {
    runs.identity.push(await measureFirstLoad(browser, t.baseUrl, token, { compressed: false }));
    runs.compressed.push(await measureFirstLoad(browser, t.baseUrl, token));
  }
  console.log(`Driver app first load on Slow 3G (400 kbit/s, 400 ms), ${LOADS} loads each, Node ${process.version}`);
  for (const [label, loads] of Object.entries(runs)) {
    console.log(`  ${label.padEnd(10)} median ${median(loads.map((l) => l.ms))} ms (${loads.map((l) => l.ms).join(', ')}), ${loads[0]!.bytes} bytes, ${loads[0]!.requests.length} requests, ${loads[0]!.roundTrips} round trips`);
  }
  console.log(describeLoad('compressed, first load in detail', runs.compressed[0]!));
  console.log(describeLoad('identity, first load in detail', runs.identity[0]!));

  // What compressing costs per answer, on the event loop (answers up to 16 KB are compressed in one call).
  const tenant = await t.newTenant();
  const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
  const json = (await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}`, headers: t.auth(tenant.testKey) })).rawPayload;
  const page = (await t.app.inject({ method: 'GET', url: '/driver', headers: { 'accept-encoding': 'identity' } })).rawPayload;
  const perCall = (fn: () => Buffer, n = 300) => {
    for (let i = 0; i < 30; i++) fn();
    const start = performance.now();
    let size = 0;
    for (let i = 0; i < n; i++) size = fn().length;
    return { ms: (performance.now() - start) / n, size };
  };
  console.log('Compression cost per answer (in one call, on the event loop)');
  for (const [name, body] of [['shipment JSON', json], ['driver page HTML', page]] as const) {
    const cases = {
      [`br q${DYNAMIC_BROTLI_QUALITY}`]: () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } }),
      'gzip 6': () => gzipSync(body, { level: 6 }),
      'br q11': () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
    for (const [label, fn] of Object.entries(cases)) {
      const { ms, size } = perCall(fn, label === 'br q11' ? 30 : 300);
      console.log(`  ${name.padEnd(17)} ${String(body.length).padStart(6)} B → ${label.padEnd(7)} ${String(size).padStart(6)} B in ${ms.toFixed(3)} ms`);
    }
  }
} finally {
  await browser.close();
  await t.close();
}
