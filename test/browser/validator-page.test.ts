/**
 * The public validator page in headless Chromium on a phone screen: a shipment with
 * mistakes pasted, the page's own script has the altcha widget solve the bot check (its worker
 * served by the service, under the page's strict CSP), posts it, and shows each finding with its
 * path, rule and legal source, in the page's language. Screens are saved as PNGs
 * (test/support/browser.ts says where).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium, phoneContext, screenshot } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import type { TestApp } from '../support/test-app.js';

/** Two mistakes: a negative weight (schema) and no consignee (a rule with its legal source). */
function shipmentWithMistakes(): string {
  const shipment = fullShipment() as Record<string, unknown>;
  delete shipment.consignee;
  (shipment.goods as Record<string, unknown>[])[0]!.gross_weight_kg = -5;
  return JSON.stringify(shipment, null, 2);
}

describeOnEmbedded('the validator page in Chromium', (embedded) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(embedded), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A phone page that records what the console and the CSP complain about. */
  async function openPage(url: string, locale: string): Promise<{ page: Page; complaints: string[] }> {
    const page = await (await phoneContext(browser, { locale })).newPage();
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
    });
    page.on('pageerror', (error) => complaints.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) complaints.push(`${response.status()} ${response.url()}`);
    });
    const response = await page.goto(url);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    return { page, complaints };
  }

  async function check(page: Page, json: string): Promise<void> {
    await page.fill('#shipment-json', json);
    await page.click('#validate-submit');
    // The form is busy from the click until the answer is shown.
    await page.waitForFunction(() => !document.getElementById('validate-form')!.hasAttribute('aria-busy'), undefined, { timeout: 30_000 });
    expect(await page.locator('#form-error').innerText()).toBe('');
  }

  it('checks a pasted shipment and shows its findings with paths, rules and sources', async () => {
    const { page, complaints } = await openPage(`${t.baseUrl}/validate`, 'en-GB');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').innerText()).toBe('Check a shipment');
    await screenshot(page, 'validator-01-empty');
    await check(page, shipmentWithMistakes());

    expect(await page.locator('#verdict').innerText()).toMatch(/^Not valid: \d+ error/);
    const weight = page.locator('#errors .finding', { has: page.locator('code.path', { hasText: /^\$\.goods\[0\]\.gross_weight_kg$/ }) });
    expect(await weight.count()).toBe(1);
    const consignee = page.locator('#errors .finding[data-code="consignee_missing"]');
    expect(await consignee.locator('code.path').innerText()).toBe('$.consignee');
    expect(await consignee.locator('.message').innerText()).toMatch(/consignee/i);
    expect(await consignee.locator('.source').innerText()).not.toBe('');
    expect(await consignee.locator('.rule').innerText()).not.toBe('');
    // The result is announced (aria-live) and focused for keyboard and screen-reader users.
    expect(await page.getAttribute('#results', 'aria-live')).toBe('polite');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results-title');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'validator-02-findings', { at: '#results' });

    // A second check solves a new challenge (each token passes once): a valid shipment now.
    await check(page, JSON.stringify(fullShipment()));
    expect(await page.locator('#verdict').innerText()).toMatch(/^Valid/);
    expect(await page.locator('#errors').count()).toBe(0);
    await screenshot(page, 'validator-03-valid', { at: '#results' });
    expect(complaints).toEqual([]);
  });

  it('speaks Dutch from Accept-Language, finding messages included', async () => {
    const { page, complaints } = await openPage(`${t.baseUrl}/validate`, 'nl-NL');
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.locator('h1').innerText()).toBe('Een zending controleren');
    await check(page, shipmentWithMistakes());
    expect(await page.locator('#verdict').innerText()).toMatch(/^Niet geldig/);
    expect(await page.locator('#errors-title').innerText()).toMatch(/^Fouten/);
    const consignee = page.locator('#errors .finding[data-code="consignee_missing"]');
    expect(await consignee.locator('.message').innerText()).toMatch(/geadresseerde/i);
    await screenshot(page, 'validator-04-nl-findings', { at: '#results' });
    expect(complaints).toEqual([]);
  });

  it('takes ?lang=de over Accept-Language, German finding messages included', async () => {
    const { page, complaints } = await openPage(`${t.baseUrl}/validate?lang=de`, 'nl-NL');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await check(page, shipmentWithMistakes());
    expect(await page.locator('#verdict').innerText()).toMatch(/^Nicht gültig/);
    const consignee = page.locator('#errors .finding[data-code="consignee_missing"]');
    expect(await consignee.locator('.message').innerText()).toBe('Der Frachtbrief hat keinen Empfänger; CMR Artikel 6 Absatz 1 Buchstabe e verlangt Name und Anschrift des Empfängers.');
    const weight = page.locator('#errors .finding', { has: page.locator('code.path', { hasText: /^\$\.goods\[0\]\.gross_weight_kg$/ }) });
    expect(await weight.locator('.message').innerText()).toMatch(/^Muss /);
    // The messages are German now: no line says they are English.
    expect(await page.locator('#messages-language').count()).toBe(0);
    expect(await page.locator('#results').innerText()).not.toContain('Englisch');
    await screenshot(page, 'validator-05-de-findings', { at: '#results' });
    expect(complaints).toEqual([]);
  });

  it('says what is wrong with input that is not JSON, without calling the service', async () => {
    const { page } = await openPage(`${t.baseUrl}/validate?lang=fr`, 'fr-FR');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/public/')) calls.push(request.url());
    });
    await page.fill('#shipment-json', '{"goods": [');
    await page.click('#validate-submit');
    expect(await page.locator('#form-error').innerText()).toMatch(/^Ce n’est pas du JSON valide/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('form-error');
    expect(calls).toEqual([]);
    await screenshot(page, 'validator-06-fr-not-json');
  });
});
