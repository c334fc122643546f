/**
 * The driver app's first load as a phone on a slow network sees it: a driver signed in (the
 * session cookie set, nothing kept by a service worker yet) opens /driver in headless Chromium at
 * 390×844 under Chrome's "Slow 3G" preset (400 kbit/s each way, 400 ms latency, through the
 * DevTools protocol), until the run is on the screen. Counts what crossed the network: the
 * requests, their bytes as sent (compressed or not) and the longest chain of requests that waited
 * for one another. Used by test/browser/driver-first-load.test.ts and bench/driver-first-load.bench.ts.
 */
import type { Browser } from 'playwright-core';
import { DRIVER_COOKIE } from '../../src/modules/driver/driver-policy.js';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { phoneContext } from './browser.js';
import { fullShipment } from './shipment-fixtures.js';
import { shipmentsApi } from './shipments-api.js';
import type { TestApp } from './test-app.js';

/** Chrome DevTools' "Slow 3G": 400 kbit/s down and up, 400 ms of latency per request. */
export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };

export interface FirstLoad {
  /** From navigation start until the first tour is visible. */
  ms: number;
  requests: { url: string; bytes: number; encoding: string | undefined; startedMs: number; endedMs: number }[];
  bytes: number;
  /** Requests that started only after an earlier one of the load had ended, chained: the round trips the load waits for. */
  roundTrips: number;
}

/** A tour of `stops / 2` issued shipments for a new driver of a new tenant, and that driver's session token. */
export async function driverWithTour(t: TestApp, shipments = 4): Promise<string> {
  const tenant = await t.newTenant();
  const phone = `+4861${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
  const ids: string[] = [];
  for (let i = 0; i < shipments; i++) ids.push((await shipmentsApi(t, tenant).created(fullShipment(), { issue: true })).id);
  const stops = [...ids.map((id) => ({ shipment_id: id, kind: 'pickup' })), ...ids.map((id) => ({ shipment_id: id, kind: 'delivery' }))];
  const date = new Date().toISOString().slice(0, 10);
  const tour = await t.app.inject({ method: 'POST', url: '/v1/tours', headers: t.auth(tenant.testKey), payload: { name: 'R12 Rotterdam–Duisburg', date, driver: { name: 'Piotr Nowak', phone, language: 'en' }, vehicle: { plate: 'WX-1234A', country: 'PL' }, stops } });
  if (tour.statusCode !== 201) throw new Error(`tour answered ${tour.statusCode}: ${tour.body}`);
  const session = await t.app.inject({ method: 'POST', url: DRIVER_PATHS.sandboxSessions, headers: t.auth(tenant.testKey), payload: { phone } });
  if (session.statusCode !== 201) throw new Error(`session answered ${session.statusCode}: ${session.body}`);
  return session.json().token as string;
}

/**
 * One first load of `${baseUrl}/driver` with the session `token`; `compressed: false` asks for
 * every answer as it is (Accept-Encoding: identity), as the service answered before compression.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string, token: string, options: { compressed?: boolean } = {}): Promise<FirstLoad> {
  const context = await phoneContext(browser, { ...(options.compressed === false ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}) });
  try {
    await context.addCookies([{ name: DRIVER_COOKIE, value: token, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const started = new Map<string, { url: string; at: number }>();
    const encodings = new Map<string, string | undefined>();
    const requests: FirstLoad['requests'] = [];
    let t0 = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      t0 ||= e.timestamp * 1000;
      started.set(e.requestId, { url: e.request.url, at: e.timestamp * 1000 });
    });
    // Bytes as they crossed the network: Chromium reports them per chunk, and not always in total at the end.
    const received = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => {
      encodings.set(e.requestId, (e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding']) as string | undefined);
      received.set(e.requestId, e.response.encodedDataLength);
    });
    cdp.on('Network.dataReceived', (e) => received.set(e.requestId, (received.get(e.requestId) ?? 0) + e.encodedDataLength));
    cdp.on('Network.loadingFinished', (e) => {
      const request = started.get(e.requestId);
      const bytes = Math.max(e.encodedDataLength, received.get(e.requestId) ?? 0);
      if (request) requests.push({ url: request.url.replace(baseUrl, ''), bytes, encoding: encodings.get(e.requestId), startedMs: request.at - t0, endedMs: e.timestamp * 1000 - t0 });
    });
    const begin = Date.now();
    await page.goto(`${baseUrl}/driver`, { waitUntil: 'commit' });
    await page.locator('#screen-run .tour').first().waitFor({ state: 'visible', timeout: 60_000 });
    const ms = Date.now() - begin;
    const shown = requests.filter((r) => r.endedMs <= ms + 50).map((r) => ({ ...r, startedMs: Math.round(r.startedMs), endedMs: Math.round(r.endedMs) }));
    return { ms, requests: shown, bytes: shown.reduce((sum, r) => sum + r.bytes, 0), roundTrips: chainLength(shown) };
  } finally {
    await context.close();
  }
}

/** The longest chain of requests each started after the one before had ended. */
function chainLength(requests: FirstLoad['requests']): number {
  const sorted = [...requests].sort((a, b) => a.startedMs - b.startedMs);
  const depth = sorted.map(() => 1);
  sorted.forEach((r, i) => {
    for (let j = 0; j < i; j++) if (sorted[j]!.endedMs <= r.startedMs) depth[i] = Math.max(depth[i]!, depth[j]! + 1);
  });
  return Math.max(0, ...depth);
}

export function describeLoad(label: string, load: FirstLoad): string {
  const lines = load.requests.map((r) => `    ${String(r.startedMs).padStart(6)}–${String(r.endedMs).padEnd(6)} ms ${String(r.bytes).padStart(7)} B ${(r.encoding ?? '-').padEnd(4)} ${r.url.slice(0, 70)}`);
  return [`  ${label}: run visible after ${load.ms} ms, ${load.requests.length} requests, ${load.bytes} bytes, ${load.roundTrips} round trips in a chain`, ...lines].join('\n');
}
