/**
 * The driver app's first load on Chrome's "Slow 3G" preset (400 kbit/s, 400 ms latency) in headless
 * Chromium at 390×844, a driver signed in with a tour of eight stops: the page, its files and the
 * run come compressed, the run is asked for beside the session instead of after it, and the whole
 * load fits a byte budget that Slow 3G carries well within 5 s. The time itself depends on the
 * machine: bench/driver-first-load.bench.ts measures it, with and without compression.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium } from '../support/browser.js';
import { describeLoad, driverWithTour, measureFirstLoad } from '../support/driver-first-load.js';
import { listeningTestApp } from '../support/listening-app.js';
import type { TestApp } from '../support/test-app.js';

/** What the first load may move: 50 kbyte/s (Slow 3G) carries it in well under a second. */
const BYTE_BUDGET = 30_000;

describeOnEmbedded('driver app first load on Slow 3G', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(backend), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the run after the page, its files and one round of API calls, all compressed, within the byte budget', async () => {
    const token = await driverWithTour(t);
    const load = await measureFirstLoad(browser, t.baseUrl, token);
    console.log(describeLoad('first load', load));
    const byPath = (start: string) => load.requests.filter((r) => r.url.startsWith(start));
    const [page] = byPath('/driver?').concat(load.requests.filter((r) => r.url === '/driver'));
    const assets = byPath('/driver/assets/');
    const [tours] = byPath('/v1/driver/tours');
    const [session] = byPath('/v1/driver/session');
    expect(page?.encoding).toBe('br');
    expect(assets.map((a) => a.encoding)).toEqual(assets.map(() => 'br'));
    expect(assets.length).toBeGreaterThanOrEqual(4);
    expect(tours?.encoding).toBe('br');
    // No waterfall: the run is asked for before the session's answer is back.
    expect(tours!.startedMs).toBeLessThan(session!.endedMs);
    expect(load.requests.filter((r) => r.url.startsWith('/v1/')).length).toBe(2);
    expect(load.bytes).toBeLessThanOrEqual(BYTE_BUDGET);
    // Page, files, API: three rounds at most (the files start while the page still streams in).
    expect(load.roundTrips).toBeLessThanOrEqual(3);
    // Assets load from the page's HTML without waiting for a script: they start before the page's scripts can run.
    expect(Math.max(...assets.map((a) => a.startedMs))).toBeLessThan(page!.endedMs + 200);
  }, 120_000);
});
