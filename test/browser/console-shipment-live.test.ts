/**
 * An open shipment page follows its shipment in a real browser, under the page's own CSP: a
 * member who keeps Europe/Warsaw as their time zone opens an issued shipment; the shipment is
 * cancelled through the API, and the page shows the new status and the new event on its
 * timeline without a reload, its times on the member's clock with the zone named. While nothing
 * happens the page's script is answered 304. axe-core finds nothing critical or serious on the
 * shipment page or the preferences page, and neither scrolls sideways on a phone: the timeline
 * and goods tables become cards. With CONSOLE_SCREENS set to a folder, each page is saved there
 * at 1440×900 and 390×844.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium } from '../support/browser.js';
import { checkConsolePage, CONSOLE_SIZES } from '../support/console-page-check.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import type { TestApp } from '../support/test-app.js';

describeOnEmbedded('a shipment page that follows its shipment', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let owner: { cookie: string; origin: string };
  let key: string;
  beforeAll(async () => {
    browser = await launchChromium();
    t = await listeningTestApp(backend);
    owner = await consoleSessionHeaders(t, `dispatcher-${randomUUID()}@transport.example`);
    const made = await t.app.inject({ method: 'POST', url: '/console/api-keys', headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'key_mode=test' });
    key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(made.body)![1]!;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedIn(): Promise<Page> {
    const context = await browser.newContext({ viewport: CONSOLE_SIZES[0] });
    const [name, value] = owner.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    return context.newPage();
  }

  it('keeps a time zone from the preferences form, then shows a cancellation on the open page without a reload', async () => {
    const page = await signedIn();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`${t.baseUrl}/console`);
    await page.click('header a:text-is("Preferences")');
    await checkConsolePage(page, 'preferences');
    await page.selectOption('#f-time_zone', 'Europe/Warsaw');
    await page.click('button:text-is("Save preferences")');
    expect(await page.locator('.notice').innerText()).toBe('Your preferences are saved.');
    expect(await page.locator('#zone-now').innerText()).toMatch(/ CES?T$/);

    const created = await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(key), payload: { ...fullShipment(), reference: `LIVE-${randomUUID().slice(0, 6)}` } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${t.baseUrl}/console/shipments/${id}`) && r.request().resourceType() === 'fetch') answers.push(r.status());
    });
    await page.goto(`${t.baseUrl}/console/shipments/${id}`);
    expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('issued');
    const firstTime = await page.locator('[data-live="body"] time').first().innerText();
    expect(firstTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d CES?T$/);
    await page.waitForTimeout(3500);
    expect(answers).toContain(304);
    await checkConsolePage(page, 'shipment-live');

    const before = await page.locator('#timeline tbody tr').count();
    const cancelled = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/cancel`, headers: t.auth(key), payload: { reason: 'Lorry broke down' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Marked before the change: a reload would lose it, a swap keeps it.
    await page.evaluate(() => document.body.setAttribute('data-not-reloaded', 'yes'));
    await page.locator('[data-live="head"] [data-status="cancelled"]').waitFor({ timeout: 20_000 });
    expect(await page.getAttribute('body', 'data-not-reloaded')).toBe('yes');
    expect(await page.locator('[data-live="body"]').innerText()).toContain('shipment.cancelled');
    expect(await page.locator('#timeline tbody tr').count()).toBe(before + 1);
    expect(await page.locator('#shipment-live-status').innerText()).toBe('New events arrived; the page shows them.');
    expect(answers).toContain(200);
    expect(blocked).toEqual([]);
    await checkConsolePage(page, 'shipment-live-cancelled');
  }, 180_000);
});
