/**
 * A dispatcher plans a tour in the console in a real browser: ticks two issued shipments, adds
 * them, moves a stop, plans the tour; then the driver completes the first stop through the driver
 * API and the open tour page shows it without a reload (its script, under the page's own CSP).
 * The drivers page lists the driver's session. axe-core finds nothing critical or serious on the
 * new pages. With CONSOLE_SCREENS set to a folder, each page is saved there at 1440×900 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium } from '../support/browser.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import type { TestApp } from '../support/test-app.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

describeOnEmbedded('tours and drivers in the console', (backend) => {
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

  /** A signed-in page; `bypassCSP` only where axe must be added. */
  async function pageOf(bypassCSP: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport: SIZES[0], bypassCSP });
    const [name, value] = owner.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    return context.newPage();
  }

  async function check(page: Page, name: string): Promise<void> {
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string }[] }> } }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact }));
    });
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious'), name).toEqual([]);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      if (size.width === 390) expect(await horizontalOverflow(page), `${name} scrolls sideways on a phone`).toBe(0);
      if (process.env.CONSOLE_SCREENS) await page.screenshot({ path: join(process.env.CONSOLE_SCREENS, `${name}-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(SIZES[0]);
  }

  async function issued(reference: string): Promise<string> {
    const res = await fetch(`${t.baseUrl}/v1/shipments?issue=true`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...minimalShipment(), reference }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  it('plans a tour of two shipments; a stop the driver completes appears on the open page without a reload', async () => {
    const [a, b] = [await issued('PO-4411'), await issued('PO-4412')];
    const phone = `+4860${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
    const form = await pageOf(true);
    await form.goto(`${t.baseUrl}/console/tours`);
    await check(form, 'tours-empty');
    await form.click('a.button');
    await form.fill('#f-name', 'R12 Venlo–Ruhr');
    await form.fill('#f-driver_name', 'Piotr Nowak');
    await form.fill('#f-driver_phone', phone);
    await form.fill('#f-plate', 'VX-12-BC');
    await form.check(`input[name=pick][value="${a}"]`);
    await form.check(`input[name=pick][value="${b}"]`);
    await form.click('button[value=add]');
    const stops = () => form.locator('input[name=stop]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const [first, second] = (await stops()).filter((s) => s.endsWith(':pickup')).map((s) => s.split(':')[0]);
    expect(new Set([first, second])).toEqual(new Set([a, b]));
    expect(await stops()).toEqual([`${first}:pickup`, `${first}:delivery`, `${second}:pickup`, `${second}:delivery`]);
    await check(form, 'tour-plan');
    await form.click('button[aria-label="Move stop 3 up"]');
    expect(await stops()).toEqual([`${first}:pickup`, `${second}:pickup`, `${first}:delivery`, `${second}:delivery`]);
    await form.fill('#f-driver_phone', '0612');
    await form.click('button[value=plan]');
    expect(await form.locator('#e-driver_phone').innerText()).toContain('Does not match the expected format');
    await check(form, 'tour-plan-errors');
    await form.fill('#f-driver_phone', phone);
    await form.click('button[value=plan]');
    expect(await form.locator('.notice').innerText()).toBe('The tour is planned.');
    const tourUrl = form.url().replace(/\?.*$/, '');
    const tourId = tourUrl.split('/').at(-1)!;
    await check(form, 'tour-planned');

    // The page as a browser shows it, with its own CSP: the script polls under its hash.
    const live = await pageOf(false);
    const blocked: string[] = [];
    live.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await live.goto(tourUrl);
    expect(await live.locator('[data-stop-state=pending]').count()).toBe(4);
    const opened = await t.app.inject({ method: 'POST', url: DRIVER_PATHS.sandboxSessions, headers: t.auth(key), payload: { phone } });
    expect(opened.statusCode, opened.body).toBe(201);
    const done = await fetch(`${t.baseUrl}/v1/driver/tours/${tourId}/stops/1/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opened.json().token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'done', missing_signatures: { reason: 'signed_on_paper' } }),
    });
    expect(done.status, await done.text()).toBe(200);
    await live.locator('tr:first-child [data-stop-state=done]').waitFor({ timeout: 20_000 });
    expect(await live.locator('#tour-state').innerText()).toContain('In progress');
    expect(blocked).toEqual([]);
    const progress = await pageOf(true);
    await progress.goto(tourUrl);
    await check(progress, 'tour-progress');

    await progress.goto(`${t.baseUrl}/console/tours`);
    await check(progress, 'tours');
    await progress.goto(`${t.baseUrl}/console/drivers`);
    expect(await progress.locator('main table').innerText()).toContain('Piotr Nowak');
    await check(progress, 'drivers');
    await progress.click('main table a:text-is("Revoke")');
    await check(progress, 'driver-revoke');
    await progress.click('button.danger');
    expect(await progress.locator('.notice').innerText()).toBe('The driver session is revoked.');
  }, 180_000);
});
