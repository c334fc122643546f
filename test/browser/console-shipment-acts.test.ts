/**
 * A member makes a shipment in the console in a real browser, under the console's own CSP: while
 * the form is filled, the validator's finding shows beside the field it concerns and goes once the
 * field is fixed (a submit before that shows every finding, what was typed kept); the shipment is
 * created, then issued through its confirm step, and the consignor's sign link is sent. axe-core finds
 * nothing critical or serious on the form, edit and confirm pages, and nothing is wider than a
 * phone. With CONSOLE_SCREENS set to a folder, each page is saved there at 1440×900 and 390×844.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium } from '../support/browser.js';
import { checkConsolePage as check, CONSOLE_SIZES as SIZES } from '../support/console-page-check.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import type { TestApp } from '../support/test-app.js';


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

  it('fills the form, sees a finding beside its field, fixes it, creates the shipment, issues it and sends a sign link', async () => {
    const email = 'dispatch-browser@transport.example';
    const session = await consoleSessionHeaders(t, email);
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

    // Submitted as it is, the server answers with every finding beside its field and keeps what was typed.
    await page.click('button:text-is("Create shipment")');
    expect(await page.locator('.notice.error').innerText()).toContain('does not pass the checks yet');
    expect(await emailFinding.innerText()).not.toBe('');
    expect(await page.inputValue('[name="goods[0].description"]')).toBe('Books');
    await check(page, 'shipment-new-refused');

    await page.fill('[name="consignor.contact.email"]', 'planning@sender.example');
    await expect.poll(() => emailFinding.innerText(), { timeout: 10_000 }).toBe('');
    expect(await page.getAttribute('#f-consignor-contact-email', 'aria-invalid')).toBeNull();

    await page.click('button:text-is("Create shipment")');
    const created = new URL(page.url());
    expect(created.pathname).toMatch(/^\/console\/shipments\/shp_[0-9A-Z]{26}$/);
    expect(created.searchParams.get('done')).toBe('created');
    const id = created.pathname.split('/').pop()!;
    // The shipment's own page, with what was just done and the acts a draft allows.
    expect(await page.locator('.notice[role="status"]').innerText()).toContain('The shipment is created as a draft.');
    expect(await page.locator('h1').innerText()).toMatch(/^Shipment /);
    expect(await page.locator('.act-bar').innerText()).toContain('Issue');
    await check(page, 'shipment-created');

    await page.goto(`${t.baseUrl}/console/shipments/${id}/edit`);
    expect(await page.inputValue('[name="consignor.contact.email"]')).toBe('planning@sender.example');
    await check(page, 'shipment-edit');
    await page.click('.act-bar button:text-is("Issue")');
    expect(await page.locator('h1').innerText()).toBe('Issue this shipment?');
    await check(page, 'shipment-issue-confirm');
    await page.click('button:text-is("Yes, issue it")');
    // Issued from the edit page, the member goes on to the shipment's page: nothing is edited any more.
    expect(new URL(page.url()).pathname).toBe(`/console/shipments/${id}`);
    expect(await page.locator('.notice[role="status"]').innerText()).toContain('The shipment is issued');
    expect(await page.locator('.act-bar').innerText()).toContain('Send sign link');
    await check(page, 'shipment-issued');

    // The consignor's sign link, sent from the act bar: the row then offers to resend or revoke it,
    // and the timeline names the member who created and issued the shipment.
    const consignorRow = page.locator('.act-bar tr:has(th:text-is("Consignor"))');
    await consignorRow.locator('button:text-is("Send sign link")').click();
    await expect.poll(() => consignorRow.innerText()).toContain('not yet signed');
    expect(await consignorRow.locator('button').allInnerTexts()).toEqual(['Resend', 'Revoke']);
    const issuedRow = page.locator('#timeline tr:has(code:text-is("shipment.issued"))');
    expect(await issuedRow.innerText()).toContain(email);
    const stored = await t.app.inject({ method: 'GET', url: `/console/shipments/${id}/edit`, headers: { cookie: session.cookie } });
    expect(stored.body).toContain('only a draft is edited here');
    expect(scriptErrors).toEqual([]);
  }, 120_000);
});
