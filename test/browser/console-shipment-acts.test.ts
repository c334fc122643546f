/**
 * A member makes a shipment in the console in a real browser, under the console's own CSP: while
 * the form is filled, the validator's finding shows beside the field it concerns and goes once the
 * field is fixed; the shipment is created, then issued through its confirm step. axe-core finds
 * nothing critical or serious on the form, edit and confirm pages, and nothing is wider than a
 * phone. With CONSOLE_SCREENS set to a folder, each page is saved there at 1440×900 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium } from '../support/browser.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import type { TestApp } from '../support/test-app.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const TYPED: [string, string][] = [
  ['reference', 'BROWSER-1'],
  ['consignor.name', 'Sender B.V.'], ['consignor.address.street', 'Kade 1'], ['consignor.address.city', 'Amsterdam'], ['consignor.address.country', 'NL'],
  ['consignor.contact.email', 'planning-at-sender.example'],
  ['consignee.name', 'Receiver B.V.'], ['consignee.address.street', 'Markt 2'], ['consignee.address.city', 'Utrecht'], ['consignee.address.country', 'NL'],
  ['carrier.name', 'Carrier B.V.'], ['carrier.address.street', 'Weg 3'], ['carrier.address.city', 'Venlo'], ['carrier.address.country', 'NL'],
  ['pickup.address.street', 'Kade 1'], ['pickup.address.city', 'Amsterdam'], ['pickup.address.country', 'NL'], ['pickup.window.from', '2026-12-01T08:00'],
  ['delivery.address.street', 'Markt 2'], ['delivery.address.city', 'Utrecht'], ['delivery.address.country', 'NL'],
  ['goods[0].description', 'Books'], ['goods[0].quantity', '2'], ['goods[0].gross_weight_kg', '30'],
];

describeOnEmbedded('shipment acts in the console, in a browser', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    t = await listeningTestApp(backend);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** axe (evaluated through the driver, so the page's CSP stays as served) finds nothing critical or serious; saved at both sizes. */
  async function check(page: Page, name: string): Promise<void> {
    await page.evaluate(AXE);
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

  it('fills the form, sees a finding beside its field, fixes it, creates the shipment and issues it', async () => {
    const session = await consoleSessionHeaders(t);
    const context = await browser.newContext({ viewport: SIZES[0] });
    const [name, value] = session.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    const page = await context.newPage();
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));

    await page.goto(`${t.baseUrl}/console/shipments/new`);
    await check(page, 'shipment-new');
    for (const [field, typed] of TYPED) await page.fill(`[name="${field}"]`, typed);
    await page.selectOption('[name="goods[0].package_type"]', 'box');

    const emailFinding = page.locator('#f-consignor-contact-email-finding');
    await expect.poll(() => emailFinding.innerText(), { timeout: 10_000 }).not.toBe('');
    expect(await page.getAttribute('#f-consignor-contact-email', 'aria-invalid')).toBe('true');
    await check(page, 'shipment-new-finding');

    await page.fill('[name="consignor.contact.email"]', 'planning@sender.example');
    await expect.poll(() => emailFinding.innerText(), { timeout: 10_000 }).toBe('');
    expect(await page.getAttribute('#f-consignor-contact-email', 'aria-invalid')).toBeNull();

    await page.click('button:text-is("Create shipment")');
    const created = new URL(page.url());
    expect(created.pathname).toMatch(/^\/console\/shipments\/shp_[0-9A-Z]{26}$/);
    expect(created.searchParams.get('done')).toBe('created');
    const id = created.pathname.split('/').pop()!;

    await page.goto(`${t.baseUrl}/console/shipments/${id}/edit`);
    expect(await page.inputValue('[name="consignor.contact.email"]')).toBe('planning@sender.example');
    await check(page, 'shipment-edit');
    await page.click('.act-bar button:text-is("Issue")');
    expect(await page.locator('h1').innerText()).toBe('Issue this shipment?');
    await check(page, 'shipment-issue-confirm');
    await page.click('button:text-is("Yes, issue it")');
    expect(await page.locator('.notice').innerText()).toContain('The shipment is issued');
    expect(await page.locator('.act-bar').innerText()).toContain('Send sign link');
    await check(page, 'shipment-issued');
    const stored = await t.app.inject({ method: 'GET', url: `/console/shipments/${id}/edit`, headers: { cookie: session.cookie } });
    expect(stored.body).toContain('only a draft is edited here');
    expect(scriptErrors).toEqual([]);
  }, 120_000);
});
