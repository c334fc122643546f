/**
 * The dispatcher's shipment pages in a real browser: a member (a viewer: reading is every role's)
 * signs in, finds a shipment by its reference in the search box, opens it and reads its timeline.
 * axe-core finds nothing critical or serious on the list or on the shipment's page, and neither
 * scrolls sideways on a phone. With CONSOLE_SCREENS set to a folder, each page is saved there at
 * 1440×900 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium } from '../support/browser.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import type { TestApp } from '../support/test-app.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

describeOnEmbedded('shipments in the console', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let viewer: { cookie: string };
  const reference = `PO-${randomUUID().slice(0, 8).toUpperCase()}`;
  beforeAll(async () => {
    browser = await launchChromium();
    t = await listeningTestApp(backend);
    const owner = await consoleSessionHeaders(t, `dispatcher-${randomUUID()}@transport.example`);
    const session = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })).json();
    const made = await t.app.inject({ method: 'POST', url: '/console/api-keys', headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'key_mode=test' });
    const key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(made.body)![1]!;
    for (const body of [{ ...fullShipment(), reference }, { ...fullShipment(), reference: `${reference}-OTHER` }]) {
      expect((await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(key), payload: body })).statusCode).toBe(201);
    }
    viewer = await memberSessionHeaders(t, session.organization.id, session.user.id, 'viewer');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** No critical or serious axe finding; nothing wider than a phone; with CONSOLE_SCREENS set, saved at both sizes. */
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

  it('finds a shipment by its reference, opens it and reads its timeline', async () => {
    // The console's CSP is bypassed only so that axe can be added.
    const context = await browser.newContext({ viewport: SIZES[0], bypassCSP: true });
    const [name, value] = viewer.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/console`);
    await page.getByRole('link', { name: 'Shipments' }).click();
    await page.getByLabel('Search').fill(reference.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await check(page, 'shipments');
    await page.getByRole('link', { name: reference, exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Shipment ${reference}`);
    const timeline = await page.locator('#timeline').innerText();
    expect(timeline).toContain('shipment.created');
    expect(timeline).toContain('shipment.issued');
    // Who caused each event: the shipment was created and issued with an API key, named by its hint.
    expect(await page.locator('#timeline tr:has(code:text-is("shipment.created"))').innerText()).toMatch(/API key sk_test_…\w{4}/);
    expect(await page.locator('#integrity').innerText()).toContain('Intact');
    await check(page, 'shipment');
    await context.close();
  }, 180_000);
});
